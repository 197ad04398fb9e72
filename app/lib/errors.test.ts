import { expect, test } from 'vitest'
import { DomainError, isDomainError } from './errors'

test('a DomainError is recognised by shape, also when it comes from another bundle\'s copy of the class', () => {
  expect(isDomainError(new DomainError('not_found', 'gone'))).toBe(true)
  class DomainErrorCopy extends Error {
    code = 'not_found'
    constructor() {
      super('gone')
      this.name = 'DomainError'
    }
  }
  expect(isDomainError(new DomainErrorCopy())).toBe(true)
  expect(isDomainError(new Error('plain'))).toBe(false)
  expect(isDomainError({ name: 'DomainError', code: 'not_found' })).toBe(false)
})
