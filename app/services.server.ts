import type pg from 'pg'
import type { Db } from './db/client.server'
import type { Env } from './lib/env.server'
import type { Logger } from './lib/logger.server'
import { createCatalogService } from './modules/catalog/catalog.service.server'

export type ServiceDeps = { db: Db; pool: pg.Pool; env: Pick<Env, 'SUPPORT_EMAIL'>; logger: Logger }

/** The composition root: every service, wired once with its explicit dependencies. */
export function createServices(deps: ServiceDeps) {
  return {
    catalog: createCatalogService({ db: deps.db }),
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
