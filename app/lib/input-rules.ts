// The rules every input shares, whatever its field: no text carries control characters, and no integer is past the
// range of the PostgreSQL column it ends up in. Both are checked at the edge, so a NUL byte or a 2147483648 gets a 4xx
// that names the field instead of a database error and a 500. Text needs no builder: every string of every parsed
// input is checked in one place (controlCharacterIssues, run by parseInput and by the API's validation hook). Zod's
// int() already keeps a number to what a JavaScript number holds exactly, which is the range of our bigint ids; the
// int4 builders below are for the `integer` columns (catalog ids, counts). No server imports: the validation files
// that use these are shared with the forms.
import { z } from 'zod'

/** The largest value of a PostgreSQL `integer` (int4) column: catalog ids, quantities, cents. */
export const INT4_MAX = 2_147_483_647

/**
 * Control characters no field takes: C0 but tab, line feed and carriage return (a message may have lines), and DEL.
 * PostgreSQL refuses NUL in text outright (22021); the others are never typed and only hide what a text says.
 */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/ // eslint-disable-line no-control-regex

export const hasControlCharacters = (text: string) => CONTROL_CHARACTERS.test(text)

/** The message for a text with control characters, shown beside its field (the answer's `fields` name it for the API). */
export const CONTROL_CHARACTERS_MESSAGE = 'Remove the hidden control characters (such as a NUL byte) from this text.'
export const controlCharactersMessage = (_path: readonly PropertyKey[]) => CONTROL_CHARACTERS_MESSAGE

type Issue = { path: PropertyKey[]; message: string }

/**
 * Every string in a parsed input that has control characters, with its path: the one rule for all text fields,
 * run on whatever an input schema let through (app/lib/parse-input.ts for services, app/api/openapi.ts for the API).
 */
export function controlCharacterIssues(value: unknown, path: PropertyKey[] = [], issues: Issue[] = []): Issue[] {
  if (typeof value === 'string') {
    if (hasControlCharacters(value)) issues.push({ path, message: controlCharactersMessage(path) })
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => controlCharacterIssues(item, [...path, i], issues))
  } else if (value !== null && typeof value === 'object') {
    const proto = Object.getPrototypeOf(value) as unknown
    if (proto === Object.prototype || proto === null) for (const [key, item] of Object.entries(value)) controlCharacterIssues(item, [...path, key], issues)
  }
  return issues
}

/** An id of an `integer` (int4) column, from JSON or a form field: a whole number from 1 to 2147483647. */
export const int4Id = (message?: string) => z.coerce.number(message ? { error: message } : undefined).int(message).min(1, message).max(INT4_MAX, message)

/** A count or amount kept in an `integer` (int4) column, within [min, max] (max at most 2147483647). */
export const int4 = ({ min = 0, max = INT4_MAX, message }: { min?: number; max?: number; message?: string } = {}) =>
  z.coerce.number(message ? { error: message } : undefined).int(message).min(min, message).max(Math.min(max, INT4_MAX), message)

/** Whether a number can be the id of an `integer` (int4) column: a whole number from 1 to 2147483647. */
export const isInt4Id = (id: number) => Number.isInteger(id) && id >= 1 && id <= INT4_MAX

/** A path segment or search term that should be an int4 id: the id, or null for anything else (then: not found). */
export function int4IdOf(raw: string): number | null {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN
  return isInt4Id(id) ? id : null
}

/**
 * PostgreSQL's refusals of a value itself, which the rules above are there to prevent: 22021 (a NUL or invalid byte
 * in text), 22003 (a number out of its column's range), 22P02 (text that is not a number, uuid, ...). Should one get
 * past them it is still the client's bad input (422), never a 500. Read from the error or its cause (Drizzle wraps).
 */
export function isDatabaseInputError(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (code === '22021' || code === '22003' || code === '22P02') return true
  }
  return false
}
