// Small labelled fields the registry-building forms share (add, organise).
import { type ComponentPropsWithoutRef, type ReactNode, type Ref, useId } from 'react'
import { cx, FieldError, inputClasses, Label } from '~/ui'

type SelectFieldProps = Omit<ComponentPropsWithoutRef<'select'>, 'id'> & {
  /** A fixed id (else one from useId). */
  id?: string
  label: ReactNode
  hint?: ReactNode
  error?: string
  optional?: boolean
  containerClassName?: string
  ref?: Ref<HTMLSelectElement>
}

/** A labelled select whose hint and error are linked with aria-describedby. */
export function SelectField({ id: fixedId, label, hint, error, optional, className, containerClassName, children, ...props }: SelectFieldProps) {
  const autoId = useId()
  const id = fixedId ?? `select${autoId}`
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ')
  return (
    <div className={containerClassName}>
      <Label htmlFor={id} optional={optional}>
        {label}
      </Label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <select
        id={id}
        className={cx(inputClasses, 'mt-1.5 appearance-auto pr-8', className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...props}
      >
        {children}
      </select>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  )
}

type TextAreaFieldProps = Omit<ComponentPropsWithoutRef<'textarea'>, 'id'> & { id?: string; label: ReactNode; hint?: ReactNode; error?: string; optional?: boolean }

/** A labelled textarea (notes). */
export function TextAreaField({ id: fixedId, label, hint, error, optional, className, ...props }: TextAreaFieldProps) {
  const autoId = useId()
  const id = fixedId ?? `textarea${autoId}`
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ')
  return (
    <div>
      <Label htmlFor={id} optional={optional}>
        {label}
      </Label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <textarea
        id={id}
        rows={2}
        className={cx(inputClasses, 'mt-1.5 min-h-20 resize-y', className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...props}
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  )
}

/** A checkbox with its label beside it and an optional hint. */
export function CheckboxField({ id: fixedId, label, hint, ...props }: Omit<ComponentPropsWithoutRef<'input'>, 'type' | 'id'> & { id?: string; label: ReactNode; hint?: ReactNode }) {
  const autoId = useId()
  const id = fixedId ?? `checkbox${autoId}`
  return (
    <div className="flex items-start gap-3">
      <input id={id} type="checkbox" className="mt-0.5 size-5 shrink-0 accent-berry-700" aria-describedby={hint ? `${id}-hint` : undefined} {...props} />
      <div>
        <label htmlFor={id} className="text-sm font-semibold text-ink">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-muted">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  )
}
