import type pg from 'pg'
import type { Db } from './db/client.server'
import type { Env } from './lib/env.server'
import type { Logger } from './lib/logger.server'
import { createAnalyticsService } from './modules/analytics/analytics.service.server'
import { createCatalogService } from './modules/catalog/catalog.service.server'
import { createStorefrontService } from './modules/catalog/storefront.service.server'
import { createLiveIndex } from './modules/search/search-live-index.server'
import { createSearchService } from './modules/search/search.service.server'

export type ServiceDeps = { db: Db; pool: pg.Pool; env: Pick<Env, 'SUPPORT_EMAIL'>; logger: Logger }

/** The composition root: every service, wired once with its explicit dependencies. */
export function createServices(deps: ServiceDeps) {
  // Started by server/main.ts; until started (and in tests that do not start it) listings use SQL.
  const searchIndex = createLiveIndex(deps.pool, deps.logger)
  return {
    catalog: createCatalogService({ db: deps.db }),
    storefront: createStorefrontService({ db: deps.db }),
    search: createSearchService({ db: deps.db, pool: deps.pool, engines: searchIndex }),
    searchIndex,
    analytics: createAnalyticsService({ db: deps.db }),
    health: {
      /** True when the database answers. */
      async databaseReachable() {
        try {
          await deps.pool.query('select 1')
          return true
        } catch {
          return false
        }
      },
    },
  }
}

export type Services = ReturnType<typeof createServices>
