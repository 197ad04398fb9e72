import type { ReactNode } from 'react'
import { cx } from './cx'
import { FieldError } from './text-field'

export type RadioOption = { value: string; label: ReactNode; description?: ReactNode; disabled?: boolean }

/**
 * A labelled group of native radio buttons drawn as cards: a real fieldset and legend, arrow keys move between
 * the options, it works without JavaScript, a disabled option is shown but cannot be chosen, and the hint and
 * the error are linked to the group.
 */
export function RadioGroup({
  name,
  legend,
  hint,
  options,
  defaultValue,
  error,
  required,
  columns = 1,
}: {
  name: string
  legend: ReactNode
  hint?: ReactNode
  options: readonly RadioOption[]
  defaultValue?: string
  error?: string
  required?: boolean
  columns?: 1 | 2
}) {
  const errorId = `${name}-error`
  const hintId = `${name}-hint`
  return (
    <fieldset aria-describedby={[hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined}>
      <legend className="text-sm font-semibold text-ink">{legend}</legend>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <div className={cx('mt-2 grid gap-2', columns === 2 && 'sm:grid-cols-2')}>
        {options.map((o) => (
          <label
            key={o.value}
            className={cx(
              'flex min-h-11 items-start gap-3 rounded-xl border bg-white px-4 py-3 transition-colors',
              o.disabled ? 'cursor-not-allowed border-line bg-cream-100' : 'cursor-pointer hover:border-ink has-[:checked]:border-berry-700 has-[:checked]:bg-berry-50',
              error && !o.disabled ? 'border-berry-700' : !o.disabled && 'border-line-strong',
            )}
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              defaultChecked={defaultValue === o.value && !o.disabled}
              disabled={o.disabled}
              required={required}
              aria-invalid={error ? true : undefined}
              className="mt-0.5 size-5 shrink-0 cursor-pointer accent-berry-700 disabled:cursor-not-allowed"
            />
            <span className="min-w-0">
              <span className={cx('block font-semibold', o.disabled ? 'text-muted' : 'text-ink')}>{o.label}</span>
              {o.description ? <span className="mt-0.5 block text-sm text-muted">{o.description}</span> : null}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  )
}
