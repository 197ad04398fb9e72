import { and, eq, sql } from 'drizzle-orm'
import { DomainError } from '~/lib/errors'
import { parseInput as parse } from '~/lib/parse-input'
import { type RegistryContext, registryMessages } from '../registry-context.server'
import { regItems, registryCategories } from '../registry.schema'
import { categoryInput } from '../registry.validation'

/** An owner's categories: adding, renaming, deleting (items move to the default one) and ordering them. */

/** Adds a category at the end. */
export async function addCategory(ctx: RegistryContext, registryId: number, userId: number, input: unknown) {
  const { registry: r } = await ctx.managed(registryId, userId)
  const data = parse(categoryInput, input)
  const [{ next } = { next: 0 }] = await ctx.db
    .select({ next: sql<number>`coalesce(max(${registryCategories.position}) + 1, 0)::int` })
    .from(registryCategories)
    .where(eq(registryCategories.registryId, r.id))
  const [c] = await ctx.db.insert(registryCategories).values({ registryId: r.id, title: data.title, position: next }).returning()
  return c!
}

/** Renames a category (not the default one). */
export async function renameCategory(ctx: RegistryContext, registryId: number, userId: number, categoryId: number, input: unknown) {
  const { registry: r } = await ctx.managed(registryId, userId)
  const data = parse(categoryInput, input)
  const [c] = await ctx.db
    .select()
    .from(registryCategories)
    .where(and(eq(registryCategories.id, categoryId), eq(registryCategories.registryId, r.id)))
  if (!c) throw new DomainError('not_found', 'That category is not on this registry.')
  if (c.isDefault) throw new DomainError('invalid_input', registryMessages.defaultCategory)
  await ctx.db.update(registryCategories).set({ title: data.title }).where(eq(registryCategories.id, c.id))
}

/** Deletes a category; its items move to the default category, nothing is lost. */
export async function deleteCategory(ctx: RegistryContext, registryId: number, userId: number, categoryId: number) {
  const { registry: r } = await ctx.managed(registryId, userId)
  const cats = await ctx.categoriesOf(r.id)
  const c = cats.find((x) => x.id === categoryId)
  if (!c) throw new DomainError('not_found', 'That category is not on this registry.')
  if (c.isDefault) throw new DomainError('invalid_input', registryMessages.defaultCategory)
  const fallback = cats.find((x) => x.isDefault)!
  await ctx.db.transaction(async (tx) => {
    await tx.update(regItems).set({ categoryId: fallback.id }).where(eq(regItems.categoryId, c.id))
    await tx.delete(registryCategories).where(eq(registryCategories.id, c.id))
  })
}

/** Sets the category order (ids in the new order). */
export async function reorderCategories(ctx: RegistryContext, registryId: number, userId: number, categoryIds: number[]) {
  const { registry: r } = await ctx.managed(registryId, userId)
  const cats = await ctx.categoriesOf(r.id)
  const mine = new Set(cats.map((c) => c.id))
  if (categoryIds.length !== mine.size || !categoryIds.every((id) => mine.has(id))) {
    throw new DomainError('invalid_input', 'Send every category of this registry once, in the new order.')
  }
  await ctx.db.transaction(async (tx) => {
    for (const [position, id] of categoryIds.entries()) await tx.update(registryCategories).set({ position }).where(eq(registryCategories.id, id))
  })
}
