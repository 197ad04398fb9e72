import { cx } from './cx'

type SpinnerProps = {
  /** Announced to screen readers; leave it out when the surrounding control already says it is busy. */
  label?: string
  className?: string
}

/** A small rotating ring in currentColor. */
export function Spinner({ label, className }: SpinnerProps) {
  const svg = (
    <svg viewBox="0 0 24 24" fill="none" className={cx('size-5 shrink-0 animate-spin', className)} aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  )
  if (!label) return svg
  return (
    <span role="status" className="inline-flex items-center">
      {svg}
      <span className="sr-only">{label}</span>
    </span>
  )
}
