import { memo, Suspense } from 'react'
import { useLocation } from 'react-router'
import { SiteLink } from '~/lib/site-link'
import { Icon } from '~/ui'
import { cx } from '~/ui/cx'
import { SignedInMenu } from './account-menu-panel'
import { lazyChunk } from '~/lib/chunk-load'

export type HeaderViewer = { firstName: string; role: 'user' | 'staff'; emailVerified: boolean } | null

const LazySignedInMenu = lazyChunk('account-menu-panel', () => import('./account-menu-panel').then((m) => ({ default: m.SignedInMenu })))

/** The account corner's width, the same in every state, so that nothing beside it moves when the visitor is known. */
export const ACCOUNT_CORNER_CLASSES = 'flex shrink-0 justify-end min-[401px]:w-[9.5rem]'

/**
 * The header's account corner: 'Sign in' for visitors; for a signed-in person a small menu (account-menu-panel.tsx);
 * before the page knows who is looking (a shared page before GET /api/v3/me/header answers, or without JavaScript),
 * an 'Account' link that reaches the account, or sign-in first for someone signed out.
 * The menu's code loads only for people who are signed in: the server renders it, and the browser keeps the server's
 * menu (a native <details>, usable at once) until its code has come and hydrated it.
 */
export const AccountMenu = memo(function AccountMenu({ viewer, myRegistry, className }: { viewer: HeaderViewer | undefined; myRegistry?: { href: string } | null; className?: string }) {
  const { pathname, search } = useLocation()
  if (viewer === undefined) {
    return (
      <SiteLink to="/settings" className={cx('inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full px-3 text-sm font-semibold text-ink hover:bg-berry-50 hover:text-berry-800', className)}>
        <Icon name="user" className="size-5" />
        <span className="max-[400px]:sr-only">Account</span>
      </SiteLink>
    )
  }
  if (viewer) {
    // The server writes the boundary too, so that the browser hydrates it on its own, once the code is there.
    const Menu = import.meta.env.SSR ? SignedInMenu : LazySignedInMenu
    return (
      <Suspense fallback={<MenuPlaceholder firstName={viewer.firstName} className={className} />}>
        <Menu viewer={viewer} myRegistry={myRegistry} className={className} />
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
})

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
