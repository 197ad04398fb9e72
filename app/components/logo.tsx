import { SiteLink } from '~/lib/site-link'
import { cx } from '~/ui'

/**
 * The nest-and-heart mark used in the logo and the favicon: a CSS background (`.logo-mark` in app.css), so the
 * picture travels in the stylesheet rather than in every page's first-load script.
 */
export function LogoMark({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cx('logo-mark', className)} />
}

/** The 'Nestlist' wordmark, linking home. */
export function Logo({ className }: { className?: string }) {
  return (
    <SiteLink to="/" className={cx('inline-flex items-center gap-2 rounded-xl text-berry-700', className)}>
      <LogoMark className="size-9" />
      <span className="text-[1.65rem] leading-none font-extrabold tracking-tight">Nestlist</span>
    </SiteLink>
  )
}
