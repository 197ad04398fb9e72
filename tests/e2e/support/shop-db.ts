// Direct access to a test server's database for browser tests that need shop state no page creates yet
// (cart lines are added through the cart service, as Add to Cart does). Not for production code.
import fs from 'node:fs'
import path from 'node:path'
import type pg from 'pg'
import { createDb } from '~/db/client.server'
import { createCartService } from '~/modules/cart/cart.service.server'

/** The connection URL of the embedded PostgreSQL a server runs in `dataDir`. */
export function embeddedUrl(dataDir: string): string {
  const pid = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')
  const port = pid[3]?.trim()
  const password = fs.readFileSync(path.join(dataDir, 'postgres.secret'), 'utf8').trim()
  return `postgres://nestlist:${encodeURIComponent(password)}@127.0.0.1:${port}/nestlist`
}

/**
 * Ends a test's pool and waits until its connections are closed. pg-pool's end() resolves once it has told its
 * idle clients to end, not once they have: a server stopped right after terminates a connection still closing
 * (57P01), and the pool re-emits that as an 'error' event, which nobody listens to in a test and so crashes the
 * whole run as an unhandled error. Only that shutdown error is ignored; any other still surfaces.
 */
export async function endPool(pool: pg.Pool): Promise<void> {
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== '57P01') throw error
  })
  let open = pool.totalCount
  const closed = new Promise<void>((resolve) => {
    if (open === 0) return resolve()
    pool.on('remove', () => {
      if (--open <= 0) resolve()
    })
  })
  await pool.end()
  await closed
}

export type ShopProduct = { id: number; name: string; priceCents: number; size?: string; color?: string }

/** The cart service and a few shop queries over a test server's database. */
export function shopDb(url: string) {
  const { db, pool } = createDb(url, { max: 2 })
  const cart = createCartService({ db })
  return {
    cart,
    pool,
    /** Products in stock with a price in [min, max] cents, first size and colour chosen. */
    async products(count: number, { minCents = 1_000, maxCents = 4_000, skip = 0 } = {}): Promise<ShopProduct[]> {
      const rows = await pool.query<{ id: number; name: string; price_cents: number; options: { sizes?: string[]; colors?: string[] } }>(
        `select p.id, p.name, coalesce(p.sale_price_cents, p.price_cents) as price_cents, p.options
         from products p join categories c on c.id = p.category_id
         where p.available and p.stock >= 20 and p.product_type = 'product' and coalesce(p.sale_price_cents, p.price_cents) between $1 and $2
           and c.url_slug not in ('diapers', 'wipes')
           and not exists (select 1 from categories pc where pc.id = c.parent_id and pc.url_slug in ('diapers', 'wipes'))
           and not exists (select 1 from brands b where b.id = p.brand_id and b.slug in ('bumblebee-basics', 'stroll-and-co'))
         order by p.id limit $3 offset $4`,
        [minCents, maxCents, count, skip],
      )
      return rows.rows.map((r) => ({ id: r.id, name: r.name, priceCents: r.price_cents, size: r.options?.sizes?.[0], color: r.options?.colors?.[0] }))
    },
    async userId(email: string): Promise<number> {
      const r = await pool.query<{ id: string }>('select id from users where email = $1', [email])
      return Number(r.rows[0]!.id)
    },
    async count(sql: string, params: unknown[] = []): Promise<number> {
      const r = await pool.query<{ n: number }>(sql, params)
      return Number(r.rows[0]!.n)
    },
    close: () => endPool(pool),
  }
}
