// One way for services to check their input: zod issues become DomainError('invalid_input') with messages
// per field ('a.b' paths, '_error' for the whole input), which forms show beside each field.
import { DomainError, type FieldErrors } from './errors'
import { controlCharacterIssues } from './input-rules'
// zod's own messages in words a person reads ('quantity must be a whole number from 1 to 99.').
import './zod-messages'

type Issue = { path: PropertyKey[]; message: string }
type Schema<T> = { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: Issue[] } } }

/** Groups zod issues by field path. */
export function fieldsFromIssues(issues: Issue[]): FieldErrors {
  const fields: FieldErrors = {}
  for (const issue of issues) (fields[issue.path.map(String).join('.') || '_error'] ??= []).push(issue.message)
  return fields
}

/** Throws the invalid_input error for a failed parse; without a message it says invalid_input's default (errorTable). */
export function invalidInput(issues: Issue[], message?: string): never {
  throw new DomainError('invalid_input', message, { fields: fieldsFromIssues(issues) })
}

/**
 * The schema's parse with the rules every input shares (app/lib/input-rules.ts): a parse that succeeded fails
 * after all when any text in it has control characters, with an issue per such field.
 */
export function safeParseInput<T>(schema: Schema<T>, input: unknown): { success: true; data: T } | { success: false; error: { issues: Issue[] } } {
  const parsed = schema.safeParse(input)
  if (!parsed.success) return parsed
  const issues = controlCharacterIssues(parsed.data)
  return issues.length ? { success: false, error: { issues } } : parsed
}

/** The parsed input, or an invalid_input DomainError with messages per field. */
export function parseInput<T>(schema: Schema<T>, input: unknown): T {
  const parsed = safeParseInput(schema, input)
  if (!parsed.success) invalidInput(parsed.error.issues)
  return parsed.data
}
