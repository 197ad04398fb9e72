import { sql } from 'drizzle-orm'
import type pg from 'pg'
import type { Db } from '~/db/client.server'
import type { SeedContext } from '~/db/seed-context.server'

/**
 * Stock per product option from the catalog's products.stock, spread over every size × colour (the first
 * options get the remainder). Idempotent: products that already have stock rows keep them. With `productIds`
 * only those products are set up (a product added after the seed, met at checkout).
 */
export async function ensureProductStock(db: Pick<Db, 'execute'>, productIds?: readonly number[]): Promise<void> {
  const only = productIds ? sql`and p.id = any(${`{${productIds.map(Number).join(',')}}`}::int[])` : sql``
  await db.execute(sql`
    with opts as (
      select p.id, p.stock, k.key, row_number() over (partition by p.id order by k.ord) - 1 as i, count(*) over (partition by p.id) as n
      from products p
      cross join lateral (
        select concat_ws('|', case when s.v is not null then 'size=' || s.v end, case when c.v is not null then 'color=' || c.v end) as key,
               coalesce(s.o, 0) * 1000 + coalesce(c.o, 0) as ord
        from (select v, o from jsonb_array_elements_text(coalesce(p.options -> 'sizes', '[]'::jsonb)) with ordinality as t(v, o)
              union all select null, null where jsonb_array_length(coalesce(p.options -> 'sizes', '[]'::jsonb)) = 0) s
        cross join (select v, o from jsonb_array_elements_text(coalesce(p.options -> 'colors', '[]'::jsonb)) with ordinality as t(v, o)
              union all select null, null where jsonb_array_length(coalesce(p.options -> 'colors', '[]'::jsonb)) = 0) c
      ) k
      where not exists (select 1 from product_stock ps where ps.product_id = p.id) ${only}
    )
    insert into product_stock (product_id, option_key, quantity)
    select id, key, greatest(stock, 0) / n + case when i < greatest(stock, 0) % n then 1 else 0 end from opts
    on conflict do nothing`)
}

/** The demo seed's step: stock rows for every seeded product. */
export async function seedProductStock(ctx: SeedContext): Promise<void> {
  await ensureProductStock(ctx.db)
}

export async function resetProductStock(pool: pg.Pool): Promise<void> {
  await pool.query('delete from product_stock')
}
