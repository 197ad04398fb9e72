// Why an orders error was raised, for callers that act on it (the checkout pages show an empty cart or a family
// without an address as states of the page, not as failures). Callers branch on `reason`, never on the message
// text, so the words can change freely. No server imports: the pages' shared code reads it too.
import { DomainError, type DomainErrorCode, type FieldErrors, isDomainError } from '~/lib/errors'

export type OrderErrorReason =
  /** The input failed its checks; every message is on a field (forms show them there, with one summary line). */
  | 'invalid_fields'
  /** Nothing to check out in this scope. */
  | 'empty_cart'
  /** A registry gift order for a family that has not added a shipping address. */
  | 'no_registry_address'
  /** The total placing would charge is not the one the shopper was shown (nothing charged). */
  | 'total_changed'

/**
 * A DomainError that also says why. Its name stays 'DomainError', so the HTTP layer and isDomainError treat it
 * as any other; `reason` is an extra own property, read by shape like the rest (each bundle has its own class).
 */
export class OrderError extends DomainError {
  readonly reason: OrderErrorReason

  constructor(code: DomainErrorCode, message: string, reason: OrderErrorReason, options: { fields?: FieldErrors; cause?: unknown } = {}) {
    super(code, message, options)
    this.reason = reason
  }
}

const reasons: ReadonlySet<string> = new Set<OrderErrorReason>(['invalid_fields', 'empty_cart', 'no_registry_address', 'total_changed'])

/** The reason an orders error carries, if it is one that carries one. */
export function orderErrorReason(error: unknown): OrderErrorReason | undefined {
  if (!isDomainError(error)) return undefined
  const reason = (error as { reason?: unknown }).reason
  return typeof reason === 'string' && reasons.has(reason) ? (reason as OrderErrorReason) : undefined
}
