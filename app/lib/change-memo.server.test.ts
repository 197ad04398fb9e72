import { describe, expect, test } from 'vitest'
import { type ChangeFeed, createChangeMemo } from './change-memo.server'

function fakeFeed(listening = true) {
  const listeners = new Set<() => void>()
  const feed: ChangeFeed & { change(): void; setListening(v: boolean): void } = {
    onChange(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    listening: () => listening,
    change: () => listeners.forEach((l) => l()),
    setListening: (v) => void (listening = v),
  }
  return feed
}

function counter() {
  let reads = 0
  let value = 'v1'
  return {
    read: (id: number) => {
      reads++
      return Promise.resolve(`${value}:${id}`)
    },
    set: (v: string) => void (value = v),
    reads: () => reads,
  }
}

describe('createChangeMemo', () => {
  test('shares a read by its arguments until the feed reports a change', async () => {
    const feed = fakeFeed()
    const memo = createChangeMemo(feed, { ttlMs: 15_000, maxEntries: 100 })
    const source = counter()
    const product = memo('product', source.read)
    expect(await product(1)).toBe('v1:1')
    expect(await product(1)).toBe('v1:1')
    expect(await product(2)).toBe('v1:2')
    expect(source.reads()).toBe(2)
    source.set('v2')
    expect(await product(1)).toBe('v1:1') // no change reported yet
    feed.change()
    expect(await product(1)).toBe('v2:1')
    expect(source.reads()).toBe(3)
  })

  test('entries expire after the TTL; reads are not shared while the feed is not listening', async () => {
    let t = 0
    const feed = fakeFeed()
    const memo = createChangeMemo(feed, { ttlMs: 1000, maxEntries: 100, now: () => t })
    const source = counter()
    const guides = memo('guides', source.read)
    await guides(1)
    t = 999
    await guides(1)
    expect(source.reads()).toBe(1)
    t = 1000
    source.set('v2')
    expect(await guides(1)).toBe('v2:1')
    expect(source.reads()).toBe(2)
    feed.setListening(false)
    await guides(1)
    await guides(1)
    expect(source.reads()).toBe(4)
  })

  test('a read in flight when a change arrives is not served after it; failures are not kept', async () => {
    const feed = fakeFeed()
    const memo = createChangeMemo(feed, { ttlMs: 15_000, maxEntries: 100 })
    let release!: (v: string) => void
    let reads = 0
    const slow = memo('slow', () => {
      reads++
      return reads === 1 ? new Promise<string>((r) => (release = r)) : Promise.resolve('after')
    })
    const first = slow()
    feed.change()
    release('before')
    expect(await first).toBe('before')
    expect(await slow()).toBe('after')
    let attempts = 0
    const failing = memo('failing', () => (++attempts === 1 ? Promise.reject(new Error('db down')) : Promise.resolve('ok')))
    await expect(failing()).rejects.toThrow('db down')
    expect(await failing()).toBe('ok')
  })

  test('keeps at most maxEntries, oldest out first; different names never share a key', async () => {
    const feed = fakeFeed()
    const memo = createChangeMemo(feed, { ttlMs: 15_000, maxEntries: 2 })
    const source = counter()
    const a = memo('a', source.read)
    const b = memo('b', source.read)
    await a(1)
    await b(1)
    expect(source.reads()).toBe(2)
    await a(2) // evicts a(1)
    expect(memo.size()).toBe(2)
    await b(1)
    expect(source.reads()).toBe(3)
    await a(1)
    expect(source.reads()).toBe(4)
  })
})
