import { createContext, type ReactNode, Suspense, useCallback, useContext, useMemo, useRef, useState } from 'react'
import { cx } from './cx'
import { Icon, type IconName } from './icon'
import { lazyChunk } from '~/lib/chunk-load'

export type AlertTone = 'success' | 'error' | 'info'

export const tones: Record<AlertTone, { box: string; icon: IconName; iconColor: string }> = {
  success: { box: 'border-sage-200 bg-sage-50', icon: 'check-circle', iconColor: 'text-sage-700' },
  error: { box: 'border-berry-200 bg-berry-50', icon: 'alert', iconColor: 'text-berry-700' },
  info: { box: 'border-sky-200 bg-sky-50', icon: 'info', iconColor: 'text-sky-700' },
}

type AlertProps = {
  tone?: AlertTone
  title?: ReactNode
  children?: ReactNode
  /** Shows a close button. */
  onDismiss?: () => void
  className?: string
}

/**
 * An inline message. Errors use role="alert" (read at once); success and info use role="status"
 * (read politely). Render it when the message appears so it is announced.
 */
export function Alert({ tone = 'info', title, children, onDismiss, className }: AlertProps) {
  const t = tones[tone]
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cx('flex items-start gap-3 rounded-xl border p-4 text-ink', t.box, className)}>
      <Icon name={t.icon} className={cx('mt-0.5 size-5', t.iconColor)} />
      <div className="min-w-0 flex-1 text-sm leading-relaxed">
        {title ? <p className="font-bold">{title}</p> : null}
        {children ? <div className={title ? 'mt-0.5' : undefined}>{children}</div> : null}
      </div>
      {onDismiss ? (
        <button type="button" onClick={onDismiss} className="-m-1.5 inline-flex size-9 items-center justify-center rounded-full hover:bg-white/70">
          <Icon name="close" className="size-4" />
          <span className="sr-only">Dismiss</span>
        </button>
      ) : null}
    </div>
  )
}

type ToastItem = { id: number; tone: AlertTone; message: ReactNode; duration: number }
type ToastInput = { tone?: AlertTone; message: ReactNode; /** ms before it hides itself; 0 keeps it until dismissed. */ duration?: number }

// A toast's code loads with the first toast of the page (decision 018, amendment h18): most pages show none.
const Toast = lazyChunk('toast', () => import('./toast').then((m) => ({ default: m.Toast })))

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null)

/** Shows short-lived messages ('Added to your registry') in one live region at the bottom of the screen. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([])
  const nextId = useRef(1)
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), [])
  const show = useCallback((input: ToastInput) => {
    const id = nextId.current++
    // Errors stay until dismissed so nobody misses them.
    const duration = input.duration ?? (input.tone === 'error' ? 0 : 5000)
    // One at a time: a new message replaces the one showing (a row of 'Added' toasts covered the page on phones).
    setToasts([{ id, tone: input.tone ?? 'success', message: input.message, duration }])
  }, [])
  const value = useMemo(() => show, [show])
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div
        aria-live="polite"
        aria-relevant="additions"
        className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4 sm:bottom-6"
      >
        <Suspense fallback={null}>
          {toasts.map((t) => (
            <Toast key={t.id} tone={t.tone} duration={t.duration} onDismiss={() => dismiss(t.id)}>
              {t.message}
            </Toast>
          ))}
        </Suspense>
      </div>
    </ToastContext.Provider>
  )
}

/** Returns show({ tone, message, duration }) for the nearest ToastProvider (the app shell has one). */
export function useToast() {
  const show = useContext(ToastContext)
  if (!show) throw new Error('useToast needs a <ToastProvider> (the app shell provides one)')
  return show
}
