/** Every failure the domain can name. The HTTP layer maps these codes to statuses in one table. */
export type DomainErrorCode = 'not_found' | 'invalid_input' | 'conflict' | 'forbidden' | 'unauthenticated' | 'rate_limited'

export type FieldErrors = Record<string, string[]>

/** An expected failure with a code users can act on; never carries an HTTP status. */
export class DomainError extends Error {
  readonly code: DomainErrorCode
  readonly fields?: FieldErrors

  constructor(code: DomainErrorCode, message: string, options: { fields?: FieldErrors; cause?: unknown } = {}) {
    super(message, { cause: options.cause })
    this.name = 'DomainError'
    this.code = code
    this.fields = options.fields
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
