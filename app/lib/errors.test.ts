import { describe, expect, test } from 'vitest'
import { DomainError, type DomainErrorCode, errorReasonOf, errorResponseOf, errorTable, httpStatusOf, isDomainError, messages } from './errors'
import { formFailure } from './form-errors'

const codes = Object.keys(errorTable) as DomainErrorCode[]

describe('isDomainError', () => {
  test('a DomainError is recognised by its brand, also when it comes from another bundle\'s copy of the class', () => {
    expect(isDomainError(new DomainError('not_found', 'gone'))).toBe(true)
    // What a second bundle's DomainError is: another class that brands its errors with the same registered symbol.
    class DomainErrorCopy extends Error {
      code = 'not_found'
      constructor() {
        super('gone')
        this.name = 'DomainError'
        Object.defineProperty(this, Symbol.for('nestlist.DomainError'), { value: true })
      }
    }
    expect(isDomainError(new DomainErrorCopy())).toBe(true)
  })

  test('an error that only looks like a DomainError is not one', () => {
    class LookAlike extends Error {
      code = 'not_found'
      constructor() {
        super('gone')
        this.name = 'DomainError'
      }
    }
    expect(isDomainError(new LookAlike())).toBe(false)
    expect(isDomainError(new Error('plain'))).toBe(false)
    expect(isDomainError({ name: 'DomainError', code: 'not_found', [Symbol.for('nestlist.DomainError')]: true })).toBe(false)
    expect(isDomainError(null)).toBe(false)
  })

  test('the brand stays out of what logs and comparisons see', () => {
    const error = new DomainError('conflict', 'taken')
    expect(Object.getOwnPropertySymbols(error).filter((s) => Object.getOwnPropertyDescriptor(error, s)?.enumerable)).toEqual([])
  })
})

describe('the error table', () => {
  test('names every code the domain can raise', () => {
    expect(codes.sort()).toEqual(['conflict', 'forbidden', 'invalid_input', 'not_found', 'rate_limited', 'unauthenticated'])
  })

  test.each(codes)('%s has a client-error status and a sentence for people', (code) => {
    const { status, message } = errorTable[code]
    expect(status).toBeGreaterThanOrEqual(400)
    expect(status).toBeLessThan(500)
    expect(httpStatusOf(code)).toBe(status)
    expect(message).toMatch(/^[A-Z].{10,}[.!]$/)
    expect(message).not.toMatch(/_|error|exception/i)
  })

  test('maps codes to the statuses the API documents', () => {
    expect(Object.fromEntries(codes.map((c) => [c, httpStatusOf(c)]))).toEqual({
      not_found: 404,
      invalid_input: 422,
      conflict: 409,
      forbidden: 403,
      unauthenticated: 401,
      rate_limited: 429,
    })
  })

  test('a code the table does not know is a server fault, also for names every object has', () => {
    expect(httpStatusOf('teapot')).toBe(500)
    expect(httpStatusOf('constructor')).toBe(500)
    expect(httpStatusOf('toString')).toBe(500)
  })
})

describe('errorResponseOf', () => {
  test('a DomainError answers with its status, code, message and fields', () => {
    const error = new DomainError('invalid_input', 'Pick a size.', { fields: { size: ['Pick a size.'] } })
    expect(errorResponseOf(error)).toEqual({ status: 422, code: 'invalid_input', message: 'Pick a size.', fields: { size: ['Pick a size.'] } })
  })

  test('a DomainError without a message says its code\'s default, and says that it did', () => {
    const error = new DomainError('conflict')
    expect(error.message).toBe(errorTable.conflict.message)
    expect(error.generic).toBe(true)
    expect(new DomainError('conflict', 'That gift was just reserved.').generic).toBe(false)
    expect(errorResponseOf(error)).toEqual({ status: 409, code: 'conflict', message: errorTable.conflict.message })
  })

  test('a rate limit says when to try again', () => {
    expect(errorResponseOf(new DomainError('rate_limited', 'Slow down.', { retryAfterSeconds: 12.2 }))).toMatchObject({ status: 429, retryAfterSeconds: 13 })
  })

  test('an unknown error is a 500 with a generic sentence and nothing from the error itself', () => {
    const error = new Error('connect ECONNREFUSED 10.0.0.5:5432 at Pool.query (/srv/app/db.ts:12)')
    for (const answer of [errorResponseOf(error), errorResponseOf(error, { supportEmail: 'help@nestlist.example' })]) {
      expect(answer.status).toBe(500)
      expect(answer.code).toBe('internal_error')
      expect(answer).not.toHaveProperty('fields')
      expect(JSON.stringify(answer)).not.toMatch(/ECONNREFUSED|10\.0\.0\.5|Pool|db\.ts/)
    }
    expect(errorResponseOf(error).message).toBe(messages.systemError)
    expect(errorResponseOf(error, { supportEmail: 'help@nestlist.example' }).message).toBe(messages.genericFailure('help@nestlist.example'))
    expect(errorResponseOf('a string').status).toBe(500)
  })

  test('a look-alike DomainError is treated as unknown, so its message never reaches anyone', () => {
    const lookAlike = Object.assign(new Error('SELECT * FROM users failed'), { name: 'DomainError', code: 'not_found' })
    expect(errorResponseOf(lookAlike)).toEqual({ status: 500, code: 'internal_error', message: messages.systemError })
  })
})

describe('formFailure', () => {
  test('answers with the same status as the API', () => {
    for (const code of codes) expect(formFailure(new DomainError(code, 'x')).status).toBe(httpStatusOf(code))
  })

  test('puts a page\'s own sentence in place of a default message only', () => {
    const fields = { number: ['Enter the card number.'] }
    expect(formFailure(new DomainError('invalid_input', undefined, { fields }), { genericMessage: 'We could not save this card.' })).toEqual({
      ok: false,
      message: 'We could not save this card.',
      fields,
      status: 422,
    })
    expect(formFailure(new DomainError('invalid_input', 'This card number is not valid.', { fields }), { genericMessage: 'We could not save this card.' }).message).toBe(
      'This card number is not valid.',
    )
  })

  test('rethrows anything that is not a DomainError', () => {
    const error = new Error('boom')
    expect(() => formFailure(error)).toThrow(error)
  })
})

describe('errorReasonOf', () => {
  test('a DomainError raised with a reason says it, and is answered without it', () => {
    const error = new DomainError('invalid_input', 'This gift card is used up.', { fields: { code: ['This gift card is used up.'] }, reason: 'code_used_up' })
    expect(errorReasonOf(error)).toBe('code_used_up')
    expect(errorResponseOf(error)).toEqual({ status: 422, code: 'invalid_input', message: 'This gift card is used up.', fields: { code: ['This gift card is used up.'] } })
  })

  test('the same words without a reason, or a look-alike error, have none', () => {
    expect(errorReasonOf(new DomainError('invalid_input', 'This gift card is used up.'))).toBeUndefined()
    expect(errorReasonOf(Object.assign(new Error('x'), { name: 'DomainError', code: 'conflict', reason: 'code_used_up' }))).toBeUndefined()
  })
})
