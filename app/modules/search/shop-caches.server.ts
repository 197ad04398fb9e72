// The shop's in-process copies, seen and refreshed by staff (spec §7 'Admin': cache_refreshes; decision 028, h16).
//
// Shoppers are served from copies that follow the catalogue's change feed (the listing index, decision 009; the
// anonymous page cache and the shared catalogue reads, decision 028), but some content has no feed: guides, reviews,
// FAQs and stock counts that do not flip availability show up to ~20 s late, the navbar up to 10 s. After an edit
// staff can drop every copy at once rather than wait: the index reloads from PostgreSQL, and the page cache, the
// shared reads and the navbar are read afresh on the next request.
import type { Logger } from '~/lib/logger.server'
import type { LiveIndex } from './search-live-index.server'

export type CacheFigures = { entries: number; bytes?: number; hits: number; misses: number }

export type ShopCachesStatus = {
  index: { ready: boolean; listening: boolean; products: number; loadedAt: string | null }
  pages: CacheFigures | null
  reads: CacheFigures
  lastRefresh: ShopCacheRefresh | null
}

export type ShopCacheRefresh = { refreshedAt: string; byStaffId: number; ms: number; products: number }

export function createShopCaches(deps: {
  searchIndex: Pick<LiveIndex, 'refresh' | 'status'>
  reads: { size(): number; stats: { hits: number; misses: number }; clear(): void }
  /** Copies kept for a fixed time with no feed (the navbar). */
  resets: (() => void)[]
  logger?: Pick<Logger, 'info'>
  clock?: () => Date
}) {
  let pages: (() => CacheFigures) | null = null
  let lastRefresh: ShopCacheRefresh | null = null
  const now = () => deps.clock?.() ?? new Date()

  function status(): ShopCachesStatus {
    const index = deps.searchIndex.status()
    return {
      index: { ...index, loadedAt: index.loadedAt?.toISOString() ?? null },
      pages: pages ? pages() : null,
      reads: { entries: deps.reads.size(), hits: deps.reads.stats.hits, misses: deps.reads.stats.misses },
      lastRefresh,
    }
  }

  return {
    /** The server registers its page cache (server/main.ts), which lives outside the services. */
    registerPageCache(figures: () => CacheFigures) {
      pages = figures
    },
    status,
    /** Drops every copy and reloads the index; resolves when the next request will see the database as it is. */
    async refresh(byStaffId: number): Promise<ShopCacheRefresh> {
      const started = performance.now()
      for (const reset of deps.resets) reset()
      deps.reads.clear()
      await deps.searchIndex.refresh() // its change listeners drop the page cache and the shared reads again
      const refresh = { refreshedAt: now().toISOString(), byStaffId, ms: Math.round(performance.now() - started), products: deps.searchIndex.status().products }
      lastRefresh = refresh
      deps.logger?.info(refresh, 'shop caches refreshed by staff')
      return refresh
    },
  }
}

export type ShopCaches = ReturnType<typeof createShopCaches>
