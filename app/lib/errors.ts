/** Every failure the domain can name. The HTTP layer maps these codes to statuses in one table (errorTable below). */
export type DomainErrorCode = 'not_found' | 'invalid_input' | 'conflict' | 'forbidden' | 'unauthenticated' | 'rate_limited'

export type FieldErrors = Record<string, string[]>

/**
 * The one table from domain error codes to HTTP answers: the status the API and page actions both send, and the
 * sentence a person reads when the code is all the domain said (`new DomainError('conflict')`).
 */
export const errorTable = {
  not_found: { status: 404, message: 'We couldn’t find what you were looking for. It may have been moved or removed.' },
  invalid_input: { status: 422, message: 'Some fields need another look.' },
  conflict: { status: 409, message: 'Something changed while you were here. Refresh the page and try again.' },
  forbidden: { status: 403, message: 'You don’t have permission to do that. If that seems wrong, try signing in with another account.' },
  unauthenticated: { status: 401, message: 'Please sign in to continue.' },
  rate_limited: { status: 429, message: 'That’s a lot of tries in a short time. Please wait a moment and try again.' },
} as const satisfies Record<DomainErrorCode, { status: number; message: string }>

/** Every status an error can answer with: the table's, and 500 for anything the table does not name. */
export type ErrorStatus = (typeof errorTable)[DomainErrorCode]['status'] | 500

/** What every error becomes at the edge: a status, a code clients can branch on, and words for people. */
export type ErrorResponse = {
  status: ErrorStatus
  code: DomainErrorCode | 'internal_error'
  message: string
  fields?: FieldErrors
  /** rate_limited only: sent as the Retry-After header. */
  retryAfterSeconds?: number
}

type RateLimitListener = (retryAfterSeconds: number) => void
let rateLimitListener: RateLimitListener | undefined

/**
 * The server hears of every rate limit raised while it answers a request (server/retry-after.ts), so a page's 429
 * says Retry-After too: page actions turn the error into form data and the HTTP layer never sees the error itself.
 */
export function listenForRateLimits(listener: RateLimitListener) {
  rateLimitListener = listener
}

/** Said when a rate limit did not say how long it lasts. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60

/**
 * Marks DomainErrors. `Symbol.for` is one registry per process, so the services' bundle (build/server/main.js) and
 * React Router's (build/server/index.js), each with its own copy of the class, brand their errors with the same key.
 */
const domainErrorBrand = Symbol.for('nestlist.DomainError')

/** An expected failure with a code users can act on; never carries an HTTP status. */
export class DomainError extends Error {
  readonly code: DomainErrorCode
  readonly fields?: FieldErrors
  /** rate_limited: how many seconds until trying again can succeed (the HTTP layer sends it as Retry-After). */
  readonly retryAfterSeconds?: number
  /**
   * True when no message was given and the error says its code's default from errorTable: a page may put words
   * of its own in its place (formFailure's genericMessage) without comparing message text.
   */
  readonly generic: boolean
  /**
   * Why it was raised, for a caller that acts on it ('empty_cart', 'code_used_up', 'not_charged'): callers branch
   * on this, never on the message text, so the words can change freely. Never sent to clients.
   */
  readonly reason?: string

  /** Without a message the error says the default for its code (errorTable). */
  constructor(code: DomainErrorCode, message?: string, options: { fields?: FieldErrors; cause?: unknown; retryAfterSeconds?: number; reason?: string } = {}) {
    super(message ?? errorTable[code].message, { cause: options.cause })
    this.name = 'DomainError'
    // Not enumerable: the brand is no part of what tests compare or logs print.
    Object.defineProperty(this, domainErrorBrand, { value: true })
    this.code = code
    this.generic = message === undefined
    this.fields = options.fields
    if (options.reason !== undefined) this.reason = options.reason
    if (code === 'rate_limited') {
      this.retryAfterSeconds = Math.max(1, Math.ceil(options.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS))
      rateLimitListener?.(this.retryAfterSeconds)
    }
  }
}

/**
 * The one check for a DomainError, by its brand rather than `instanceof`: each server bundle has its own
 * DomainError class, and an error that merely looks like one (name and code) is not one.
 */
export const isDomainError = (error: unknown): error is DomainError =>
  error instanceof Error && (error as { [domainErrorBrand]?: unknown })[domainErrorBrand] === true

const isKnownCode = (code: string): code is DomainErrorCode => Object.hasOwn(errorTable, code)

/** The HTTP status for a domain error code; a code this build does not know is a server fault (500). */
export function httpStatusOf<C extends DomainErrorCode>(code: C): (typeof errorTable)[C]['status']
export function httpStatusOf(code: string): ErrorStatus
export function httpStatusOf(code: string): ErrorStatus {
  return isKnownCode(code) ? errorTable[code].status : 500
}

/** The reason a DomainError was raised with (DomainError.reason), or undefined for anything else. */
export function errorReasonOf(error: unknown): string | undefined {
  return isDomainError(error) ? error.reason : undefined
}

/**
 * Any thrown value as the answer users get: a DomainError says its own status, message and fields; anything else
 * is a 500 with a generic sentence (naming the support address when given) and nothing from the error itself.
 * Logging the unknown error is the caller's job: it knows the request id.
 */
export function errorResponseOf(error: unknown, options: { supportEmail?: string } = {}): ErrorResponse {
  if (isDomainError(error) && isKnownCode(error.code)) {
    const response: ErrorResponse = { status: errorTable[error.code].status, code: error.code, message: error.message }
    if (error.fields) response.fields = error.fields
    if (error.code === 'rate_limited') response.retryAfterSeconds = error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS
    return response
  }
  return { status: 500, code: 'internal_error', message: options.supportEmail ? messages.genericFailure(options.supportEmail) : messages.systemError }
}

/** The spec's error catalogue (section 8): what users read instead of a stack trace. */
export const messages = {
  genericFailure: (email: string) => `Oops! Something went wrong. Please contact ${email} if the problem continues.`,
  systemError:
    'There was an error processing your request. Please contact customer service if this problem persists.',
  fallbackScreen: 'Something went wrong. Try reloading the page.',
  pdpPathMissing: 'pdpPath requires a slug and genericProductId',
  searchTermMissing: 'searchTerm must be defined',
  unsupportedFacet: 'Unsupported facet type',
} as const
