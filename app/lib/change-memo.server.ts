// Catalogue reads shared between requests until the catalogue changes (docs/decisions/028, amendment of
// 2026-11-24). Shop pages for signed-in shoppers are rendered on every request; the reads behind them
// (a category with its trail and navigation, a product, its related products, guides, reviews) are the
// same for everyone and change rarely, so each is kept by its arguments and shared.
//
// - Dropped at once when the listing index's change feed reports a change of products, brands or
//   categories (search-live-index.server.ts: on the notification and again once it has been applied), so
//   a price, name, availability or category edit shows on the next page as before.
// - Everything is also dropped after `ttlMs`: reads without a change feed (guides, reviews) are at most
//   that old, as anonymous pages from the page cache already are (decision 028).
// - Not used at all while the feed is not listening (before the index has started, in tests that do not
//   start it, while its connection is re-established): then every call reads.
// - A failed read is not kept. A read in flight when a change arrives is dropped with the rest, so it is
//   never served after the change. Callers get shared objects: loaders must not modify them.

export type ChangeFeed = {
  onChange(listener: () => void): () => void
  listening(): boolean
}

export type ChangeMemoOptions = { ttlMs: number; maxEntries: number; now?: () => number }

export function createChangeMemo(feed: ChangeFeed, { ttlMs, maxEntries, now = Date.now }: ChangeMemoOptions) {
  const entries = new Map<string, { value: Promise<unknown>; until: number }>()
  const stats = { hits: 0, misses: 0 }
  feed.onChange(() => entries.clear())

  function memo<A extends unknown[], T>(name: string, read: (...args: A) => Promise<T>): (...args: A) => Promise<T> {
    return (...args: A) => {
      if (!feed.listening()) return read(...args)
      const key = `${name}\u0000${JSON.stringify(args)}`
      const t = now()
      const kept = entries.get(key)
      if (kept && kept.until > t) {
        stats.hits++
        return kept.value as Promise<T>
      }
      stats.misses++
      const value = read(...args)
      entries.delete(key)
      // Oldest first out (Map keeps insertion order).
      while (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string)
      const entry = { value, until: t + ttlMs }
      entries.set(key, entry)
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key)
      })
      return value
    }
  }
  return Object.assign(memo, { stats, size: () => entries.size, clear: () => entries.clear() })
}
