import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { DomainError } from '~/lib/errors'
import {
  brandGuides,
  brands,
  categories,
  categoryGuides,
  collectionProducts,
  collections,
  type Faq,
  guides,
  products,
} from './catalog.schema'
import { displayCategoryTitle, type ProductCard } from './catalog.service.server'
import { categorySlugInput, MAX_PAGE, productIdInput } from './catalog.validation'
import { cardColumns, toCard } from './product-card.server'
import { pdpPath } from './product-path'
import { productReviews } from './reviews.schema'

/** The spec's 'Guide or post', as the shop-by-guides block shows it. */
export type GuideCard = {
  id: number
  slug: string
  title: string
  teaser: string
  type: string
  path: string
  featuredImage: { url: string; description: string }
}

/** The spec's 'Product collection': id, title, teaser, products. */
export type ProductCollection = { id: number; title: string; teaser: string; products: ProductCard[] }

/** A tile of the category image grid. */
export type CategoryTileView = { title: string; urlSlug: string; path: string; imageUrl: string | null; hidden: boolean }

/** What /store shows. */
export type StoreLanding = { collections: ProductCollection[]; categories: CategoryTileView[]; guides: GuideCard[] }

/** The spec's 'Brand', with its path. */
export type BrandView = {
  id: number
  name: string
  slug: string
  title: string
  description: string | null
  logoUrl: string
  meta: { seoTitle: string | null; seoDescription: string | null }
  frequentlyAskedQuestions: Faq[]
  guides: GuideCard[]
  brandPageUrl: string
}

/** One written review. */
export type ReviewView = { id: number; rating: number; title: string; body: string; authorName: string; createdAt: string }

/** URLs per sitemap file: the sitemaps protocol allows at most 50,000. */
export const SITEMAP_MAX_URLS = 50_000

/** The address of a brand page: /store/b/{slug}/{brandId}. */
export const brandPath = (brand: { slug: string; id: number }) => `/store/b/${brand.slug}/${brand.id}`

/** The address of a guide article. */
export const guidePath = (slug: string) => `/hello-baby/${slug}`

const guideColumns = {
  id: guides.id,
  slug: guides.slug,
  title: guides.title,
  teaser: guides.teaser,
  type: guides.type,
  featuredImageUrl: guides.featuredImageUrl,
  featuredImageDescription: guides.featuredImageDescription,
}

type GuideRow = { id: number; slug: string; title: string; teaser: string; type: string; featuredImageUrl: string; featuredImageDescription: string }

const toGuideCard = (g: GuideRow): GuideCard => ({
  id: g.id,
  slug: g.slug,
  title: g.title,
  teaser: g.teaser,
  type: g.type,
  path: guidePath(g.slug),
  featuredImage: { url: g.featuredImageUrl, description: g.featuredImageDescription },
})

const notFoundBrand = () => new DomainError('not_found', 'We could not find that brand.')

export function createStorefrontService({ db }: { db: Db }) {
  return {
    /** The store landing page: curated collections with all their products, root category tiles and guides. */
    async landing(): Promise<StoreLanding> {
      const [collectionRows, linkRows, rootRows, guideRows] = await Promise.all([
        db.select().from(collections).orderBy(asc(collections.position), asc(collections.id)),
        db
          .select({ collectionId: collectionProducts.collectionId, ...cardColumns })
          .from(collectionProducts)
          .innerJoin(products, eq(products.id, collectionProducts.productId))
          .innerJoin(brands, eq(brands.id, products.brandId))
          .orderBy(asc(collectionProducts.collectionId), asc(collectionProducts.position)),
        db
          .select({ title: categories.title, urlSlug: categories.urlSlug, imageUrl: categories.imageUrl, hidden: categories.hidden })
          .from(categories)
          .where(isNull(categories.parentId))
          .orderBy(asc(categories.position), asc(categories.id)),
        db.select(guideColumns).from(guides).orderBy(desc(guides.publishedAt), asc(guides.id)).limit(6),
      ])
      return {
        collections: collectionRows
          .map((c) => ({ id: c.id, title: c.title, teaser: c.teaser, products: linkRows.filter((l) => l.collectionId === c.id).map(toCard) }))
          .filter((c) => c.products.length > 0),
        categories: rootRows.map((c) => ({
          title: displayCategoryTitle(c.title),
          urlSlug: c.urlSlug,
          path: `/store/${c.urlSlug}`,
          imageUrl: c.imageUrl,
          hidden: c.hidden,
        })),
        guides: guideRows.map(toGuideCard),
      }
    },

    /** A brand by id with its guides; not_found for an unknown or malformed id. The slug is not checked here. */
    async brand(brandId: unknown): Promise<BrandView> {
      const id = productIdInput.safeParse(brandId)
      if (!id.success) throw notFoundBrand()
      const [row] = await db.select().from(brands).where(eq(brands.id, id.data)).limit(1)
      if (!row) throw notFoundBrand()
      const linked = await db
        .select(guideColumns)
        .from(brandGuides)
        .innerJoin(guides, eq(guides.id, brandGuides.guideId))
        .where(eq(brandGuides.brandId, row.id))
        .orderBy(asc(brandGuides.position), asc(guides.id))
      return {
        id: row.id,
        name: row.name,
        slug: row.slug,
        title: row.title,
        description: row.description,
        logoUrl: row.logoUrl,
        meta: { seoTitle: row.seoTitle, seoDescription: row.seoDescription },
        frequentlyAskedQuestions: row.faqs,
        guides: linked.map(toGuideCard),
        brandPageUrl: brandPath(row),
      }
    },

    /** The guides of a category, or of its nearest ancestor that has some (for product pages). */
    async guidesForCategory(urlSlug: string, limit = 6): Promise<GuideCard[]> {
      const slug = categorySlugInput.safeParse(urlSlug)
      if (!slug.success) return []
      const all = await db.select({ id: categories.id, parentId: categories.parentId, urlSlug: categories.urlSlug }).from(categories)
      let node = all.find((c) => c.urlSlug === slug.data)
      const chain: number[] = []
      while (node && chain.length < 20) {
        chain.push(node.id)
        const parent: number | null = node.parentId
        node = all.find((c) => c.id === parent)
      }
      if (chain.length === 0) return []
      const rows = await db
        .select({ categoryId: categoryGuides.categoryId, ...guideColumns })
        .from(categoryGuides)
        .innerJoin(guides, eq(guides.id, categoryGuides.guideId))
        .where(sql`${categoryGuides.categoryId} = any(${sql.param(chain)}::int[])`)
        .orderBy(asc(categoryGuides.position), asc(guides.id))
      // Nearest first: the category's own guides, then its parent's, without repeats.
      const seen = new Set<number>()
      const out: GuideCard[] = []
      for (const categoryId of chain) {
        for (const r of rows) {
          if (r.categoryId !== categoryId || seen.has(r.id)) continue
          seen.add(r.id)
          out.push(toGuideCard(r))
        }
      }
      return out.slice(0, limit)
    },

    /** The newest written reviews of a product (at most `limit`, default 6). */
    async productReviews(productId: number, limit = 6): Promise<ReviewView[]> {
      const id = productIdInput.safeParse(productId)
      if (!id.success) return []
      const rows = await db
        .select()
        .from(productReviews)
        .where(eq(productReviews.productId, id.data))
        .orderBy(desc(productReviews.createdAt), asc(productReviews.id))
        .limit(Math.min(Math.max(Math.trunc(limit), 1), 50))
      return rows.map((r) => ({ id: r.id, rating: r.rating, title: r.title, body: r.body, authorName: r.authorName, createdAt: r.createdAt.toISOString() }))
    },

    /** Paths for the sitemap: visible categories, brands and guides (small lists), and how many product files there are. */
    async sitemapIndex(): Promise<{ categories: string[]; brands: string[]; guides: string[]; productCount: number; productFiles: number }> {
      const [cats, brandRows, guideRows, [n]] = await Promise.all([
        db.select({ urlSlug: categories.urlSlug }).from(categories).where(eq(categories.hidden, false)).orderBy(asc(categories.id)),
        db.select({ id: brands.id, slug: brands.slug }).from(brands).orderBy(asc(brands.id)),
        db.select({ slug: guides.slug }).from(guides).orderBy(asc(guides.id)),
        db.select({ n: count() }).from(products),
      ])
      const productCount = n?.n ?? 0
      return {
        categories: cats.map((c) => `/store/${c.urlSlug}`),
        brands: brandRows.map(brandPath),
        guides: guideRows.map((g) => guidePath(g.slug)),
        productCount,
        productFiles: Math.ceil(productCount / SITEMAP_MAX_URLS),
      }
    },

    /**
     * Product page paths of sitemap file `file` (1-based), SITEMAP_MAX_URLS per file in id order.
     * Keyset over the primary key: the file's first id is found by an index-only scan, then a range read.
     */
    async sitemapProducts(file: number): Promise<string[]> {
      if (!Number.isInteger(file) || file < 1 || file > MAX_PAGE) return []
      const rows = await db
        .select({ id: products.id, slug: products.slug })
        .from(products)
        .where(
          and(
            sql`${products.id} >= coalesce((select p.id from products p order by p.id offset ${(file - 1) * SITEMAP_MAX_URLS} limit 1), 2147483647)`,
          ),
        )
        .orderBy(asc(products.id))
        .limit(SITEMAP_MAX_URLS)
      return rows.map((r) => pdpPath({ slug: r.slug, genericProductId: r.id }))
    },
  }
}

export type StorefrontService = ReturnType<typeof createStorefrontService>
