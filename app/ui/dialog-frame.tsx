import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react'
import { cx } from './cx'
import { Icon } from './icon'

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), iframe, [contenteditable="true"], [tabindex]:not([tabindex="-1"])'

/** The focusable elements inside `root`, in tab order, skipping hidden ones. */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[hidden], [inert]') && el.getClientRects().length > 0,
  )
}

export type DialogFrameProps = {
  open: boolean
  /** Called for Escape, the close button and a press on the backdrop; the owner sets open to false. */
  onClose: () => void
  title: ReactNode
  /** Keeps the title for screen readers but does not show it. */
  hideTitle?: boolean
  description?: ReactNode
  children: ReactNode
  /** Stays put below a scrolling body: the place for the dialog's main buttons. */
  footer?: ReactNode
  /** Element to focus when the dialog opens; by default the dialog panel itself, so reading starts at the title. */
  initialFocusRef?: RefObject<HTMLElement | null>
  closeLabel?: string
  className: string
  bodyClassName?: string
}

/**
 * A modal <dialog>: the rest of the page is inert while it is open, focus is trapped inside and
 * returns to where it was, Escape and the backdrop close it, and the page behind does not scroll.
 */
export function DialogFrame({
  open,
  onClose,
  title,
  hideTitle,
  description,
  children,
  footer,
  initialFocusRef,
  closeLabel = 'Close',
  className,
  bodyClassName,
}: DialogFrameProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  const returnTo = useRef<HTMLElement | null>(null)
  const pressStartedOnBackdrop = useRef(false)
  const onCloseRef = useRef(onClose)
  const titleId = useId()
  const descriptionId = useId()

  const openRef = useRef(open)
  useEffect(() => {
    onCloseRef.current = onClose
    openRef.current = open
  })

  useEffect(() => {
    const dialog = ref.current
    if (!dialog || !open) return
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!dialog.open) dialog.showModal()
    const target = initialFocusRef?.current ?? panelRef.current
    target?.focus({ preventScroll: true })
    const root = document.documentElement
    const previousOverflow = root.style.overflow
    root.style.overflow = 'hidden'
    return () => {
      root.style.overflow = previousOverflow
      if (dialog.open) dialog.close()
      const back = returnTo.current
      if (back && back.isConnected) back.focus({ preventScroll: true })
    }
  }, [open, initialFocusRef])

  function onCancel(event: React.SyntheticEvent<HTMLDialogElement>) {
    // Escape: keep the dialog controlled by its owner.
    event.preventDefault()
    onCloseRef.current()
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab' || !ref.current) return
    const items = focusableIn(ref.current)
    const first = items[0]
    const last = items[items.length - 1]
    if (!first || !last) {
      event.preventDefault()
      return
    }
    const active = document.activeElement
    if (event.shiftKey && (active === first || active === panelRef.current)) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && active === last) {
      event.preventDefault()
      first.focus()
    }
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={cx('overflow-hidden border-0 bg-white p-0 text-ink shadow-pop backdrop:animate-fade-in', className)}
      onCancel={onCancel}
      // The browser may close the dialog itself (a repeated Escape); tell the owner so state follows.
      onClose={() => {
        if (openRef.current) onCloseRef.current()
      }}
      onKeyDown={onKeyDown}
      onMouseDown={(e) => (pressStartedOnBackdrop.current = e.target === e.currentTarget)}
      onClick={(e) => {
        if (e.target === e.currentTarget && pressStartedOnBackdrop.current) onCloseRef.current()
      }}
    >
      {open ? (
        <div ref={panelRef} tabIndex={-1} className="flex h-full max-h-[inherit] flex-col outline-none">
          <div className={cx('flex items-start gap-3 px-5 pt-4 sm:px-6', hideTitle ? 'justify-end pb-0' : 'border-b border-line pb-3')}>
            <div className={cx('min-w-0 flex-1 pt-1.5', hideTitle && 'sr-only')}>
              <h2 id={titleId} className="text-lg leading-snug font-bold">
                {title}
              </h2>
              {description ? (
                <p id={descriptionId} className="mt-1 text-sm text-muted">
                  {description}
                </p>
              ) : null}
            </div>
            <button
              type="button"
              onClick={() => onCloseRef.current()}
              className="-mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-ink transition-colors hover:bg-berry-50"
            >
              <Icon name="close" className="size-5" />
              <span className="sr-only">{closeLabel}</span>
            </button>
          </div>
          <div className={cx('min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-4 sm:px-6', bodyClassName)}>{children}</div>
          {footer ? <div className="flex flex-wrap items-center justify-end gap-3 border-t border-line bg-cream px-5 py-3 sm:px-6">{footer}</div> : null}
        </div>
      ) : null}
    </dialog>
  )
}
