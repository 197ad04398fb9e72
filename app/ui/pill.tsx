import type { ComponentPropsWithoutRef, ReactNode, Ref } from 'react'
import { cx } from './cx'

type PillProps = ComponentPropsWithoutRef<'button'> & {
  /** A selected pill is filled and exposes aria-pressed="true". Leave undefined for a plain action pill. */
  selected?: boolean
  icon?: ReactNode
  /** Something after the label, such as a chevron or a count. */
  trailing?: ReactNode
  ref?: Ref<HTMLButtonElement>
}

export const pillClasses = (selected?: boolean) =>
  cx(
    'inline-flex min-h-10 items-center gap-1.5 rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors',
    selected ? 'border-berry-700 bg-berry-700 text-white hover:bg-berry-800' : 'border-line-strong bg-white text-ink hover:border-ink hover:bg-berry-50',
  )

/** A compact rounded control for filters, sorts and quick choices. */
export function Pill({ selected, icon, trailing, className, children, type = 'button', ...props }: PillProps) {
  return (
    <button type={type} aria-pressed={selected} className={cx(pillClasses(selected), className)} {...props}>
      {icon}
      {children}
      {trailing}
    </button>
  )
}
