import { describe, expect, test } from 'vitest'
import { didYouMeanCandidates, nearestWords, searchUrl } from './search-did-you-mean'
import { expandTerm, expandTokens, parseSearches, SYNONYM_RULES } from './search-synonyms'
import { buildVocabulary, tokenize, wordForms } from './search-text'

const searched = (text: string) => expandTokens(tokenize(text)).map(({ alternatives }) => alternatives)
const declared = (searches: readonly string[]) => parseSearches(searches).map(({ alternatives }) => alternatives)

describe('synonym and compound rules', () => {
  test('there are about thirty rule sets, each with something typed and something searched', () => {
    expect(SYNONYM_RULES.length).toBeGreaterThanOrEqual(30)
    for (const rule of SYNONYM_RULES) {
      expect(rule.typed.length).toBeGreaterThan(0)
      expect(rule.searches.length).toBeGreaterThan(0)
    }
  })

  test('every typed term of every rule expands exactly as the rule declares', () => {
    for (const rule of SYNONYM_RULES) {
      for (const typed of rule.typed) expect({ typed, searches: searched(typed) }).toEqual({ typed, searches: declared(rule.searches) })
    }
  })

  test('every typed term is claimed by one rule only', () => {
    const seen = new Map<string, string>()
    for (const rule of SYNONYM_RULES) {
      for (const typed of rule.typed) {
        const key = tokenize(typed).join(' ')
        expect(seen.get(key), `'${typed}' is in two rules`).toBeUndefined()
        seen.set(key, rule.searches.join(' '))
      }
    }
  })

  test('searched words are plain lowercase letters and digits, safe in the SQL engine’s word regex', () => {
    for (const rule of SYNONYM_RULES) for (const alt of declared(rule.searches).flat()) expect(alt).toMatch(/^[a-z0-9]+$/)
  })

  test('a plural of the last typed word matches the rule too', () => {
    expect(searched('carseats')).toEqual([['car'], ['seat']])
    expect(searched('pack n plays')).toEqual([['playard', 'playpen', 'bassinet']])
    expect(searched('nappies')).toEqual([['diaper', 'nappy']])
    expect(searched('highchairs')).toEqual([['high'], ['chair']])
  })

  test('rules apply inside a longer term, and the other words are kept', () => {
    expect(searched('graco carseat base')).toEqual([['graco'], ['car'], ['seat'], ['base']])
    expect(searched('organic onesies')).toEqual([['organic'], ['onesie', 'bodysuit']])
    expect(searched('pack and play sheet')).toEqual([['playard', 'playpen', 'bassinet'], ['sheet']])
  })

  test('the longest phrase wins: "white noise machine" is one rule, not "white noise" plus "machine"', () => {
    expect(searched('white noise machine')).toEqual([['sound'], ['machine']])
  })

  test('a word repeated by a rule is searched once', () => {
    expect(searched('car seat carseat')).toEqual([['car'], ['seat']])
  })

  test('words no rule knows pass through unchanged', () => {
    expect(searched('stroller')).toEqual([['stroller']])
    expect(searched('pack')).toEqual([['pack']])
    expect(searched('play mat')).toEqual([['play'], ['mat']])
  })

  test('rule words are not typo-corrected; the shopper’s other words are', () => {
    const vocab = buildVocabulary(new Map([['stroller', 10], ['bodysuit', 5], ['organic', 3]]))
    expect(expandTerm('organc onesie', vocab).map((w) => w.alternatives)).toEqual([['organic'], ['onesie', 'bodysuit']])
  })

  test('wordForms of every searched word is non-empty (both engines search by forms)', () => {
    for (const rule of SYNONYM_RULES) for (const alt of declared(rule.searches).flat()) expect(wordForms(alt).length).toBeGreaterThan(0)
  })
})

describe('did you mean', () => {
  const vocab = buildVocabulary(
    new Map([
      ['stroller', 400],
      ['stroll', 50],
      ['strolling', 2],
      ['bassinet', 200],
      ['pacifier', 100],
      ['bib', 90],
      ['car', 300],
      ['seat', 300],
    ]),
  )

  test('the nearest catalogue words come first, the more used on a tie', () => {
    expect(nearestWords('strawllerr', vocab, 3)).toEqual(['stroller'])
    expect(nearestWords('strolr', vocab, 3)).toEqual(['stroll', 'stroller'])
    expect(nearestWords('bassanett', vocab, 3)).toEqual(['bassinet'])
  })

  test('short words, numbers and the word itself are never suggested', () => {
    expect(nearestWords('bi', vocab, 3)).toEqual([])
    expect(nearestWords('b1b', vocab, 3)).toEqual([])
    expect(nearestWords('stroller', vocab, 3)).not.toContain('stroller')
  })

  test('an unknown word is replaced by its nearest words; known words are kept', () => {
    expect(didYouMeanCandidates('strawllerr', vocab)[0]).toBe('stroller')
    expect(didYouMeanCandidates('car seet', vocab)).toContain('car seat')
  })

  test('known words that never meet in one product are offered one at a time', () => {
    const c = didYouMeanCandidates('stroller pacifier', vocab)
    expect(c).toContain('stroller')
    expect(c).toContain('pacifier')
    expect(c).not.toContain('stroller pacifier')
  })

  test('a term with nothing near offers nothing', () => {
    expect(didYouMeanCandidates('zzqxv', vocab)).toEqual([])
    expect(didYouMeanCandidates('', vocab)).toEqual([])
  })

  test('links go to the shop search page', () => {
    expect(searchUrl('car seat')).toBe('/store/search?search_term=car%20seat')
  })
})
