import type { Db } from '~/db/client.server'
import { brands, categories, guides, products } from '~/modules/catalog/catalog.schema'

/** Catalogue row factories with sensible defaults: each call inserts one row and returns it. */
export function catalogFactories(db: () => Db, firstId: number) {
  let nextId = firstId
  const newId = () => nextId++

  return {
    newId,

    async createCategory(overrides: Partial<typeof categories.$inferInsert> & { urlSlug: string }) {
      const [row] = await db().insert(categories).values({ id: newId(), title: overrides.urlSlug, ...overrides }).returning()
      return row!
    },

    async createBrand(overrides: Partial<typeof brands.$inferInsert> = {}) {
      const id = newId()
      const name = overrides.name ?? `Brand ${id}`
      const [row] = await db()
        .insert(brands)
        .values({ id, name, slug: `brand-${id}`, title: name, logoUrl: `/images/brands/brand-${id}.svg`, ...overrides })
        .returning()
      return row!
    },

    async createProduct(overrides: Partial<typeof products.$inferInsert> & { categoryId: number; brandId: number }) {
      const id = overrides.id ?? newId()
      const [row] = await db()
        .insert(products)
        .values({
          id,
          slug: `product-${id}`,
          name: `Product ${id}`,
          shortName: `Product ${id}`,
          description: 'A thing babies like.',
          priceCents: 2500,
          imageUrl: `/images/products/p-${id}.svg`,
          ...overrides,
        })
        .returning()
      return row!
    },

    async createGuide(overrides: Partial<typeof guides.$inferInsert> = {}) {
      const id = newId()
      const [row] = await db()
        .insert(guides)
        .values({
          id,
          slug: `guide-${id}`,
          title: `Guide ${id}`,
          teaser: 'What to know.',
          body: 'Body.',
          featuredImageUrl: `/images/guides/g-${id}.svg`,
          featuredImageDescription: 'A picture',
          ...overrides,
        })
        .returning()
      return row!
    },
  }
}
