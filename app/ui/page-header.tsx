import type { ReactNode } from 'react'

/**
 * A page's heading block: a small label above the h1 (e.g. 'Staff', or a link back to the list the page belongs to)
 * and a one-paragraph introduction. A long unbroken title (an order id, an email subject) wraps instead of overflowing.
 */
export function PageHeader({ eyebrow, title, children }: { eyebrow?: ReactNode; title: ReactNode; children?: ReactNode }) {
  return (
    <header>
      {eyebrow ? <p className="text-sm font-bold tracking-wide text-muted uppercase">{eyebrow}</p> : null}
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight break-words text-ink">{title}</h1>
      {children ? <p className="mt-2 max-w-2xl text-base text-muted">{children}</p> : null}
    </header>
  )
}
