import { type ComponentPropsWithoutRef, type ReactNode, type Ref, useId, useState, useSyncExternalStore } from 'react'
import { cx } from './cx'
import { Icon } from './icon'
import { FieldError, inputClasses, Label } from './text-field'

type PasswordFieldProps = Omit<ComponentPropsWithoutRef<'input'>, 'id' | 'type'> & {
  label: ReactNode
  hint?: ReactNode
  error?: ReactNode
  id?: string
  containerClassName?: string
  ref?: Ref<HTMLInputElement>
}

/** A labelled password input with a show/hide toggle (the toggle appears once JavaScript runs). */
export function PasswordField({ label, hint, error, id, className, containerClassName, ref, ...props }: PasswordFieldProps) {
  const autoId = useId()
  const inputId = id ?? `password${autoId}`
  const [visible, setVisible] = useState(false)
  // The toggle needs JavaScript: the server renders without it, the browser with it, so it never appears dead.
  const hydrated = useSyncExternalStore(noop, () => true, () => false)
  const describedBy = [hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null].filter(Boolean).join(' ')
  return (
    <div className={containerClassName}>
      <Label htmlFor={inputId}>{label}</Label>
      {hint ? (
        <p id={`${inputId}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <div className="relative mt-1.5">
        <input
          ref={ref}
          id={inputId}
          type={visible ? 'text' : 'password'}
          className={cx(inputClasses, hydrated && 'pr-20', className)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...props}
        />
        {hydrated ? (
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-pressed={visible}
            className="absolute inset-y-1 right-1 inline-flex min-w-16 items-center justify-center gap-1 rounded-lg px-2 text-sm font-semibold text-berry-700 hover:bg-berry-50"
          >
            <Icon name="eye" className="size-4" />
            {visible ? 'Hide' : 'Show'}
            <span className="sr-only"> password</span>
          </button>
        ) : null}
      </div>
      <FieldError id={`${inputId}-error`}>{error}</FieldError>
    </div>
  )
}

const noop = () => () => {}
