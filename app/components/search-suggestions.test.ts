import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  addToHistory,
  createDebouncer,
  lastHistoryTerm,
  moveHighlight,
  readHistory,
  rememberSearch,
  SEARCH_HISTORY_KEY,
  suggestionQuery,
} from './search-suggestions'
import { createQueryCache, fetchSuggestions } from './suggestion-source'

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial))
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) }
}

describe('search box rules', () => {
  test('suggestions are asked for only from 3 characters, trimmed', () => {
    expect(suggestionQuery('')).toBeNull()
    expect(suggestionQuery('ca')).toBeNull()
    expect(suggestionQuery('  ca  ')).toBeNull()
    expect(suggestionQuery('car')).toBe('car')
    expect(suggestionQuery(' car seat ')).toBe('car seat')
  })

  test('arrow keys move through suggestions with wraparound', () => {
    expect(moveHighlight(-1, 'ArrowDown', 3)).toBe(0)
    expect(moveHighlight(0, 'ArrowDown', 3)).toBe(1)
    expect(moveHighlight(2, 'ArrowDown', 3)).toBe(0)
    expect(moveHighlight(-1, 'ArrowUp', 3)).toBe(2)
    expect(moveHighlight(0, 'ArrowUp', 3)).toBe(2)
    expect(moveHighlight(2, 'ArrowUp', 3)).toBe(1)
    expect(moveHighlight(0, 'ArrowDown', 0)).toBe(-1)
  })

  test('the session history keeps the last 10 distinct terms, newest last', () => {
    let history: string[] = []
    for (let i = 1; i <= 12; i++) history = addToHistory(history, `term ${i}`)
    expect(history).toHaveLength(10)
    expect(history[0]).toBe('term 3')
    expect(history.at(-1)).toBe('term 12')
    history = addToHistory(history, 'term 5')
    expect(history).toHaveLength(10)
    expect(history.at(-1)).toBe('term 5')
    expect(history.filter((t) => t === 'term 5')).toHaveLength(1)
    expect(addToHistory(history, '   ')).toEqual(history)
  })

  test('the last term of the stored history refills the box; unreadable storage counts as empty', () => {
    const storage = memoryStorage()
    expect(lastHistoryTerm(storage)).toBe('')
    rememberSearch(storage, 'stroller')
    rememberSearch(storage, ' crib ')
    expect(readHistory(storage)).toEqual(['stroller', 'crib'])
    expect(lastHistoryTerm(storage)).toBe('crib')
    expect(readHistory(memoryStorage({ [SEARCH_HISTORY_KEY]: '{not json' }))).toEqual([])
    expect(readHistory(memoryStorage({ [SEARCH_HISTORY_KEY]: '{"a":1}' }))).toEqual([])
    expect(readHistory(undefined)).toEqual([])
  })
})

describe('debounce', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  test('only the latest value is delivered, 300 ms after the last keystroke', () => {
    const seen: string[] = []
    const debouncer = createDebouncer<string>((v) => seen.push(v))
    debouncer.push('c')
    vi.advanceTimersByTime(200)
    debouncer.push('ca')
    vi.advanceTimersByTime(200)
    debouncer.push('car')
    vi.advanceTimersByTime(299)
    expect(seen).toEqual([])
    vi.advanceTimersByTime(1)
    expect(seen).toEqual(['car'])
  })

  test('cancel drops the pending value', () => {
    const seen: string[] = []
    const debouncer = createDebouncer<string>((v) => seen.push(v))
    debouncer.push('car')
    debouncer.cancel()
    vi.advanceTimersByTime(1000)
    expect(seen).toEqual([])
  })
})

describe('query cache', () => {
  test('a term is fetched once per page session', async () => {
    const load = vi.fn(async (term: string) => [{ searchTerm: `${term} x` }])
    const cache = createQueryCache(load)
    await cache.get('car')
    await cache.get('car')
    await cache.get('crib')
    expect(load.mock.calls.map((c) => c[0])).toEqual(['car', 'crib'])
  })

  test('entries go stale after their stale time, and failures are not kept', async () => {
    let now = 0
    let fail = true
    const load = vi.fn(async () => {
      if (fail) throw new Error('down')
      return 1
    })
    const cache = createQueryCache(load, { staleTime: 600_000, now: () => now })
    await expect(cache.get('k')).rejects.toThrow('down')
    fail = false
    expect(await cache.get('k')).toBe(1)
    now = 599_999
    await cache.get('k')
    expect(load).toHaveBeenCalledTimes(2)
    now = 600_000
    await cache.get('k')
    expect(load).toHaveBeenCalledTimes(3)
  })
})

describe('fetchSuggestions', () => {
  test('asks /store/api/search/suggestions?q= and keeps only well-formed items', async () => {
    const fetchImpl = vi.fn(async (url: string | URL | Request) => {
      expect(String(url)).toBe('/store/api/search/suggestions?q=car+seat')
      return new Response(JSON.stringify([{ searchTerm: 'car seat' }, { nope: 1 }, { searchTerm: 'car seat base', extra: true }]))
    })
    expect(await fetchSuggestions('car seat', fetchImpl as typeof fetch)).toEqual([{ searchTerm: 'car seat' }, { searchTerm: 'car seat base' }])
  })

  test('an error answer rejects (so it is not cached)', async () => {
    const fetchImpl = vi.fn(async () => new Response('{}', { status: 500 }))
    await expect(fetchSuggestions('car', fetchImpl as typeof fetch)).rejects.toThrow()
  })
})
