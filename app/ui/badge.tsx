import type { ReactNode } from 'react'
import { cx } from './cx'

/** The spec's text badge variants (primary, neutral, discount) plus tones for status. */
export type BadgeVariant = 'primary' | 'neutral' | 'discount' | 'success' | 'info' | 'soon'

const variants: Record<BadgeVariant, string> = {
  primary: 'bg-berry-700 text-white',
  neutral: 'bg-cream-200 text-ink',
  discount: 'bg-peach-100 text-peach-700',
  success: 'bg-sage-100 text-sage-800',
  info: 'bg-sky-100 text-sky-700',
  soon: 'bg-butter-100 text-butter-700',
}

/** A short, non-interactive label such as 'Sale' or 'Coming soon'. */
export function Badge({ variant = 'neutral', className, children }: { variant?: BadgeVariant; className?: string; children: ReactNode }) {
  return (
    <span className={cx('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide whitespace-nowrap', variants[variant], className)}>
      {children}
    </span>
  )
}
