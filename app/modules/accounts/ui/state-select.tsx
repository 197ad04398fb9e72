import { type ComponentPropsWithoutRef, type Ref, useId } from 'react'
import { cx, FieldError, inputClasses, Label } from '~/ui'
import { usStates } from '../us-states'

const groups = [
  { label: 'States and DC', kinds: ['state', 'district'] },
  { label: 'Territories', kinds: ['territory'] },
  { label: 'Military (APO/FPO/DPO)', kinds: ['military'] },
] as const

type StateSelectProps = Omit<ComponentPropsWithoutRef<'select'>, 'id' | 'children'> & {
  label: string
  error?: string
  hint?: string
  ref?: Ref<HTMLSelectElement>
}

/** A labelled select of US states, DC, territories and military codes (the spec's reference list). */
export function StateSelect({ label, error, hint, className, ref, ...props }: StateSelectProps) {
  const id = `state${useId()}`
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ')
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <select
        id={id}
        ref={ref}
        className={cx(inputClasses, 'mt-1.5 appearance-auto pr-8', className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...props}
      >
        <option value="">Choose…</option>
        {groups.map((g) => (
          <optgroup key={g.label} label={g.label}>
            {usStates
              .filter((s) => (g.kinds as readonly string[]).includes(s.kind))
              .map((s) => (
                <option key={s.code} value={s.code}>
                  {s.name}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  )
}
