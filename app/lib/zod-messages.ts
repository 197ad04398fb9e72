// Human messages for zod's own checks (docs/decisions/006, h12). Schemas shared by forms and the API carry
// their own messages where a person types the value; what they leave to zod ('Invalid input: expected number,
// received string') becomes a sentence naming the field and what it takes, e.g. 'quantity must be a whole
// number from 1 to 99.' A schema's own message always wins: zod asks this map only when there is none.
import { z } from 'zod'

type Bag = { minimum?: number | bigint; maximum?: number | bigint; exclusiveMinimum?: number | bigint; exclusiveMaximum?: number | bigint; format?: string }
type Issue = Parameters<z.core.$ZodErrorMap>[0]

/** The largest integer zod's int() allows: a bound this big is no bound for a person. */
const UNBOUNDED = Number.MAX_SAFE_INTEGER

type CheckDef = { check?: string; format?: string; value?: number | bigint; inclusive?: boolean; minimum?: number; maximum?: number; length?: number }
type WithChecks = { _zod?: { def?: { format?: string; checks?: { _zod: { def: CheckDef } }[] } } }

/** The bounds and format of the schema that raised the issue, read from its checks (int, min, max, lengths). */
function bagOf(issue: Issue): Bag {
  const inst = issue.inst as WithChecks | undefined
  // A failed check is raised by the check itself; its schema (with all its checks) rides along as `schema`.
  const schema = inst?._zod?.def?.checks ? inst : ((issue as { schema?: WithChecks }).schema ?? inst)
  const bag: Bag = { format: schema?._zod?.def?.format }
  for (const c of schema?._zod?.def?.checks ?? []) {
    const d = c._zod.def
    if (d.check === 'number_format' || d.check === 'bigint_format') bag.format = d.format
    else if (d.check === 'greater_than') bag[d.inclusive ? 'minimum' : 'exclusiveMinimum'] = d.value
    else if (d.check === 'less_than') bag[d.inclusive ? 'maximum' : 'exclusiveMaximum'] = d.value
    else if (d.check === 'min_length' || d.check === 'min_size') bag.minimum = d.minimum
    else if (d.check === 'max_length' || d.check === 'max_size') bag.maximum = d.maximum
    else if (d.check === 'length_equals' || d.check === 'size_equals') bag.minimum = bag.maximum = d.length
  }
  return bag
}
const num = (v: number | bigint | undefined) => (v === undefined || Math.abs(Number(v)) >= UNBOUNDED ? undefined : Number(v))
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** 'a whole number from 1 to 99', 'a number of at least 0', 'a whole number'. */
function numberWords(bag: Bag): string {
  const whole = typeof bag.format === 'string' && /int/.test(bag.format)
  const exMin = num(bag.exclusiveMinimum)
  const exMax = num(bag.exclusiveMaximum)
  const min = num(bag.minimum) ?? (whole && exMin !== undefined ? exMin + 1 : undefined)
  const max = num(bag.maximum) ?? (whole && exMax !== undefined ? exMax - 1 : undefined)
  const noun = whole ? 'a whole number' : 'a number'
  if (min !== undefined && max !== undefined) return `${noun} from ${min} to ${max}`
  if (min !== undefined) return `${noun} of at least ${min}`
  if (max !== undefined) return `${noun} of at most ${max}`
  if (exMin !== undefined) return `${noun} greater than ${exMin}`
  if (exMax !== undefined) return `${noun} less than ${exMax}`
  return noun
}

/** 'text', 'text of at most 40 characters', 'text of 1 to 80 characters'. */
function textWords(bag: Bag): string {
  const min = num(bag.minimum)
  const max = num(bag.maximum)
  if (min !== undefined && max !== undefined) return min === max ? `text of exactly ${plural(min, 'character', 'characters')}` : `text of ${min} to ${max} characters`
  if (max !== undefined) return `text of at most ${plural(max, 'character', 'characters')}`
  if (min !== undefined) return `text of at least ${plural(min, 'character', 'characters')}`
  return 'text'
}

const formatWords: Record<string, string> = {
  email: 'an email address, like name@example.com',
  url: 'a web address, like https://example.com',
  uuid: 'an id like 123e4567-e89b-12d3-a456-426614174000',
  guid: 'an id like 123e4567-e89b-12d3-a456-426614174000',
  date: 'a date like 2026-05-31',
  datetime: 'a date and time like 2026-05-31T14:00:00Z',
  time: 'a time like 14:00',
}

function expectedWords(expected: string, bag: Bag): string {
  switch (expected) {
    case 'number':
    case 'int':
    case 'bigint':
      return numberWords(expected === 'int' ? { ...bag, format: 'safeint' } : bag)
    case 'string':
      return (bag.format && formatWords[bag.format]) || textWords(bag)
    case 'boolean':
      return 'true or false'
    case 'array':
    case 'tuple':
    case 'set':
      return 'a list'
    case 'object':
    case 'record':
    case 'map':
      return 'an object'
    case 'date':
      return 'a date'
    case 'null':
      return 'null'
    default:
      return `a ${expected}`
  }
}

const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v))

/** The human message for one of zod's own issues (the field is named by its path, as in `fields`). */
export function humanZodMessage(issue: Issue): string {
  const path = (issue.path ?? []).map(String).join('.')
  const field = path || 'The request body'
  switch (issue.code) {
    case 'invalid_type': {
      if (!path && issue.expected === 'object') return 'The request body must be a JSON object.'
      const words = expectedWords(issue.expected, bagOf(issue))
      return issue.input === undefined ? `${field} is required (${words}).` : `${field} must be ${words}.`
    }
    case 'too_small': {
      const n = Number(issue.minimum)
      if (issue.origin === 'string') return n <= 1 ? `${field} cannot be empty.` : `${field} must be at least ${plural(n, 'character', 'characters')}.`
      if (issue.origin === 'array' || issue.origin === 'set') return `${field} must have at least ${plural(n, 'item', 'items')}.`
      return `${field} must be ${issue.inclusive === false ? 'greater than' : 'at least'} ${n}.`
    }
    case 'too_big': {
      const n = Number(issue.maximum)
      if (issue.origin === 'string') return `${field} can be at most ${plural(n, 'character', 'characters')}.`
      if (issue.origin === 'array' || issue.origin === 'set') return `${field} can have at most ${plural(n, 'item', 'items')}.`
      return `${field} must be ${issue.inclusive === false ? 'less than' : 'at most'} ${n}.`
    }
    case 'invalid_format': {
      const words = formatWords[issue.format]
      if (words) return `${field} must be ${words}.`
      if (issue.format === 'starts_with' && 'prefix' in issue) return `${field} must start with ${show(issue.prefix)}.`
      if (issue.format === 'ends_with' && 'suffix' in issue) return `${field} must end with ${show(issue.suffix)}.`
      if (issue.format === 'includes' && 'includes' in issue) return `${field} must contain ${show(issue.includes)}.`
      return `${field} is not in the expected format.`
    }
    case 'not_multiple_of':
      return `${field} must be a multiple of ${Number(issue.divisor)}.`
    case 'invalid_value':
      return issue.values.length === 1
        ? `${field} must be ${show(issue.values[0])}.`
        : issue.values.length <= 12
          ? `${field} must be one of: ${issue.values.map(show).join(', ')}.`
          : `${field} is not one of the accepted values.`
    case 'unrecognized_keys':
      return `${issue.keys.length === 1 ? 'Unknown field' : 'Unknown fields'}${path ? ` in ${path}` : ''}: ${issue.keys.join(', ')}.`
    case 'invalid_key':
      return `${field} has a key that is not accepted.`
    case 'invalid_element':
      return `${field} has an item that is not accepted.`
    default:
      return `${field} is not valid.`
  }
}

// Installed once for the process (zod's global error map: a schema's or a parse's own messages still win).
z.config({ customError: (issue) => humanZodMessage(issue) })
