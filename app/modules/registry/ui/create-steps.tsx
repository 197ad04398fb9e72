import type { ReactNode } from 'react'
import { cx, FieldError } from '~/ui'

/** What the create flow has gathered so far; carried between steps in hidden fields (works without JavaScript). */
export type RegistryDraft = {
  registryType: string
  arrivalDate: string
  /** 'Not known yet' ticked (baby registries). */
  arrivalUnknown: boolean
  planningStage: string
  expecting: string
  showerDate: string
  guestCount: string
  guestTypes: string[]
  title: string
  familyName: string
  slug: string
}

export const emptyDraft: RegistryDraft = {
  registryType: '',
  arrivalDate: '',
  arrivalUnknown: false,
  planningStage: '',
  expecting: '',
  showerDate: '',
  guestCount: '',
  guestTypes: [],
  title: '',
  familyName: '',
  slug: '',
}

const clip = (v: FormDataEntryValue | null, max = 200) => String(v ?? '').slice(0, max)

/** Reads a draft from a submitted form (each field as typed, clipped so nothing huge is echoed back). */
export function draftFrom(form: FormData): RegistryDraft {
  return {
    registryType: clip(form.get('registryType'), 20),
    arrivalDate: clip(form.get('arrivalDate'), 20),
    arrivalUnknown: form.get('arrivalUnknown') === 'on',
    planningStage: clip(form.get('planningStage'), 20),
    expecting: clip(form.get('expecting'), 20),
    showerDate: clip(form.get('showerDate'), 20),
    guestCount: clip(form.get('guestCount'), 20),
    guestTypes: form
      .getAll('guestTypes')
      .slice(0, 10)
      .map((v) => clip(v, 40)),
    title: clip(form.get('title')),
    familyName: clip(form.get('familyName')),
    slug: clip(form.get('slug'), 80),
  }
}

/** Hidden inputs for every draft field except those the current step shows. */
export function DraftHiddenFields({ draft, except }: { draft: RegistryDraft; except: (keyof RegistryDraft)[] }) {
  const skip = new Set(except)
  const inputs: ReactNode[] = []
  for (const [key, value] of Object.entries(draft) as [keyof RegistryDraft, RegistryDraft[keyof RegistryDraft]][]) {
    if (skip.has(key)) continue
    if (Array.isArray(value)) value.forEach((v, i) => inputs.push(<input key={`${key}-${i}`} type="hidden" name={key} value={v} />))
    else if (typeof value === 'boolean') {
      if (value) inputs.push(<input key={key} type="hidden" name={key} value="on" />)
    } else if (value) inputs.push(<input key={key} type="hidden" name={key} value={value} />)
  }
  return <>{inputs}</>
}

/** 'Step 2 of 4' with a bar; the list of step names is for screen readers and wide screens. */
export function StepIndicator({ current, steps }: { current: number; steps: string[] }) {
  return (
    <div className="mb-6">
      <p className="text-sm font-bold tracking-wide text-berry-700 uppercase">
        Step {current} of {steps.length}
        <span className="sr-only">: {steps[current - 1]}</span>
      </p>
      <ol className="mt-3 grid gap-1.5" style={{ gridTemplateColumns: `repeat(${steps.length}, minmax(0, 1fr))` }} aria-label="Steps">
        {steps.map((name, i) => (
          <li key={name} aria-current={i + 1 === current ? 'step' : undefined}>
            <span aria-hidden="true" className={cx('block h-1.5 rounded-full', i + 1 <= current ? 'bg-berry-700' : 'bg-cream-200')} />
            <span className={cx('mt-1.5 hidden text-xs sm:block', i + 1 === current ? 'font-semibold text-ink' : 'text-muted')}>
              {name}
              {i + 1 < current ? <span className="sr-only"> (done)</span> : null}
            </span>
          </li>
        ))}
      </ol>
    </div>
  )
}

type Option = { value: string; label: string; description?: string }

/**
 * A group of radio buttons drawn as cards: a real fieldset/legend and native radios, so it works with the
 * keyboard (arrow keys) and without JavaScript; the error is linked to the group.
 */
export function RadioCards({
  name,
  legend,
  hint,
  options,
  value,
  error,
  columns = 1,
  multiple,
  selected,
}: {
  name: string
  legend: ReactNode
  hint?: ReactNode
  options: readonly Option[]
  value?: string
  error?: string
  columns?: 1 | 2 | 3
  /** Checkboxes instead of radios (choose several). */
  multiple?: boolean
  selected?: string[]
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
      <div className={cx('mt-2 grid gap-2', columns === 2 && 'sm:grid-cols-2', columns === 3 && 'sm:grid-cols-3')}>
        {options.map((o) => {
          const checked = multiple ? selected?.includes(o.value) : value === o.value
          return (
            <label
              key={o.value}
              className={cx(
                'flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border bg-white px-4 py-3 transition-colors',
                'has-[:checked]:border-berry-700 has-[:checked]:bg-berry-50 hover:border-ink',
                error ? 'border-berry-700' : 'border-line-strong',
              )}
            >
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={name}
                value={o.value}
                defaultChecked={checked}
                aria-invalid={error ? true : undefined}
                className="mt-0.5 size-5 shrink-0 cursor-pointer accent-berry-700"
              />
              <span className="min-w-0">
                <span className="block font-semibold text-ink">{o.label}</span>
                {o.description ? <span className="mt-0.5 block text-sm text-muted">{o.description}</span> : null}
              </span>
            </label>
          )
        })}
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  )
}

/** A labelled native select with its error linked. */
export function SelectField({
  id,
  name,
  label,
  options,
  value,
  error,
  optional,
}: {
  id: string
  name: string
  label: string
  options: readonly string[]
  value: string
  error?: string
  optional?: boolean
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
        {optional ? <span className="ml-1 font-normal text-muted">(optional)</span> : null}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="mt-1.5 block min-h-11 w-full appearance-auto rounded-xl border border-line-strong bg-white px-3.5 py-2 text-base text-ink hover:border-ink focus-visible:border-berry-700 aria-invalid:border-berry-700"
      >
        <option value="">Choose…</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  )
}
