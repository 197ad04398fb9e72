import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { ZodError } from 'zod'
import { errorResponseOf, httpStatusOf, isDomainError } from '~/lib/errors'
// zod's own messages in words a person reads ('quantity must be a whole number from 1 to 99.').
import '~/lib/zod-messages'
import { isDatabaseInputError } from '~/lib/input-rules'
import type { AppEnv } from './types'

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

/**
 * Maps any thrown error to the JSON error shape. DomainErrors answer from the one table in app/lib/errors.ts,
 * as page actions do (formFailure); unknown errors are logged with the request id and answer a generic 500.
 */
export function handleApiError(error: Error, c: Context<AppEnv>) {
  if (isDomainError(error)) {
    const answer = errorResponseOf(error, { supportEmail: c.var.supportEmail })
    if (answer.status >= 500) c.var.logger.error({ err: error }, 'a DomainError with a code this build does not know')
    // Every 429 says when to try again (RFC 9110 §10.2.3); the domain knows the seconds.
    if (answer.retryAfterSeconds !== undefined) c.header('Retry-After', String(answer.retryAfterSeconds))
    return c.json(apiError(answer.code, answer.message, answer.fields), answer.status)
  }
  if (error instanceof ZodError) {
    return c.json(apiError('invalid_input', 'Some fields are not valid.', fieldErrors(error)), httpStatusOf('invalid_input'))
  }
  if (error instanceof HTTPException) {
    const status = error.status
    const code = status === 400 ? 'bad_request' : status === 404 ? 'not_found' : status === 413 ? 'payload_too_large' : 'http_error'
    return c.json(apiError(code, error.message || 'The request could not be processed.'), status as ContentfulStatusCode)
  }
  if (isDatabaseInputError(error)) {
    // The input rules (app/lib/input-rules.ts) should have refused this value at the edge: worth a look, not a 500.
    c.var.logger.warn({ err: error }, 'the database refused a value from the request')
    return c.json(apiError('invalid_input', 'Some fields are not valid: text cannot contain control characters, and numbers must be in range.'), httpStatusOf('invalid_input'))
  }
  c.var.logger.error({ err: error }, 'unhandled error')
  const answer = errorResponseOf(error, { supportEmail: c.var.supportEmail })
  return c.json(apiError(answer.code, answer.message), answer.status)
}
