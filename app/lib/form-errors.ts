import { isDomainError, type FieldErrors } from './errors'

/** What a form action returns when it fails: a message for the top of the form and messages per field. */
export type FormFailure = { ok: false; message: string; fields: FieldErrors; status: number }

const statusFor: Record<string, number> = {
  invalid_input: 422,
  conflict: 409,
  unauthenticated: 401,
  forbidden: 403,
  rate_limited: 429,
  not_found: 404,
}

/** Turns a DomainError into a form failure; anything else is rethrown for the error screen. */
export function formFailure(error: unknown): FormFailure {
  if (!isDomainError(error)) throw error
  return { ok: false, message: error.message, fields: error.fields ?? {}, status: statusFor[error.code] ?? 400 }
}

/** The first message for a field, if any. */
export const fieldError = (failure: { fields?: FieldErrors } | undefined | null, name: string) => failure?.fields?.[name]?.[0]
