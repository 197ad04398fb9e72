import { describe, expect, test } from 'vitest'
import { smallestKeys } from './search-index.server'

describe('smallestKeys (the page of a listing without sorting every match)', () => {
  test('returns the k smallest keys ascending, as a full sort would', () => {
    let seed = 7
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 1e6
    for (const count of [0, 1, 5, 17, 18, 19, 100, 5000]) {
      const keys = Array.from(new Set(Array.from({ length: count }, () => Math.floor(random()))))
      for (const k of [1, 18, 36, 10_000]) {
        const expected = [...keys].sort((a, b) => a - b).slice(0, k)
        expect(Array.from(smallestKeys((i) => keys[i]!, keys.length, k)), `${count} keys, k ${k}`).toEqual(expected)
      }
    }
  })

  test('handles keys already in ascending or descending order', () => {
    const up = Array.from({ length: 1000 }, (_, i) => i)
    expect(Array.from(smallestKeys((i) => up[i]!, up.length, 18))).toEqual(up.slice(0, 18))
    expect(Array.from(smallestKeys((i) => 999 - up[i]!, up.length, 18))).toEqual(up.slice(0, 18))
  })
})
