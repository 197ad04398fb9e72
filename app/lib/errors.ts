/** Every failure the domain can name. The HTTP layer maps these codes to statuses in one table. */
export type DomainErrorCode = 'not_found' | 'invalid_input' | 'conflict' | 'forbidden' | 'unauthenticated' | 'rate_limited'

export type FieldErrors = Record<string, string[]>

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

/** An expected failure with a code users can act on; never carries an HTTP status. */
export class DomainError extends Error {
  readonly code: DomainErrorCode
  readonly fields?: FieldErrors
  /** rate_limited: how many seconds until trying again can succeed (the HTTP layer sends it as Retry-After). */
  readonly retryAfterSeconds?: number

  constructor(code: DomainErrorCode, message: string, options: { fields?: FieldErrors; cause?: unknown; retryAfterSeconds?: number } = {}) {
    super(message, { cause: options.cause })
    this.name = 'DomainError'
    this.code = code
    this.fields = options.fields
    if (code === 'rate_limited') {
      this.retryAfterSeconds = Math.max(1, Math.ceil(options.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS))
      rateLimitListener?.(this.retryAfterSeconds)
    }
  }
}

/**
 * Read by shape rather than `instanceof`: the services run from the server bundle (build/server/main.js)
 * and the routes from React Router's (build/server/index.js), and each bundle has its own DomainError class.
 */
export const isDomainError = (error: unknown): error is DomainError =>
  error instanceof Error && error.name === 'DomainError' && typeof (error as { code?: unknown }).code === 'string'

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
