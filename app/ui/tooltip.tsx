import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { cx } from './cx'
import { Icon } from './icon'

type TooltipProps = {
  /** The button's accessible name, e.g. 'About free shipping'. */
  label: string
  /** What the tooltip says. */
  children: ReactNode
  /** What the button shows; an info icon by default. */
  trigger?: ReactNode
  /** Which edge of the button the bubble lines up with. */
  align?: 'start' | 'center' | 'end'
  className?: string
  triggerClassName?: string
  /** Open when it first shows: a trigger pressed on the server's HTML before this code came (app/components/header-announcement-bar.tsx). */
  defaultOpen?: boolean
}

const alignments = {
  start: 'left-0',
  center: 'left-1/2 -translate-x-1/2',
  end: 'right-0',
}

/**
 * A click tooltip (a 'toggletip'): a button that shows a short note. Works with pointer, touch and
 * keyboard; Escape or a press elsewhere closes it, and the note is announced when it opens.
 */
export function Tooltip({ label, children, trigger, align = 'center', className, triggerClassName, defaultOpen = false }: TooltipProps) {
  const [open, setOpen] = useState(defaultOpen)
  const rootRef = useRef<HTMLSpanElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const bubbleRef = useRef<HTMLSpanElement>(null)
  const id = useId()

  // Keep the bubble inside the viewport on narrow screens: nudge it sideways after it opens.
  useLayoutEffect(() => {
    const bubble = bubbleRef.current
    if (!open || !bubble) return
    bubble.style.marginLeft = '0px'
    const gap = 12
    const rect = bubble.getBoundingClientRect()
    const width = document.documentElement.clientWidth
    const shift = rect.left < gap ? gap - rect.left : rect.right > width - gap ? width - gap - rect.right : 0
    bubble.style.marginLeft = `${shift}px`
  }, [open])

  useEffect(() => {
    if (!open) return
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setOpen(false)
        buttonRef.current?.focus()
      }
    }
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [open])

  return (
    <span ref={rootRef} className={cx('relative inline-flex align-middle', className)}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
        className={cx(
          'inline-flex min-h-6 min-w-6 items-center justify-center rounded-full text-muted transition-colors hover:text-berry-700 aria-expanded:text-berry-700',
          triggerClassName,
        )}
      >
        {trigger ?? <Icon name="info" className="size-[1.1em]" />}
        <span className="sr-only">{label}</span>
      </button>
      {/* Always present so the live region is known before it speaks. */}
      <span id={id} role="status" className="contents">
        {open ? (
          <span
            ref={bubbleRef}
            className={cx(
              'absolute top-full z-40 mt-2 block w-64 max-w-[calc(100vw-2rem)] rounded-xl bg-ink px-4 py-3 text-left text-sm leading-relaxed font-normal text-white shadow-pop animate-pop-in',
              alignments[align],
            )}
          >
            {children}
          </span>
        ) : null}
      </span>
    </span>
  )
}
