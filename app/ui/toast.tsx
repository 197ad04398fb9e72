import { type ReactNode, useEffect, useRef, useState } from 'react'
import { type AlertTone, tones } from './alert'
import { cx } from './cx'
import { Icon } from './icon'

/** One toast; normally rendered by ToastProvider. */
export function Toast({ tone = 'success', children, onDismiss, duration = 5000 }: { tone?: AlertTone; children: ReactNode; onDismiss: () => void; duration?: number }) {
  const [paused, setPaused] = useState(false)
  const dismissRef = useRef(onDismiss)
  useEffect(() => {
    dismissRef.current = onDismiss
  })
  useEffect(() => {
    if (!duration || paused) return
    const timer = setTimeout(() => dismissRef.current(), duration)
    return () => clearTimeout(timer)
  }, [duration, paused])
  const t = tones[tone]
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className="pointer-events-auto flex w-full max-w-md items-center gap-3 rounded-2xl bg-ink py-3 pr-2 pl-4 text-sm text-white shadow-pop animate-pop-in"
    >
      <Icon name={t.icon} className={cx('size-5', tone === 'error' ? 'text-berry-200' : tone === 'success' ? 'text-sage-200' : 'text-sky-200')} />
      <div className="min-w-0 flex-1 font-medium">{children}</div>
      <button type="button" onClick={onDismiss} className="inline-flex size-9 shrink-0 items-center justify-center rounded-full hover:bg-white/15">
        <Icon name="close" className="size-4" />
        <span className="sr-only">Dismiss</span>
      </button>
    </div>
  )
}
