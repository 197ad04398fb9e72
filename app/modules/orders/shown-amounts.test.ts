import { describe, expect, test } from 'vitest'
import { giftCardMessages } from '../giftcards/giftcards.validation'
import { errorReasonOf } from '~/lib/errors'
import { orderMessages } from './orders.validation'
import { differsFromShown } from './shown-amounts'

const plan = (giftCardCents: number, creditCents: number, cardDueCents: number) => ({
  giftCard: giftCardCents > 0 ? { id: 'gc', last4: 'ABCD', amountCents: giftCardCents } : null,
  creditCents,
  cardDueCents,
})

describe('money shown = money charged', () => {
  test('the amounts shown, exactly: nothing to refuse', () => {
    expect(differsFromShown({ totalCents: 5_000, giftCardCents: 1_000, creditCents: 500, cardCents: 3_500 }, { totalCents: 5_000 }, plan(1_000, 500, 3_500))).toBeNull()
    expect(differsFromShown({ totalCents: 5_000 }, { totalCents: 5_000 }, plan(0, 0, 5_000))).toBeNull()
  })

  test('a total that changed is refused naming the new total, marked total_changed', () => {
    const refusal = differsFromShown({ totalCents: 4_900 }, { totalCents: 5_000 }, plan(0, 0, 5_000))
    expect(refusal).toMatchObject({ code: 'conflict', message: orderMessages.totalChanged(5_000) })
    expect(errorReasonOf(refusal)).toBe('total_changed')
  })

  test('a tender the summary did not include is not shown yet; a tender amount that moved is a changed balance', () => {
    const notShown = differsFromShown({ totalCents: 5_000, giftCardCents: 0 }, { totalCents: 5_000 }, plan(1_000, 0, 4_000))
    expect(notShown).toMatchObject({ code: 'conflict', message: orderMessages.tenderNotShown })
    expect(errorReasonOf(notShown)).toBeUndefined()
    expect(differsFromShown({ totalCents: 5_000, giftCardCents: 1_000 }, { totalCents: 5_000 }, plan(600, 0, 4_400))).toMatchObject({ message: giftCardMessages.balanceChanged })
    expect(differsFromShown({ totalCents: 5_000, creditCents: 700 }, { totalCents: 5_000 }, plan(0, 200, 4_800))).toMatchObject({ message: giftCardMessages.balanceChanged })
    expect(differsFromShown({ totalCents: 5_000, cardCents: 5_000 }, { totalCents: 5_000 }, plan(0, 0, 4_000))).toMatchObject({ message: giftCardMessages.balanceChanged })
  })
})
