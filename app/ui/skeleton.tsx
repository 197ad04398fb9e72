import { cx } from './cx'

/** A soft placeholder block shown while content loads; hidden from assistive technology. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cx('rounded-lg bg-line motion-safe:animate-pulse', className)} />
}
