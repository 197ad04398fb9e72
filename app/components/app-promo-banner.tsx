import { useSyncExternalStore } from 'react'
import { SiteLink } from '~/lib/site-link'
import { buttonClasses, Icon } from '~/ui'
import phoneUrl from './assets/app-promo-phone.svg'
import { APP_PROMO_BANNER_ID, APP_PROMO_DISMISS_MS, dismissalKey, dismissedUntil, isDismissed } from './dismissal'

const key = dismissalKey(APP_PROMO_BANNER_ID)
const listeners = new Set<() => void>()

function subscribe(listener: () => void) {
  listeners.add(listener)
  window.addEventListener('storage', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', listener)
  }
}

function readDismissed(): boolean {
  try {
    return isDismissed(window.localStorage.getItem(key), Date.now())
  } catch {
    return false
  }
}

function dismiss() {
  try {
    window.localStorage.setItem(key, dismissedUntil(Date.now(), APP_PROMO_DISMISS_MS))
  } catch {
    // Private mode without storage: the banner simply comes back on the next visit.
  }
  listeners.forEach((l) => l())
}

/**
 * The spec's app promo banner: 'Quick heads up! You need the free app to add items from any store.'
 * with a button to get the app and a close control that hides it for 1 day. Rendered only in the
 * browser (the server cannot know about a dismissal). The button leads to /mobile-app-download, where
 * Nestlist installs to the phone's home screen (and, on Android, joins the Share menu).
 */
export function AppPromoBanner({ returnPath = '/store' }: { returnPath?: string }) {
  const dismissed = useSyncExternalStore(subscribe, readDismissed, () => true)
  if (dismissed) return null
  return (
    <aside aria-label="Nestlist app" className="relative flex flex-wrap items-center gap-4 rounded-card bg-sky-50 p-4 pr-12 ring-1 ring-sky-200 sm:flex-nowrap sm:p-5 sm:pr-14">
      <span className="inline-flex size-[74px] shrink-0 items-center justify-center rounded-2xl bg-white text-sky-700 shadow-card max-sm:size-14">
        <Icon name="phone" className="size-8" />
      </span>
      <p className="min-w-0 flex-1 basis-48 leading-snug text-ink">
        <strong className="font-extrabold">Quick heads up!</strong> You need the free app to add items from any store.
      </p>
      {/* The spec's banner image (193 wide): a phone with a registry list and an item added from another store. */}
      <img src={phoneUrl} alt="" width={193} height={120} loading="lazy" decoding="async" className="hidden h-[120px] w-[193px] shrink-0 md:block" />
      <SiteLink to={`/mobile-app-download?path=${encodeURIComponent(returnPath)}`} className={buttonClasses({ size: 'sm' })}>
        Get the app
      </SiteLink>
      <button
        type="button"
        onClick={dismiss}
        className="absolute top-2 right-2 inline-flex size-10 items-center justify-center rounded-full text-ink hover:bg-white"
      >
        <Icon name="close" className="size-5" />
        <span className="sr-only">Hide for a day</span>
      </button>
    </aside>
  )
}
