// How shop pages turn the catalogue's domain errors into HTTP answers, in one place.
import { data } from 'react-router'
import { type DomainErrorCode, isDomainError } from '~/lib/errors'

/** What a shop error page may show: a sentence for the visitor and where to go next. */
export type ShopErrorData = { message: string; retryHref?: string; retryLabel?: string } | null

/** A real 404 response; the error boundary shows `message` when given. */
export function notFound(body: ShopErrorData = null): never {
  throw data(body, { status: 404 })
}

/** A 400 response for input we will not act on (e.g. a search term that is too long). */
export function badRequest(body: NonNullable<ShopErrorData>): never {
  throw data(body, { status: 400 })
}

/** The code of a DomainError thrown by a service, or null for any other error. */
export function domainErrorCode(error: unknown): DomainErrorCode | null {
  return isDomainError(error) ? error.code : null
}

/** Awaits a service call, turning its not_found into a 404 page; anything else stays a 500. */
export async function orNotFound<T>(work: Promise<T>, next?: { retryHref: string; retryLabel: string }): Promise<T> {
  try {
    return await work
  } catch (error) {
    if (domainErrorCode(error) === 'not_found') notFound({ message: (error as Error).message, ...next })
    throw error
  }
}
