import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { ZodError } from 'zod'
import { DEFAULT_RETRY_AFTER_SECONDS, type DomainErrorCode, isDomainError, messages } from '~/lib/errors'
// zod's own messages in words a person reads ('quantity must be a whole number from 1 to 99.').
import '~/lib/zod-messages'
import { isDatabaseInputError } from '~/lib/input-rules'
import type { AppEnv } from './types'

/** The one table from domain error codes to HTTP statuses. */
export const statusForCode: Record<DomainErrorCode, ContentfulStatusCode> = {
  not_found: 404,
  invalid_input: 422,
  conflict: 409,
  forbidden: 403,
  unauthenticated: 401,
  rate_limited: 429,
}

export type ApiErrorBody = { error: { code: string; message: string; fields?: Record<string, string[]> } }

export const apiError = (code: string, message: string, fields?: Record<string, string[]>): ApiErrorBody => ({
  error: fields ? { code, message, fields } : { code, message },
})

/** Turns zod issues into { 'field.path': ['message'] } for forms and API clients. */
export function fieldErrors(error: ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_error'
    ;(fields[key] ??= []).push(issue.message)
  }
  return fields
}

/** Maps any thrown error to the JSON error shape; unknown errors are logged with the request id. */
export function handleApiError(error: Error, c: Context<AppEnv>) {
  if (isDomainError(error)) {
    // Every 429 says when to try again (RFC 9110 §10.2.3); the domain knows the seconds.
    if (error.code === 'rate_limited') c.header('Retry-After', String(error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS))
    return c.json(apiError(error.code, error.message, error.fields), statusForCode[error.code])
  }
  if (error instanceof ZodError) {
    return c.json(apiError('invalid_input', 'Some fields are not valid.', fieldErrors(error)), 422)
  }
  if (error instanceof HTTPException) {
    const status = error.status
    const code = status === 400 ? 'bad_request' : status === 404 ? 'not_found' : status === 413 ? 'payload_too_large' : 'http_error'
    return c.json(apiError(code, error.message || 'The request could not be processed.'), status as ContentfulStatusCode)
  }
  if (isDatabaseInputError(error)) {
    // The input rules (app/lib/input-rules.ts) should have refused this value at the edge: worth a look, not a 500.
    c.var.logger.warn({ err: error }, 'the database refused a value from the request')
    return c.json(apiError('invalid_input', 'Some fields are not valid: text cannot contain control characters, and numbers must be in range.'), 422)
  }
  c.var.logger.error({ err: error }, 'unhandled error')
  return c.json(apiError('internal_error', messages.genericFailure(c.var.supportEmail)), 500)
}
