import type { ComponentPropsWithoutRef, MouseEvent, ReactNode, Ref } from 'react'
import { Link, type LinkProps } from 'react-router'
import { cx } from './cx'
import { Spinner } from './spinner'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost'
export type ButtonSize = 'sm' | 'md' | 'lg'

const base =
  'inline-flex items-center justify-center gap-2 rounded-full text-center font-semibold select-none ' +
  'transition-colors duration-150 disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed'

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-berry-700 text-white shadow-sm hover:bg-berry-800 active:bg-berry-800',
  secondary: 'border-2 border-berry-700 bg-white text-berry-700 hover:bg-berry-50 active:bg-berry-100',
  ghost: 'text-ink hover:bg-berry-50 hover:text-berry-800 active:bg-berry-100',
}

// The vertical padding only shows when a label wraps (a price on a 320 px phone): one line stays at min-h.
const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-4 py-1.5 text-sm',
  md: 'min-h-11 px-5 py-2 text-base',
  lg: 'min-h-13 px-7 py-2.5 text-lg leading-snug',
}

/** The classes of a button look, for the rare element that is neither Button nor LinkButton. */
export function buttonClasses({ variant = 'primary', size = 'md', className }: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  return cx(base, variants[variant], sizes[size], className)
}

type ButtonProps = ComponentPropsWithoutRef<'button'> & {
  variant?: ButtonVariant
  size?: ButtonSize
  /** Shows a spinner, sets aria-busy and ignores presses while an action runs; the button keeps focus. */
  pending?: boolean
  /** Replaces the label while pending, e.g. 'Adding…'. */
  pendingLabel?: ReactNode
  icon?: ReactNode
  ref?: Ref<HTMLButtonElement>
}

/** A button: primary for the one main action of a view, secondary beside it, ghost for quiet actions. */
export function Button({ variant = 'primary', size = 'md', pending = false, pendingLabel, icon, className, children, type = 'button', onClick, ...props }: ButtonProps) {
  function handleClick(event: MouseEvent<HTMLButtonElement>) {
    // aria-disabled rather than disabled keeps focus on the button while it is busy.
    if (pending) {
      event.preventDefault()
      return
    }
    onClick?.(event)
  }
  return (
    <button
      type={type}
      className={buttonClasses({ variant, size, className })}
      aria-busy={pending || undefined}
      aria-disabled={pending || undefined}
      onClick={handleClick}
      {...props}
    >
      {pending ? <Spinner className={size === 'sm' ? 'size-4' : 'size-5'} /> : icon}
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  )
}

type LinkButtonProps = LinkProps & { variant?: ButtonVariant; size?: ButtonSize; icon?: ReactNode; ref?: Ref<HTMLAnchorElement> }

/** A link that looks like a button: for navigation, never for actions. */
export function LinkButton({ variant = 'primary', size = 'md', icon, className, children, ...props }: LinkButtonProps) {
  return (
    <Link className={buttonClasses({ variant, size, className: typeof className === 'string' ? className : undefined })} {...props}>
      {icon}
      {children}
    </Link>
  )
}
