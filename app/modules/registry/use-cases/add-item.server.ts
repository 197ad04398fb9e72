import { and, eq, sql } from 'drizzle-orm'
import { DomainError } from '~/lib/errors'
import { parseInput as parse } from '~/lib/parse-input'
import { products } from '~/modules/catalog/catalog.schema'
import { type RegistryContext, registryMessages, toGuestItem } from '../registry-context.server'
import { regItems } from '../registry.schema'
import type { OwnerItem } from '../registry.types'
import { addItemInput } from '../registry.validation'

/** An item from another store, checked by external-products.validation (imageUrl is a picture we stored). */
export type ExternalItemData = {
  title: string
  priceCents: number
  quantity: number
  categoryId?: number
  note: string
  mostWanted: boolean
  storeName: string
  externalUrl: string
  imageUrl: string
}

type NewItem = Omit<typeof regItems.$inferInsert, 'registryId' | 'categoryId' | 'position' | 'createdAt'>

/** Inserts an item at the end of the chosen category (or the default one); refuses a category of another registry. */
async function insertItem(ctx: RegistryContext, registryId: number, categoryId: number | undefined, values: NewItem) {
  const cats = await ctx.categoriesOf(registryId)
  const category = categoryId ? cats.find((c) => c.id === categoryId) : cats.find((c) => c.isDefault)
  if (!category) throw new DomainError('invalid_input', 'Choose one of your categories.', { fields: { categoryId: ['Choose one of your categories.'] } })
  const [{ next } = { next: 0 }] = await ctx.db
    .select({ next: sql<number>`coalesce(max(${regItems.position}) + 1, 0)::int` })
    .from(regItems)
    .where(and(eq(regItems.registryId, registryId), eq(regItems.categoryId, category.id)))
  const [item] = await ctx.db
    .insert(regItems)
    .values({ ...values, registryId, categoryId: category.id, position: next, createdAt: ctx.clock() })
    .returning()
  return item!
}

/** Adds a shop product to the registry (price as of now), into the chosen or default category. */
export async function addItem(ctx: RegistryContext, registryId: number, userId: number, input: unknown): Promise<OwnerItem> {
  const { registry: r } = await ctx.managed(registryId, userId)
  const data = parse(addItemInput, input)
  const [product] = await ctx.db.select().from(products).where(eq(products.id, data.productId))
  if (!product || !product.available) {
    throw new DomainError('invalid_input', registryMessages.productUnavailable, { fields: { productId: [registryMessages.productUnavailable] } })
  }
  const item = await insertItem(ctx, r.id, data.categoryId, {
    productId: product.id,
    title: product.name,
    imageUrl: product.imageUrl,
    priceCents: product.salePriceCents ?? product.priceCents,
    quantityNeeded: data.quantity,
    note: data.note,
    mostWanted: data.mostWanted,
    options: data.options,
  })
  return { ...toGuestItem(item, product.slug), quantityReserved: 0, quantityPurchased: 0, removed: false }
}

/**
 * Adds an item from another store (product type external): its store name and link are kept, the picture
 * is one we stored (external-products module). Input is already checked by that module's schema.
 */
export async function addExternalItem(ctx: RegistryContext, registryId: number, userId: number, data: ExternalItemData): Promise<OwnerItem> {
  const { registry: r } = await ctx.managed(registryId, userId)
  const item = await insertItem(ctx, r.id, data.categoryId, {
    productId: null,
    title: data.title,
    imageUrl: data.imageUrl,
    externalUrl: data.externalUrl,
    storeName: data.storeName,
    priceCents: data.priceCents,
    quantityNeeded: data.quantity,
    note: data.note,
    mostWanted: data.mostWanted,
  })
  return { ...toGuestItem(item, null), quantityReserved: 0, quantityPurchased: 0, removed: false }
}
