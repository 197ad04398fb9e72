// One way for page actions to read a posted form: the names the action reads, each with the most characters it
// keeps, and back a plain object of strings. The module's zod schema (inside its service) then checks the values
// once, for the form and the API alike; this only turns FormData into text without `String(form.get(k) ?? '')`.

/** A name's rule: the most characters kept of its first value (Infinity: as sent), or `[max]` for every value. */
export type FieldRule = number | readonly [number]

/** What formFields returns for a set of rules: a string per single name, a string array per repeated one. */
export type FormFields<S extends Record<string, FieldRule>> = { [K in keyof S]: S[K] extends readonly [number] ? string[] : string }

/** A value as text: a file posted where text belongs reads as nothing, never as '[object File]'. */
const text = (value: FormDataEntryValue | null, max: number) => (typeof value === 'string' ? value.slice(0, max) : '')

/**
 * The form's values for these names: each single name's first value, or '' when it was not sent; each repeated
 * name's values in the order sent. Values are cut to their rule's length and otherwise untouched (not trimmed:
 * the schema decides what spaces mean).
 */
export function formFields<const S extends Record<string, FieldRule>>(form: FormData, rules: S): FormFields<S> {
  const out: Record<string, string | string[]> = {}
  for (const [name, rule] of Object.entries(rules)) {
    out[name] = typeof rule === 'number' ? text(form.get(name), rule) : form.getAll(name).map((v) => text(v, rule[0]))
  }
  return out as FormFields<S>
}

/** The form's `intent` when it is one of these, else the fallback (a page's default form, or undefined). */
export function formIntent<const I extends string, F extends I | undefined = undefined>(form: FormData, intents: readonly I[], fallback?: F): I | F {
  const sent = form.get('intent')
  return intents.find((i) => i === sent) ?? (fallback as F)
}
