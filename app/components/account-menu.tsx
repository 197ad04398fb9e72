import { lazy, Suspense } from 'react'
import { useLocation } from 'react-router'
import { SiteLink } from '~/lib/site-link'
import { Icon } from '~/ui'
import { cx } from '~/ui/cx'
import { SignedInMenu } from './account-menu-panel'

export type HeaderViewer = { firstName: string; role: 'user' | 'staff'; emailVerified: boolean } | null

const LazySignedInMenu = lazy(() => import('./account-menu-panel').then((m) => ({ default: m.SignedInMenu })))

/**
 * The header's account corner: 'Sign in' for visitors; for a signed-in person a small menu (account-menu-panel.tsx).
 * The menu's code loads only for people who are signed in: the server renders it, and the browser keeps the server's
 * menu (a native <details>, usable at once) until its code has come and hydrated it.
 */
export function AccountMenu({ viewer, className }: { viewer: HeaderViewer; className?: string }) {
  const { pathname, search } = useLocation()
  if (viewer) {
    // The server writes the boundary too, so that the browser hydrates it on its own, once the code is there.
    const Menu = import.meta.env.SSR ? SignedInMenu : LazySignedInMenu
    return (
      <Suspense fallback={<MenuPlaceholder firstName={viewer.firstName} className={className} />}>
        <Menu viewer={viewer} className={className} />
      </Suspense>
    )
  }
  const back = pathname === '/login' || pathname === '/signup' || pathname === '/logout' ? '' : `?redirect_path=${encodeURIComponent(pathname + search)}`
  return (
    <SiteLink to={`/login${back}`} className={cx('inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full px-3 text-sm font-semibold text-ink hover:bg-berry-50 hover:text-berry-800', className)}>
      <Icon name="user" className="size-5" />
      <span className="max-[400px]:sr-only">Sign in</span>
    </SiteLink>
  )
}

/** The menu button's look, shared by the menu's <summary> and the stand-in shown while its code loads. */
export const ACCOUNT_BUTTON_CLASSES =
  'inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-full px-3 text-sm font-semibold text-ink hover:bg-berry-50 hover:text-berry-800 [&::-webkit-details-marker]:hidden'

/** What a signed-in person sees for the moment the menu's code takes to load after signing in (pages load with the server's menu). */
function MenuPlaceholder({ firstName, className }: { firstName: string; className?: string }) {
  return (
    <span className={cx('shrink-0', ACCOUNT_BUTTON_CLASSES, className)}>
      <Icon name="user" className="size-5" />
      <span className="max-w-[9rem] truncate max-[400px]:sr-only">{firstName}</span>
    </span>
  )
}
