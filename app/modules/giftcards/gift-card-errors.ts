// Why a gift card error was raised, for callers that act on it (checkout turns a card used up since the summary
// into "its balance changed"). Callers branch on `reason`, never on the message text, so the words can change
// freely. No server imports: the pages' shared code may read it too.
import { DomainError, type DomainErrorCode, type FieldErrors, isDomainError } from '~/lib/errors'

export type GiftCardErrorReason =
  /** The code names a card whose balance is spent. */
  'code_used_up'

/**
 * A DomainError that also says why. Its name stays 'DomainError', so the HTTP layer and isDomainError treat it
 * as any other; `reason` is an extra own property, read by shape (each bundle has its own class).
 */
export class GiftCardError extends DomainError {
  readonly reason: GiftCardErrorReason

  constructor(code: DomainErrorCode, message: string, reason: GiftCardErrorReason, options: { fields?: FieldErrors; cause?: unknown } = {}) {
    super(code, message, options)
    this.reason = reason
  }
}

const reasons: ReadonlySet<string> = new Set<GiftCardErrorReason>(['code_used_up'])

/** The reason a gift card error carries, if it is one that carries one. */
export function giftCardErrorReason(error: unknown): GiftCardErrorReason | undefined {
  if (!isDomainError(error)) return undefined
  const reason = (error as { reason?: unknown }).reason
  return typeof reason === 'string' && reasons.has(reason) ? (reason as GiftCardErrorReason) : undefined
}
