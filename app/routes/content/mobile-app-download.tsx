import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { publicOrigin } from '~/lib/links'
import { safeRedirectPath } from '~/modules/accounts/safe-redirect'
import { qrCodeDataUri } from '~/modules/registry/ui/share-qr.server'
import { Button, Card, Icon, LinkButton } from '~/ui'
import type { Route } from './+types/mobile-app-download'

/**
 * /mobile-app-download?path=&desktop=: Nestlist on a phone. Nestlist is a web app that installs to the home
 * screen (public/manifest.webmanifest); on Android the installed app appears in every app's Share menu and
 * sends the shared product page to /registry/share-target, which opens 'Add from any store' with its link.
 * iOS has no share target for web apps, so there the link is copied and pasted. `path` is where to continue (same-site paths only);
 * `desktop=true` (or a wide screen) shows a QR code that opens this page on the phone.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const rawPath = url.searchParams.get('path')
  const path = rawPath ? safeRedirectPath(rawPath, '') : ''
  const desktop = url.searchParams.get('desktop') === 'true'
  const origin = publicOrigin(url.origin)
  const phoneUrl = `${origin}/mobile-app-download${path ? `?path=${encodeURIComponent(path)}` : ''}`
  return { path, desktop, phoneUrl, qr: await qrCodeDataUri(phoneUrl) }
}

export const meta: Route.MetaFunction = () => [
  { title: 'Get the Nestlist app for your phone | Nestlist' },
  { name: 'description', content: 'Put Nestlist on your home screen in a few seconds, and add gifts from any store with the Share button.' },
]

type InstallPrompt = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> }

/** Chrome and Edge offer their own install prompt; where they do, one button opens it. */
function useInstallPrompt() {
  const [prompt, setPrompt] = useState<InstallPrompt | null>(null)
  const [installed, setInstalled] = useState(false)
  useEffect(() => {
    const keep = (event: Event) => {
      event.preventDefault()
      setPrompt(event as InstallPrompt)
    }
    const done = () => setInstalled(true)
    window.addEventListener('beforeinstallprompt', keep)
    window.addEventListener('appinstalled', done)
    return () => {
      window.removeEventListener('beforeinstallprompt', keep)
      window.removeEventListener('appinstalled', done)
    }
  }, [])
  return { prompt, installed, clear: () => setPrompt(null) }
}

function Step({ n, children }: { n: number; children: React.ReactNode }) {
  return (
    <li className="flex gap-3">
      <span aria-hidden="true" className="flex size-7 shrink-0 items-center justify-center rounded-full bg-berry-700 text-sm font-bold text-white">
        {n}
      </span>
      <span className="pt-0.5">{children}</span>
    </li>
  )
}

export default function MobileAppDownload({ loaderData }: Route.ComponentProps) {
  const { path, desktop, phoneUrl, qr } = loaderData
  const { prompt, installed, clear } = useInstallPrompt()
  const [pending, setPending] = useState(false)

  async function install() {
    if (!prompt) return
    setPending(true)
    try {
      await prompt.prompt()
      const choice = await prompt.userChoice
      if (choice.outcome === 'accepted') clear()
    } finally {
      setPending(false)
    }
  }

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8">
      <header className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <img src="/icons/icon-192.png" alt="" width={74} height={74} className="size-[74px] rounded-2xl shadow-sm" />
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Nestlist on your phone</h1>
          <p className="mt-2 text-lg text-muted">
            Add Nestlist to your home screen: it opens full screen like any app, and keeps you signed in. On Android it also joins the Share
            menu, so a product you find in any store’s app or website goes on your registry in two taps. On iPhone and iPad, copy the
            product’s link and paste it into Nestlist.
          </p>
        </div>
      </header>

      {installed ? (
        <Card tone="sage" className="p-5" role="status">
          <p className="font-semibold">Nestlist is installed on this device. Open it from your home screen.</p>
        </Card>
      ) : prompt ? (
        <div>
          <Button onClick={install} pending={pending} pendingLabel="Opening…" size="lg" icon={<Icon name="phone" className="size-5" />}>
            Install Nestlist
          </Button>
        </div>
      ) : null}

      <div className="grid gap-5 md:grid-cols-2">
        <Card as="section" aria-labelledby="iphone-title" className="p-5 sm:p-6">
          <h2 id="iphone-title" className="text-xl font-bold">
            iPhone and iPad
          </h2>
          <ol className="mt-4 flex flex-col gap-3">
            <Step n={1}>Open this page in Safari.</Step>
            <Step n={2}>
              Tap Share (the square with an arrow pointing up) at the bottom or top of the screen.
            </Step>
            <Step n={3}>Choose “Add to Home Screen”, then “Add”.</Step>
          </ol>
          <p className="mt-4 text-sm text-muted">
            On iPhone and iPad, Nestlist can’t appear in the Share menu. To add an item from another store, copy the product page’s link, open
            Nestlist, and paste it into{' '}
            <Link to="/registry/save_item" className="font-semibold text-berry-700 underline underline-offset-2">
              Add from any store
            </Link>
            .
          </p>
        </Card>
        <Card as="section" aria-labelledby="android-title" className="p-5 sm:p-6">
          <h2 id="android-title" className="text-xl font-bold">
            Android
          </h2>
          <ol className="mt-4 flex flex-col gap-3">
            <Step n={1}>Open this page in Chrome.</Step>
            <Step n={2}>
              Tap the menu <span aria-hidden="true">⋮</span>
              <span className="sr-only">(three dots)</span>, then “Install app” or “Add to Home screen”.
            </Step>
            <Step n={3}>
              Then, in any store’s app or website, tap Share on a product and choose Nestlist: it opens “Add from any store” with the product’s
              link filled in.
            </Step>
          </ol>
        </Card>
      </div>

      <Card as="section" aria-labelledby="qr-title" className={desktop ? 'p-5 sm:p-6' : 'hidden p-5 sm:p-6 md:block'}>
        <div className="flex flex-col items-center gap-5 sm:flex-row">
          <img src={qr} alt={`QR code that opens ${phoneUrl}`} width={160} height={160} className="size-40 shrink-0 rounded-xl border border-line bg-white" />
          <div>
            <h2 id="qr-title" className="text-xl font-bold">
              On a computer?
            </h2>
            <p className="mt-2 text-muted">Point your phone's camera at the code to open this page there.</p>
          </div>
        </div>
      </Card>

      <div className="flex flex-wrap gap-3">
        {path ? (
          <LinkButton to={path} variant="secondary">
            Continue where you were
          </LinkButton>
        ) : null}
        <LinkButton to="/registry/add-items" variant={path ? 'ghost' : 'secondary'}>
          Add items to your registry
        </LinkButton>
        <Link to="/store" className="inline-flex min-h-11 items-center px-2 font-semibold text-berry-700 underline underline-offset-4">
          Browse the shop
        </Link>
      </div>
    </div>
  )
}
