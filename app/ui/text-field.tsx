import { type ComponentPropsWithoutRef, type ReactNode, type Ref, useId } from 'react'
import { cx } from './cx'
import { Icon } from './icon'

/** A field label; `optional` adds a quiet '(optional)' so required stays the norm. */
export function Label({ className, children, optional, ...props }: ComponentPropsWithoutRef<'label'> & { optional?: boolean }) {
  return (
    <label className={cx('block text-sm font-semibold text-ink', className)} {...props}>
      {children}
      {optional ? <span className="ml-1 font-normal text-muted">(optional)</span> : null}
    </label>
  )
}

/** An error under a field; give it the id the field names in aria-describedby. */
export function FieldError({ id, children, className }: { id: string; children?: ReactNode; className?: string }) {
  if (!children) return null
  return (
    <p id={id} className={cx('mt-1.5 flex items-start gap-1.5 text-sm font-medium text-berry-700', className)}>
      <Icon name="alert" className="mt-px size-4" />
      <span>{children}</span>
    </p>
  )
}

export const inputClasses =
  'block w-full min-h-11 rounded-xl border border-line-strong bg-white px-3.5 py-2 text-base text-ink ' +
  'placeholder:text-muted transition-colors hover:border-ink ' +
  'focus-visible:border-berry-700 aria-invalid:border-berry-700 aria-invalid:bg-berry-50 ' +
  'disabled:cursor-not-allowed disabled:bg-cream-200'

type TextFieldProps = Omit<ComponentPropsWithoutRef<'input'>, 'id'> & {
  label: ReactNode
  /** Help shown under the label and announced with the field. */
  hint?: ReactNode
  error?: ReactNode
  id?: string
  optional?: boolean
  containerClassName?: string
  ref?: Ref<HTMLInputElement>
}

/** A labelled text input whose hint and error are linked with aria-describedby. */
export function TextField({ label, hint, error, id, optional, className, containerClassName, ...props }: TextFieldProps) {
  const autoId = useId()
  const inputId = id ?? `field${autoId}`
  const hintId = `${inputId}-hint`
  const errorId = `${inputId}-error`
  const describedBy = [hint ? hintId : null, error ? errorId : null, props['aria-describedby']].filter(Boolean).join(' ')
  return (
    <div className={containerClassName}>
      <Label htmlFor={inputId} optional={optional}>
        {label}
      </Label>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <input
        id={inputId}
        className={cx(inputClasses, 'mt-1.5', className)}
        {...props}
        aria-invalid={error ? true : props['aria-invalid']}
        aria-describedby={describedBy || undefined}
        required={optional ? false : props.required}
      />
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  )
}
