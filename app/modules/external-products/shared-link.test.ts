import { describe, expect, test } from 'vitest'
import { sharedLink } from './shared-link'

describe('sharedLink', () => {
  test('takes url first, else the first web link inside the shared text, without trailing punctuation', () => {
    expect(sharedLink(new URLSearchParams({ url: 'https://shop.example/p/1', text: 'https://other.example' }))).toBe('https://shop.example/p/1')
    expect(sharedLink(new URLSearchParams({ title: 'Crib', text: 'Look at this crib! https://shop.example/crib?id=2.' }))).toBe('https://shop.example/crib?id=2')
    expect(sharedLink(new URLSearchParams({ text: 'no link here' }))).toBe('')
    expect(sharedLink(new URLSearchParams({ text: 'javascript:alert(1)' }))).toBe('')
    expect(sharedLink(new URLSearchParams())).toBe('')
  })
})
