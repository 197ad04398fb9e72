// Why a cash fund error was raised, for callers that act on it (the contribute form keeps its idempotency key when
// the processor did not answer, so trying again finds that attempt instead of charging twice). Callers branch on
// `reason`, never on the message text, so the words can change freely. No server imports.
import { DomainError, type DomainErrorCode, type FieldErrors, isDomainError } from '~/lib/errors'

export type CashFundErrorReason =
  /** The payment neither went through nor was declined: nothing was taken, and the same attempt may be retried. */
  'not_charged'

/**
 * A DomainError that also says why. Its name stays 'DomainError', so the HTTP layer and isDomainError treat it
 * as any other; `reason` is an extra own property, read by shape (each bundle has its own class).
 */
export class CashFundError extends DomainError {
  readonly reason: CashFundErrorReason

  constructor(code: DomainErrorCode, message: string, reason: CashFundErrorReason, options: { fields?: FieldErrors; cause?: unknown } = {}) {
    super(code, message, options)
    this.reason = reason
  }
}

const reasons: ReadonlySet<string> = new Set<CashFundErrorReason>(['not_charged'])

/** The reason a cash fund error carries, if it is one that carries one. */
export function cashFundErrorReason(error: unknown): CashFundErrorReason | undefined {
  if (!isDomainError(error)) return undefined
  const reason = (error as { reason?: unknown }).reason
  return typeof reason === 'string' && reasons.has(reason) ? (reason as CashFundErrorReason) : undefined
}
