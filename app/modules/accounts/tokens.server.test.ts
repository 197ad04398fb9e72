import { describe, expect, test } from 'vitest'
import { generateToken, hashToken } from './tokens.server'

describe('tokens', () => {
  test('hashToken is the SHA-256 of the token’s UTF-8 bytes in lower-case hex (what the sessions table holds)', () => {
    // FIPS 180-2's test vectors, and a non-ASCII token.
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(hashToken('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
    expect(hashToken('\u00e9')).toBe('4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c') // bytes c3 a9
  })

  test('generated tokens are 32 base32 characters (160 bits) and differ', () => {
    const a = generateToken()
    expect(a).toMatch(/^[a-z2-7]{32}$/)
    expect(generateToken()).not.toBe(a)
  })
})
