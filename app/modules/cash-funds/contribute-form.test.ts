import { describe, expect, test } from 'vitest'
import { DomainError } from '~/lib/errors'
import { cashFundMessages } from './cash-funds.strings'
import { contributeFailure } from './contribute-form.server'

const values = { amount: '25', giverName: 'Ada', giverEmail: 'ada@example.com', message: '' }

describe('contributeFailure', () => {
  test('a payment that was not charged keeps the idempotency key, whatever its words', () => {
    const failure = contributeFailure(new DomainError('conflict', 'Other words entirely.', { reason: 'not_charged' }), 'key-1', values)
    expect(failure.init?.status).toBe(409)
    expect(failure.data).toMatchObject({ ok: false, message: 'Other words entirely.', idempotencyKey: 'key-1', values })
  })

  test('any other failure gets a new key, even a conflict that says the not-charged sentence', () => {
    const conflict = contributeFailure(new DomainError('conflict', cashFundMessages.notCharged), 'key-1', values)
    expect(conflict.data.idempotencyKey).not.toBe('key-1')
    const declined = contributeFailure(new DomainError('invalid_input', 'Your card was declined.', { fields: { 'card.number': ['Your card was declined.'] } }), 'key-1', values)
    expect(declined.data).toMatchObject({ fields: { cardNumber: ['Your card was declined.'] } })
    expect(declined.data.idempotencyKey).not.toBe('key-1')
  })

  test('an unexpected error is rethrown for the error screen', () => {
    expect(() => contributeFailure(new Error('boom'), 'key-1', values)).toThrow('boom')
  })
})
