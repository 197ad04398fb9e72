import { errorResponseOf, isDomainError, type FieldErrors } from './errors'

/** What a form action returns when it fails: a message for the top of the form and messages per field. */
export type FormFailure = { ok: false; message: string; fields: FieldErrors; status: number }

/**
 * Turns a DomainError into a form failure, with the status the JSON API would send for it (errorTable);
 * anything else is rethrown for the error screen. `genericMessage` replaces the message of an error that said
 * only its code's default (DomainError.generic), for a page that has a better sentence for its own form.
 */
export function formFailure(error: unknown, options: { genericMessage?: string } = {}): FormFailure {
  if (!isDomainError(error)) throw error
  const { status, message } = errorResponseOf(error)
  return { ok: false, message: error.generic && options.genericMessage ? options.genericMessage : message, fields: error.fields ?? {}, status }
}

/** The first message for a field, if any. */
export const fieldError = (failure: { fields?: FieldErrors } | undefined | null, name: string) => failure?.fields?.[name]?.[0]
