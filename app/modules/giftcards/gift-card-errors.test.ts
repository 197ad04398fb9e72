import { describe, expect, test } from 'vitest'
import { DomainError, errorResponseOf, isDomainError } from '~/lib/errors'
import { GiftCardError, giftCardErrorReason } from './gift-card-errors'
import { giftCardMessages } from './giftcards.validation'

describe('giftCardErrorReason', () => {
  test('a used-up card’s error says why, and is answered like any DomainError', () => {
    const error = new GiftCardError('invalid_input', giftCardMessages.codeUsedUp, 'code_used_up', { fields: { code: [giftCardMessages.codeUsedUp] } })
    expect(giftCardErrorReason(error)).toBe('code_used_up')
    expect(isDomainError(error)).toBe(true)
    expect(errorResponseOf(error)).toEqual({ status: 422, code: 'invalid_input', message: giftCardMessages.codeUsedUp, fields: { code: [giftCardMessages.codeUsedUp] } })
  })

  test('an error with the same words but no reason has none', () => {
    expect(giftCardErrorReason(new DomainError('invalid_input', giftCardMessages.codeUsedUp))).toBeUndefined()
    expect(giftCardErrorReason(Object.assign(new Error('x'), { reason: 'code_used_up' }))).toBeUndefined()
  })
})
