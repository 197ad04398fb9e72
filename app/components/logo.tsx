import { SiteLink } from '~/lib/site-link'
import { cx } from '~/ui'
import { SITE_LOGO } from './kept-parts'

/** The nest-and-heart mark used in the logo and the favicon. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" className={cx('shrink-0', className)} aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="12" fill="#8a2a4b" />
      <path d="M20 29.5s-9.5-5.7-9.5-12.4a5.3 5.3 0 0 1 9.5-3.3 5.3 5.3 0 0 1 9.5 3.3c0 6.7-9.5 12.4-9.5 12.4Z" fill="#fffaf5" />
      <path d="M9 27.5c3.2 2.6 7 3.9 11 3.9s7.8-1.3 11-3.9" fill="none" stroke="#f1c3d1" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  )
}

/**
 * The 'Nestlist' wordmark, linking home. Rendered on the server only: the browser keeps its HTML (`HeaderLogo`,
 * app/lib/kept-server-html.tsx).
 */
export function Logo() {
  return (
    <SiteLink to="/" id={SITE_LOGO.id} className={SITE_LOGO.className}>
      <LogoMark className="size-9" />
      <span className="text-[1.65rem] leading-none font-extrabold tracking-tight">Nestlist</span>
    </SiteLink>
  )
}
