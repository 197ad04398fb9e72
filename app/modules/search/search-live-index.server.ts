// Keeps a ProductIndex in step with PostgreSQL: loads it, then LISTENs on search_changes (the triggers of
// drizzle/0003_search.sql). Product ids are re-read and patched in; 'all' and 'meta' reload everything
// in the background while the old index keeps answering. Until the first load the SQL engine answers.
import type pg from 'pg'
import type { Logger } from '~/lib/logger.server'
import type { ProductCard } from '../catalog/catalog.service.server'
import { cardsByIds } from './search-cards.server'
import { buildVocabulary, type CatalogMeta, loadCatalogMeta, metaWordFrequency } from './search-catalog.server'
import type { ListingEngine } from './search-engine'
import { createIndexEngine, indexProductNames, loadIndex, type ProductIndex, refreshProducts } from './search-index.server'
import type { SearchEngineSet } from './search.service.server'
import { createSqlEngineSet } from './search.service.server'
import type { Vocabulary } from './search-text'

export type LiveIndex = SearchEngineSet & {
  /** Loads the index and starts listening; resolves when the index answers. */
  start(): Promise<void>
  stop(): Promise<void>
  /** Resolves once every change notified so far has been applied (tests). */
  settled(): Promise<void>
  /**
   * Calls `listener` when a change of products, brands or categories is notified and again when it has
   * been applied (so a page rendered in between is not kept as current); returns the unsubscribe.
   */
  onChange(listener: () => void): () => void
  /** Whether changes are being listened for now (so onChange will report them). */
  listening(): boolean
  /**
   * Staff's 'refresh now' (/bl_admin/api/cache_refreshes): tells every onChange listener (page cache, shared reads),
   * and when the index is in use reloads it whole from PostgreSQL; resolves once that is done. Every other process
   * listening on the same database is told to do the same.
   */
  refresh(): Promise<void>
  /** What the index holds now, for the staff page. */
  status(): { ready: boolean; listening: boolean; products: number; loadedAt: Date | null }
}

/** Cards kept in memory at most; past it the cache starts afresh (a card is ~1 KB). */
const CARD_CACHE_MAX = 50_000

export function createLiveIndex(
  pool: pg.Pool,
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>,
  /** Below this many matches a page is found by sorting them (tests lower it to exercise the order walk). */
  options: { sortBelow?: number } = {},
): LiveIndex {
  const sql = createSqlEngineSet(pool)
  let index: ProductIndex | null = null
  let meta: CatalogMeta | null = null
  let vocab: Vocabulary | null = null
  let listener: { client: pg.PoolClient; release(err?: Error): void } | null = null
  let stopped = false
  let queue: Promise<void> = Promise.resolve()
  let reloadPending = false
  const pendingIds = new Set<number>()
  const engine = createIndexEngine(() => index!, options.sortBelow)
  // Product cards by id, kept exactly as long as the index's own copy of the product: dropped on the same
  // notification that re-reads the product (or all of them on 'all'/'meta', which covers brand names).
  // `generation` keeps a read that raced a change from storing what it read before the change.
  const cardCache = new Map<number, ProductCard>()
  let generation = 0
  const forgetCards = (ids?: Iterable<number>) => {
    generation++
    if (!ids) cardCache.clear()
    else for (const id of ids) cardCache.delete(id)
  }
  async function cards(ids: number[]): Promise<ProductCard[]> {
    const missing = ids.filter((id) => !cardCache.has(id))
    if (missing.length) {
      const started = generation
      const read = await cardsByIds(pool, missing)
      if (generation === started && index) {
        if (cardCache.size + read.length > CARD_CACHE_MAX) cardCache.clear()
        for (const card of read) cardCache.set(card.productId, card)
      }
      if (missing.length === ids.length) return read
      const fresh = new Map(read.map((c) => [c.productId, c]))
      return ids.flatMap((id) => {
        const card = fresh.get(id) ?? cardCache.get(id)
        return card ? [card] : []
      })
    }
    return ids.map((id) => cardCache.get(id)!)
  }

  const rebuildVocabulary = () => {
    if (!index || !meta) return
    const freq = metaWordFrequency(meta)
    for (const [w, n] of index.wordFrequency()) freq.set(w, (freq.get(w) ?? 0) + n)
    vocab = buildVocabulary(freq)
  }

  let loadedAt: Date | null = null
  let started = false
  async function reloadAll() {
    const started = performance.now()
    const [nextMeta, nextIndex] = await Promise.all([loadCatalogMeta(pool), loadIndex(pool)])
    meta = nextMeta
    index = nextIndex
    loadedAt = new Date()
    rebuildVocabulary()
    logger?.info(`search index: ${index.live} products loaded in ${Math.round(performance.now() - started)} ms`)
  }

  const changeListeners = new Set<() => void>()
  const changed = () => {
    for (const listener of changeListeners) listener()
  }

  const enqueue = (work: () => Promise<void>) => {
    queue = queue.then(work).catch((err: unknown) => logger?.error({ err }, 'search index update failed')).finally(changed)
    return queue
  }

  function onNotification(payload: string) {
    changed()
    if (payload.startsWith('products:')) {
      const changed = payload.slice('products:'.length).split(',').filter(Boolean).map(Number)
      forgetCards(changed)
      for (const id of changed) pendingIds.add(id)
      void enqueue(async () => {
        if (reloadPending || pendingIds.size === 0 || !index) return
        const ids = [...pendingIds]
        pendingIds.clear()
        await refreshProducts(pool, index, ids)
        rebuildVocabulary()
        // Many dead slots make scans slower: start afresh past a tenth.
        if (index.size - index.live > Math.max(10_000, index.live / 10)) await reloadAll()
      })
    } else {
      forgetCards()
      if (reloadPending) return
      reloadPending = true
      void enqueue(async () => {
        reloadPending = false
        pendingIds.clear()
        await reloadAll()
      })
    }
  }

  async function listen() {
    const client = await pool.connect()
    client.on('notification', (msg) => {
      if (msg.channel === 'search_changes') onNotification(msg.payload ?? 'all')
    })
    // A released client can still emit 'error' (e.g. when PostgreSQL shuts down): release it only once.
    let released = false
    const release = (err?: Error) => {
      if (released) return
      released = true
      client.release(err)
    }
    client.on('error', (err) => {
      if (released) return
      logger?.warn({ err }, 'search index listener lost its connection; reconnecting')
      listener = null
      release(err)
      if (!stopped) setTimeout(() => void reconnect(), 1000)
    })
    if (stopped) {
      release()
      return
    }
    await client.query('listen search_changes')
    listener = { client, release }
    if (stopped) {
      listener = null
      release()
    }
  }

  async function reconnect() {
    if (stopped) return
    try {
      await listen()
      onNotification('all') // changes may have been missed while disconnected
    } catch (err) {
      logger?.warn({ err }, 'search index listener could not reconnect')
      setTimeout(() => void reconnect(), 5000)
    }
  }

  return {
    current: (): ListingEngine => (index && meta ? engine : sql.current()),
    meta: () => (meta && index ? Promise.resolve(meta) : sql.meta()),
    vocabulary: () => (vocab && index ? Promise.resolve(vocab) : sql.vocabulary()),
    cards: (ids) => (index ? cards(ids) : cardsByIds(pool, ids)),
    suggestionSource: () =>
      index
        ? {
            productNames: (words, limit) => Promise.resolve(indexProductNames(index!, words, limit)),
            nameWordFrequency: () => Promise.resolve(index!.wordFrequency()),
          }
        : sql.suggestionSource(),
    async start() {
      started = true
      stopped = false
      await listen() // first, so no change between load and listen is missed
      if (stopped) return // shut down while connecting
      await enqueue(reloadAll)
    },
    async stop() {
      stopped = true
      const current = listener
      listener = null
      if (current) {
        await current.client.query('unlisten search_changes').catch(() => undefined)
        current.release()
      }
      await queue
    },
    settled: () => queue,
    onChange(listener) {
      changeListeners.add(listener)
      return () => void changeListeners.delete(listener)
    },
    listening: () => listener !== null && !stopped,
    async refresh() {
      // Not started (tests, or before the server starts it): listings come from SQL; only the listeners are told.
      if (!started || stopped) {
        changed()
        return
      }
      // Every process on this database hears it and reloads too, so staff's refresh reaches every node behind the
      // load balancer (docs/deploy.md); this one reloads now, so the answer waits for it.
      await pool.query(`select pg_notify('search_changes', 'all')`)
      onNotification('all')
      await queue
    },
    status: () => ({ ready: index !== null, listening: listener !== null && !stopped, products: index?.live ?? 0, loadedAt }),
  }
}
