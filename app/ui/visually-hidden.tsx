import type { ComponentPropsWithoutRef } from 'react'
import { cx } from './cx'

/** Text for screen readers only; still read aloud and still found by find-in-page tools. */
export function VisuallyHidden({ className, ...props }: ComponentPropsWithoutRef<'span'>) {
  return <span className={cx('sr-only', className)} {...props} />
}
