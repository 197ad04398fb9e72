import { and, asc, eq, ilike, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { DomainError } from '~/lib/errors'
import type { Logger } from '~/lib/logger.server'
import { int4IdOf, isInt4Id } from '~/lib/input-rules'
import { parseInput } from '~/lib/parse-input'
import { optionKey, optionKeysOf, resolveOptions } from '../catalog/product-options'
import { publicOriginOf } from '~/lib/public-origin.server'
import { products } from '../catalog/catalog.schema'
import { pdpPath } from '../catalog/product-path'
import type { EmailService } from '../email/email.service.server'
import { productStock } from '../orders/orders.schema'
import { ensureProductStock } from '../orders/stock.seed.server'
import { productAvailabilitySubscriptions } from './inventory.schema'
import { availabilitySubscriptionInput, restockInput, stockMessages, stockSetInput } from './inventory.validation'
export { LOW_STOCK_AT, stockLabel } from './stock-label'

/** What shoppers see of a product's stock: per option key, and in total. */
export type StockLevels = { total: number; byOption: Record<string, number> }

export const inventoryMessages = {
  productNotFound: 'We could not find that product. It may no longer be sold.',
  notStocked: 'Cash funds, favors and electronic gift cards have no stock to wait for.',
  inStock: 'Good news: this is in stock now, so you can add it to your cart.',
  emailNeeded: 'Enter your email address so we can tell you.',
} as const

/** Does a stock row ('size=NB|color=red') satisfy a subscription's options ('size=NB', or '' for any)? */
export function keyCovers(subscriptionKey: string, rowKey: string): boolean {
  if (!subscriptionKey) return true
  const parts = new Set(rowKey.split('|'))
  return subscriptionKey.split('|').every((p) => parts.has(p))
}

/** publicOrigin: where the emailed links point (services.publicOrigin, docs/decisions/034); never a request's Host. */
export type InventoryDeps = { db: Db; email: EmailService; logger?: Logger; publicOrigin?: string; clock?: () => Date }

/**
 * Stock as shoppers see it (product_stock is the one source: docs/decisions/021-cart.md), restocking, and
 * 'notify me when available' subscriptions with their one 'Back in stock' email.
 */
export function createInventoryService({ db, email, logger, publicOrigin = publicOriginOf({}), clock = () => new Date() }: InventoryDeps) {
  async function levels(productId: number): Promise<StockLevels> {
    let rows = await db.select().from(productStock).where(eq(productStock.productId, productId))
    if (rows.length === 0) {
      // A product added after the seed: its stock rows come from products.stock (as at checkout).
      await ensureProductStock(db, [productId])
      rows = await db.select().from(productStock).where(eq(productStock.productId, productId))
    }
    const byOption: Record<string, number> = {}
    for (const r of rows) byOption[r.optionKey] = r.quantity
    return { total: rows.reduce((n, r) => n + r.quantity, 0), byOption }
  }

  /** Staff views of stocked products: every option's count and how many shoppers wait (two queries for all). */
  async function staffViews(found: { id: number; slug: string; name: string; options: Parameters<typeof optionKeysOf>[0] }[]): Promise<StaffStockProduct[]> {
    if (found.length === 0) return []
    await ensureProductStock(db, found.map((p) => p.id))
    const ids = found.map((p) => p.id)
    const [stock, waiting] = await Promise.all([
      db.execute<{ product_id: number; option_key: string; quantity: number }>(sql`select product_id, option_key, quantity from product_stock where product_id = any(${sql.param(ids)}::bigint[])`),
      db.execute<{ product_id: number; n: number }>(sql`select product_id, count(*)::int as n from product_availability_subscriptions where notified_at is null and product_id = any(${sql.param(ids)}::bigint[]) group by 1`),
    ])
    return found.map((p) => {
      const rows = stock.rows.filter((r) => Number(r.product_id) === p.id)
      return {
        id: p.id,
        name: p.name,
        href: pdpPath({ slug: p.slug, genericProductId: p.id }),
        waiting: Number(waiting.rows.find((w) => Number(w.product_id) === p.id)?.n ?? 0),
        options: optionKeysOf(p.options).map((key) => ({ optionKey: key, label: optionLabel(key), quantity: Number(rows.find((r) => r.option_key === key)?.quantity ?? 0) })),
      }
    })
  }

  async function productOf(productId: number) {
    // Past the id column's range (a typed URL, a script) there is no such product, rather than a database error.
    if (!isInt4Id(productId)) throw new DomainError('not_found', inventoryMessages.productNotFound)
    const [product] = await db
      .select({ id: products.id, slug: products.slug, name: products.name, productType: products.productType, options: products.options })
      .from(products)
      .where(eq(products.id, productId))
    if (!product) throw new DomainError('not_found', inventoryMessages.productNotFound)
    if (product.productType !== 'product') throw new DomainError('invalid_input', inventoryMessages.notStocked)
    return product
  }

  const linkBase = publicOrigin.replace(/\/$/, '')

  /** Sends the one 'Back in stock' email to each waiting subscriber whose option is in stock again. */
  async function notifySubscribers(productId: number): Promise<number> {
    const waiting = await db
      .select()
      .from(productAvailabilitySubscriptions)
      .where(and(eq(productAvailabilitySubscriptions.productId, productId), isNull(productAvailabilitySubscriptions.notifiedAt)))
    if (waiting.length === 0) return 0
    const [product] = await db.select({ id: products.id, slug: products.slug, name: products.name }).from(products).where(eq(products.id, productId))
    if (!product) return 0
    const stock = await levels(productId)
    const inStockKeys = Object.entries(stock.byOption)
      .filter(([, q]) => q > 0)
      .map(([k]) => k)
    let sent = 0
    for (const sub of waiting) {
      if (!inStockKeys.some((k) => keyCovers(sub.optionKey, k))) continue
      // Claim first: two restocks at once send one email, never two.
      const [claimed] = await db
        .update(productAvailabilitySubscriptions)
        .set({ notifiedAt: clock() })
        .where(and(eq(productAvailabilitySubscriptions.id, sub.id), isNull(productAvailabilitySubscriptions.notifiedAt)))
        .returning({ id: productAvailabilitySubscriptions.id })
      if (!claimed) continue
      const chosen = [sub.options.size, sub.options.color].filter(Boolean).join(', ')
      const title = chosen ? `${product.name} (${chosen})` : product.name
      try {
        await email.send({
          to: sub.email,
          userId: sub.userId ?? undefined,
          template: 'notice',
          data: {
            category: 'orders',
            subject: `Back in stock: ${product.name}`,
            heading: 'It is back in stock',
            paragraphs: [
              `You asked us to tell you when ${title} was available again. It is back in stock now.`,
              'Popular items can sell out again quickly, so do not wait too long.',
            ],
            action: { label: 'See it in the shop', url: `${linkBase}${pdpPath({ slug: product.slug, genericProductId: product.id })}` },
          },
        })
        sent++
      } catch (error) {
        logger?.error({ err: error, subscriptionId: sub.id }, 'back-in-stock email failed')
      }
    }
    return sent
  }

  return {
    /** Stock per option and in total (set up from products.stock the first time a product is looked at). */
    levels,

    /**
     * More stock arrived for one option of a product ('' or size/colour): adds it, then emails everyone waiting
     * for that option (or any option). Returns the option's new quantity and how many were told.
     */
    async restock(productId: number, input: unknown): Promise<{ optionKey: string; quantity: number; notified: number }> {
      const data = parseInput(restockInput, input)
      const product = await productOf(productId)
      const key = optionKey(resolveOptions(product.options, data))
      if (!optionKeysOf(product.options).includes(key)) throw new DomainError('invalid_input', 'That option is not available for this product.')
      await levels(productId)
      const [row] = await db
        .insert(productStock)
        .values({ productId, optionKey: key, quantity: data.quantity })
        .onConflictDoUpdate({ target: [productStock.productId, productStock.optionKey], set: { quantity: sql`${productStock.quantity} + ${data.quantity}` } })
        .returning({ quantity: productStock.quantity })
      const notified = await notifySubscribers(productId)
      return { optionKey: key, quantity: row!.quantity, notified }
    },

    /**
     * 'Notify me when available' for a sold-out product or option. Idempotent per email, product and option;
     * asking again after the email went out waits for the next restock. A signed-in shopper's account email is used.
     */
    async subscribe(account: { userId: number; email: string } | null, input: unknown): Promise<{ created: boolean; email: string }> {
      const data = parseInput(availabilitySubscriptionInput, input)
      const to = account?.email.toLowerCase() ?? data.email
      if (!to) throw new DomainError('invalid_input', inventoryMessages.emailNeeded, { fields: { email: [inventoryMessages.emailNeeded] } })
      const product = await productOf(data.productId)
      const options = resolveOptions(product.options, data, { required: false })
      const key = optionKey(options)
      const stock = await levels(product.id)
      if (Object.entries(stock.byOption).some(([k, q]) => q > 0 && keyCovers(key, k))) throw new DomainError('conflict', inventoryMessages.inStock)
      const result = await db.execute<{ inserted: boolean }>(sql`
        insert into product_availability_subscriptions (product_id, email, user_id, options, option_key, created_at)
        values (${product.id}, ${to}, ${account?.userId ?? null}, ${JSON.stringify(options)}::jsonb, ${key}, ${clock().toISOString()}::timestamptz)
        on conflict (product_id, email, option_key)
        do update set notified_at = null, user_id = coalesce(excluded.user_id, product_availability_subscriptions.user_id)
        returning (xmax = 0) as inserted`)
      return { created: Boolean(result.rows[0]?.inserted), email: to }
    },

    notifySubscribers,

    /**
     * Staff tools: products by id or by name (up to 20), each with every option's stock and how many shoppers
     * wait for it. Cash funds, favors and gift cards have no stock and are left out.
     */
    async staffFind(query: string): Promise<StaffStockProduct[]> {
      const q = query.trim().slice(0, 100)
      if (q.length < 2 && !/^\d+$/.test(q)) return []
      const byId = int4IdOf(q)
      const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      const found = await db
        .select({ id: products.id, slug: products.slug, name: products.name, options: products.options })
        .from(products)
        .where(and(eq(products.productType, 'product'), byId !== null ? or(eq(products.id, byId), ilike(products.name, like)) : ilike(products.name, like)))
        .orderBy(sql`${products.id} = ${byId ?? -1} desc`, asc(products.name))
        .limit(20)
      return staffViews(found)
    },

    /** Staff tools: one stocked product with every option's stock and how many wait for it (the staff API). */
    async staffProduct(productId: number): Promise<StaffStockProduct> {
      const product = await productOf(productId)
      const [view] = await staffViews([product])
      return view!
    },

    /**
     * Staff tools: sets one option's stock to a count. The form sends the count it showed (`expected`): if orders
     * or another staff member changed it meanwhile, nothing is saved (409 with the new count). Raising an option
     * from 0 sends the 'Back in stock' emails to whoever waits for it (once each).
     */
    async setStock(input: unknown): Promise<{ productId: number; name: string; optionKey: string; label: string; quantity: number; notified: number }> {
      const data = parseInput(stockSetInput, input)
      const product = await productOf(data.productId)
      if (!optionKeysOf(product.options).includes(data.optionKey)) throw new DomainError('invalid_input', stockMessages.option, { fields: { quantity: [stockMessages.option] } })
      await levels(product.id)
      const [row] = await db
        .update(productStock)
        .set({ quantity: data.quantity })
        .where(and(eq(productStock.productId, product.id), eq(productStock.optionKey, data.optionKey), eq(productStock.quantity, data.expected)))
        .returning({ quantity: productStock.quantity })
      if (!row) {
        const now = (await levels(product.id)).byOption[data.optionKey] ?? 0
        // The same count saved twice (a double submit) is not a conflict.
        if (now !== data.quantity) throw new DomainError('conflict', stockMessages.changed(now), { fields: { quantity: [stockMessages.changed(now)] } })
      }
      const notified = data.expected === 0 && data.quantity > 0 ? await notifySubscribers(product.id) : 0
      return { productId: product.id, name: product.name, optionKey: data.optionKey, label: optionLabel(data.optionKey), quantity: data.quantity, notified }
    },
  }
}

/** A product on the staff stock page. */
export type StaffStockProduct = { id: number; name: string; href: string; waiting: number; options: { optionKey: string; label: string; quantity: number }[] }

/** 'size=NB|color=Sage' → 'NB, Sage' ('' → 'One option'). */
export const optionLabel = (key: string) =>
  key
    ? key
        .split('|')
        .map((part) => part.slice(part.indexOf('=') + 1))
        .join(', ')
    : 'One option'

export type InventoryService = ReturnType<typeof createInventoryService>
