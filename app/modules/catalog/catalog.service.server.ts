import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { DomainError } from '~/lib/errors'
import { type Badge, brands, categories, categoryGuides, type Faq, type GridCallout, guides, type ProductOptions, products } from './catalog.schema'
import {
  type CategoryPageInput,
  categoryPageInput,
  categorySlugInput,
  type CategoryProductsInput,
  categoryProductsInput,
  type ProductInput,
  productInput,
  type SearchProductsInput,
  searchProductsInput,
  shortCodeInput,
  STORE_PRODUCTS_PER_PAGE,
} from './catalog.validation'
import { type GuideBlock, parseGuideBody } from './guide-body'
import { cardColumns, toCard } from './product-card.server'
import { pdpPath } from './product-path'

/** A navbar entry as the spec's 'Navbar category item': title, urlSlug, children, guides. */
export type NavbarCategory = {
  title: string
  urlSlug: string
  children: { title: string; urlSlug: string }[]
  guides: { title: string; url: string; featuredImageUrl: string }[]
}

/** The spec shows 'Holiday Gifts 🎁' without its emoji. */
export const displayCategoryTitle = (title: string) =>
  title.replace(/[\p{Extended_Pictographic}\u{FE0F}\u{200D}]/gu, '').replace(/\s+/g, ' ').trim()

/** The spec's Category entity, with its children resolved (null for a leaf). */
export type CategoryView = {
  id: number
  title: string
  path: string
  urlSlug: string
  isSortable: boolean
  hidden: boolean
  sortType: string | null
  sortOrder: string | null
  teaser: { imageUrl: string | null; text: string | null }
  teaserLinkText: string | null
  teaserLinkUrl: string | null
  imageUrl: string | null
  seoTitle: string | null
  seoDescription: string | null
  frequentlyAskedQuestions: Faq[]
  /** The callout tile after the category's image grid of subcategories (spec §3 'grid callout'), or null. */
  gridCallout: GridCallout | null
  slugSet: string[]
  children: CategoryView[] | null
}

type CategoryRow = typeof categories.$inferSelect

/** Electronic gift cards are sold from $25 to $1,000 (spec §9), in cents. */
export { ELECTRONIC_GIFT_CARD_MAX_CENTS, ELECTRONIC_GIFT_CARD_MIN_CENTS } from './catalog.constants'

/** A link to a category: breadcrumbs and the left navigation. */
export type CategoryLink = { title: string; urlSlug: string; path: string }

/**
 * A visible category in the left navigation, with its visible children. `leaf` is set where the children
 * were left out (openNavBranch): whether the category has visible children at all.
 */
export type CategoryNavItem = CategoryLink & { children: CategoryNavItem[]; leaf?: boolean }

/**
 * The navigation as a page shows it: every top-level category, children only along the open branch (the
 * slugs of `activeSlugSet`). A category page sends this, not the whole tree (docs/decisions/028, h10):
 * the root loader's navbar already carries the menus, and the rest would be serialised and never shown.
 */
export function openNavBranch(items: CategoryNavItem[], activeSlugSet: readonly string[]): CategoryNavItem[] {
  return items.map((item) =>
    activeSlugSet.includes(item.urlSlug)
      ? { ...item, children: openNavBranch(item.children, activeSlugSet) }
      : { title: item.title, urlSlug: item.urlSlug, path: item.path, children: [], leaf: item.leaf ?? item.children.length === 0 },
  )
}

export type ProductKind = (typeof products.$inferSelect)['productType']

/** Prices in integer cents: what it costs now, before a sale, the range (gift cards) and MSRP. */
export type ProductPrice = { current: number; regular: number; min: number; max: number; msrp: number | null }

/** The spec's 'Product card': what a grid shows of one product, and nothing more. */
export type ProductCard = {
  productId: number
  genericProductId: number
  slug: string
  title: string
  shortName: string
  brand: { id: number; name: string; slug: string }
  imageUrl: string
  secondaryImageUrl: string | null
  path: string
  productType: ProductKind
  isCashFund: boolean
  isFavor: boolean
  isElectronicGiftCard: boolean
  isCrowdfund: boolean
  fsaHsaEligible: boolean
  rating: number | null
  reviewCount: number
  price: ProductPrice
  onSale: boolean
  available: boolean
  /** Sizes or colours to choose before buying. */
  hasOptions: boolean
  promotionalBadges: Badge[]
  callouts: string[]
}

/**
 * What a product card renders (and the quick add and the product-clicked event read): the card without the
 * slug, short name and brand id/slug. Loaders that send many cards to the browser send this (`cardView`):
 * less loader data for React Router to decode while the page starts.
 */
export type ProductCardView = Omit<ProductCard, 'slug' | 'shortName' | 'brand'> & { brand: Pick<ProductCard['brand'], 'name'> }

/** The product page's view: the card plus description, options, category trail and short code. */
export type ProductDetail = ProductCard & {
  description: string
  options: ProductOptions
  shortCode: string | null
  createdAt: string
  category: CategoryLink
  /** Visible ancestors of the product's category, then the category itself: the breadcrumb. */
  trail: CategoryLink[]
}

/** One page of products with the numbers pagination needs. */
export type ProductPage = { items: ProductCard[]; total: number; page: number; pageSize: number; pageCount: number }

/** Everything a category page shows: the category tree, then one page of products (two queries). */
export type CategoryPage = {
  category: CategoryView
  trail: CategoryLink[]
  nav: CategoryNavItem[]
  products: ProductPage
}

const categoryLink = (row: CategoryRow): CategoryLink => ({
  title: displayCategoryTitle(row.title),
  urlSlug: row.urlSlug,
  path: `/store/${row.urlSlug}`,
})

const byPosition = (a: CategoryRow, b: CategoryRow) => a.position - b.position || a.id - b.id

function navTree(all: CategoryRow[], parentId: number | null): CategoryNavItem[] {
  return all
    .filter((c) => c.parentId === parentId && !c.hidden)
    .sort(byPosition)
    .map((c) => ({ ...categoryLink(c), children: navTree(all, c.id) }))
}

/** The row and its ancestors, root first. Hidden ancestors stay out of breadcrumbs (spec: shared layout). */
function trailOf(row: CategoryRow, all: CategoryRow[]): CategoryLink[] {
  const chain: CategoryRow[] = [row]
  let parent = all.find((c) => c.id === row.parentId)
  while (parent && chain.length < 20) {
    chain.unshift(parent)
    const next = parent.parentId
    parent = all.find((c) => c.id === next)
  }
  return chain.filter((c) => c === row || !c.hidden).map(categoryLink)
}

/** `%word%` for ILIKE, with the pattern characters in the word taken literally. */
const containsPattern = (word: string) => `%${word.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

/** The distinct lowercase words of a search term. */
export const searchWords = (term: string) => [...new Set(term.toLowerCase().split(/\s+/).filter(Boolean))]

/**
 * Every word must appear in the product's name or its brand's name. The brand side is an uncorrelated
 * `= any(array(subquery))` (an InitPlan), so PostgreSQL can combine an index on brand_id with the
 * trigram index on products.name in one bitmap scan.
 */
function searchCondition(words: string[]): SQL | undefined {
  return and(
    ...words.map((word) => {
      const pattern = containsPattern(word)
      return or(
        ilike(products.name, pattern),
        sql`${products.brandId} = any(array(select b.id from brands b where b.name ilike ${pattern}))`,
      )
    }),
  )
}

/** Most popular first, written to match products_*_popularity_idx (DESC NULLS LAST) so it can walk the index. */
const byPopularity = sql`${products.popularity} desc nulls last`

/** The category and its visible descendants: the categories whose products a category page lists. */
function categoryTreeIds(row: CategoryRow, all: CategoryRow[]): number[] {
  const ids = [row.id]
  for (let i = 0; i < ids.length && ids.length < 10_000; i++) {
    for (const c of all) if (c.parentId === ids[i] && !c.hidden) ids.push(c.id)
  }
  return ids
}

/**
 * Products in these categories. The ids travel as one array parameter, so the planner sees real values
 * and uses products_category_popularity_idx (a CTE computing them in SQL made it scan the whole table).
 */
const inCategories = (ids: number[]): SQL => sql`${products.categoryId} = any(${sql.param(ids)}::int[])`

function toCategoryView(row: CategoryRow, all: CategoryRow[], ancestors: string[]): CategoryView {
  const slugSet = [...ancestors, row.urlSlug]
  const kids = all.filter((c) => c.parentId === row.id).sort((a, b) => a.position - b.position || a.id - b.id)
  return {
    id: row.id,
    title: displayCategoryTitle(row.title),
    path: `/store/${row.urlSlug}`,
    urlSlug: row.urlSlug,
    isSortable: row.isSortable,
    hidden: row.hidden,
    sortType: row.sortType,
    sortOrder: row.sortOrder,
    teaser: { imageUrl: row.teaserImageUrl, text: row.teaserText },
    teaserLinkText: row.teaserLinkText,
    teaserLinkUrl: row.teaserLinkUrl,
    imageUrl: row.imageUrl,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    frequentlyAskedQuestions: row.faqs,
    gridCallout: row.gridCallout ?? null,
    slugSet,
    children: kids.length ? kids.map((k) => toCategoryView(k, all, slugSet)) : null,
  }
}

export function createCatalogService({ db }: { db: Db }) {
  // The category tree is small (tens to hundreds of rows): read it whole and resolve in memory.
  const allCategories = () => db.select().from(categories)

  function ancestorsOf(row: CategoryRow, all: CategoryRow[]): string[] {
    const chain: string[] = []
    let parent = all.find((c) => c.id === row.parentId)
    while (parent && chain.length < 20) {
      chain.unshift(parent.urlSlug)
      const next = parent.parentId
      parent = all.find((c) => c.id === next)
    }
    return chain
  }

  /**
   * One page of cards matching `where`, most popular first, with the total from the same statement
   * (a window count). Only a page past the end needs a second, count-only query.
   */
  async function productPage(where: SQL | undefined, page: number): Promise<ProductPage> {
    const pageSize = STORE_PRODUCTS_PER_PAGE
    const rows = await db
      .select({ ...cardColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(where)
      .orderBy(byPopularity, asc(products.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize)
    let total = rows[0]?.total
    if (total === undefined) {
      total =
        page === 1
          ? 0
          : ((await db.select({ n: count() }).from(products).innerJoin(brands, eq(brands.id, products.brandId)).where(where))[0]?.n ?? 0)
    }
    return { items: rows.map(toCard), total, page, pageSize, pageCount: Math.ceil(total / pageSize) }
  }

  /** Pages past the last one are not found (page 1 of nothing is an empty page, not an error). */
  function assertPageExists(result: ProductPage) {
    if (result.page > 1 && result.page > result.pageCount) {
      const last = Math.max(result.pageCount, 1)
      throw new DomainError(
        'not_found',
        `There is no page ${result.page}: these products fit on ${last} ${last === 1 ? 'page' : 'pages'}.`,
        { fields: { page: [`Choose a page from 1 to ${last}.`] } },
      )
    }
    return result
  }

  const notFoundCategory = () => new DomainError('not_found', 'We could not find that category.')

  return {
    /** Every top-level category with its descendants. */
    async categoryTree(): Promise<CategoryView[]> {
      const all = await allCategories()
      return all
        .filter((c) => c.parentId === null)
        .sort((a, b) => a.position - b.position || a.id - b.id)
        .map((c) => toCategoryView(c, all, []))
    },

    /** One category by id or url slug, with its children resolved; not_found when there is none. */
    async category(key: { id: number } | { urlSlug: string }): Promise<CategoryView> {
      const all = await allCategories()
      const row = all.find((c) => ('id' in key ? c.id === key.id : c.urlSlug === key.urlSlug))
      if (!row) throw new DomainError('not_found', 'We could not find that category.')
      return toCategoryView(row, all, ancestorsOf(row, all))
    },

    /** The store navigation tree: visible top-level categories with their visible children and guides. */
    async navbarCategories(): Promise<NavbarCategory[]> {
      const top = await db
        .select({ id: categories.id, title: categories.title, urlSlug: categories.urlSlug })
        .from(categories)
        .where(and(isNull(categories.parentId), eq(categories.hidden, false)))
        .orderBy(asc(categories.position), asc(categories.id))
      if (top.length === 0) return []
      const ids = top.map((c) => c.id)
      const [children, linkedGuides] = await Promise.all([
        db
          .select({ parentId: categories.parentId, title: categories.title, urlSlug: categories.urlSlug })
          .from(categories)
          .where(and(inArray(categories.parentId, ids), eq(categories.hidden, false)))
          .orderBy(asc(categories.position), asc(categories.id)),
        db
          .select({
            categoryId: categoryGuides.categoryId,
            title: guides.title,
            slug: guides.slug,
            featuredImageUrl: guides.featuredImageUrl,
          })
          .from(categoryGuides)
          .innerJoin(guides, eq(guides.id, categoryGuides.guideId))
          .where(inArray(categoryGuides.categoryId, ids))
          .orderBy(asc(categoryGuides.position)),
      ])
      return top.map((c) => ({
        title: displayCategoryTitle(c.title),
        urlSlug: c.urlSlug,
        children: children
          .filter((child) => child.parentId === c.id)
          .map((child) => ({ title: displayCategoryTitle(child.title), urlSlug: child.urlSlug })),
        guides: linkedGuides
          .filter((g) => g.categoryId === c.id)
          .map((g) => ({ title: g.title, url: `/hello-baby/${g.slug}`, featuredImageUrl: g.featuredImageUrl })),
      }))
    },

    /** A category page: the category, its breadcrumb, the left navigation and one page of its products. */
    async categoryPage(input: CategoryPageInput): Promise<CategoryPage> {
      const { urlSlug, page } = categoryPageInput.parse(input)
      const all = await allCategories()
      const row = all.find((c) => c.urlSlug === urlSlug)
      if (!row) throw notFoundCategory()
      return {
        category: toCategoryView(row, all, ancestorsOf(row, all)),
        trail: trailOf(row, all),
        nav: navTree(all, null),
        products: assertPageExists(await productPage(inCategories(categoryTreeIds(row, all)), page)),
      }
    },

    /** A category with its breadcrumb trail and the left navigation tree, without products (one query). */
    async categoryContext(urlSlug: string): Promise<Omit<CategoryPage, 'products'>> {
      const slug = categorySlugInput.safeParse(urlSlug)
      if (!slug.success) throw notFoundCategory()
      const all = await allCategories()
      const row = all.find((c) => c.urlSlug === slug.data)
      if (!row) throw notFoundCategory()
      return { category: toCategoryView(row, all, ancestorsOf(row, all)), trail: trailOf(row, all), nav: navTree(all, null) }
    },

    /** One page of the products of a category and its visible descendants, most popular first. */
    async categoryProducts(input: CategoryProductsInput): Promise<ProductPage> {
      const { urlSlug, page } = categoryProductsInput.parse(input)
      const all = await allCategories()
      const row = all.find((c) => c.urlSlug === urlSlug)
      if (!row) throw notFoundCategory()
      return assertPageExists(await productPage(inCategories(categoryTreeIds(row, all)), page))
    },

    /** One page of the products whose name or brand name contains every word of the term; none for an empty term. */
    async searchProducts(input: SearchProductsInput): Promise<ProductPage> {
      const { searchTerm, page } = searchProductsInput.parse(input)
      const words = searchWords(searchTerm)
      if (words.length === 0) return { items: [], total: 0, page: 1, pageSize: STORE_PRODUCTS_PER_PAGE, pageCount: 0 }
      return assertPageExists(await productPage(searchCondition(words), page))
    },

    /** One product for its product page, with its category trail; not_found when there is none. */
    async product(input: ProductInput): Promise<ProductDetail> {
      const { id } = productInput.parse(input)
      const [rows, all] = await Promise.all([
        db
          .select({
            ...cardColumns,
            description: products.description,
            options: products.options,
            shortCode: products.shortCode,
            createdAt: products.createdAt,
            categoryId: products.categoryId,
          })
          .from(products)
          .innerJoin(brands, eq(brands.id, products.brandId))
          .where(eq(products.id, id)),
        allCategories(),
      ])
      const row = rows[0]
      if (!row) throw new DomainError('not_found', 'We could not find that product.')
      const category = all.find((c) => c.id === row.categoryId)
      if (!category) throw new DomainError('not_found', 'We could not find that product.')
      return {
        ...toCard(row),
        description: row.description,
        options: row.options,
        shortCode: row.shortCode,
        createdAt: row.createdAt.toISOString(),
        category: categoryLink(category),
        trail: trailOf(category, all),
      }
    },

    /** Up to `limit` (default 8) popular products from the product's category, then its sibling categories; never itself. */
    async relatedProducts({ productId, limit = 8 }: { productId: number; limit?: number }): Promise<ProductCard[]> {
      const id = productInput.parse({ id: productId }).id
      const n = Math.min(Math.max(Math.trunc(limit), 1), 24)
      // The n most popular of each candidate category (an index range scan each, via LATERAL), then
      // the n best of those with the product's own category first.
      const relatedIds = sql`array(
        select t.id from (
          select s.id as cid, s.id = o.category_id as own
          from categories s,
            (select x.category_id, c.parent_id from products x join categories c on c.id = x.category_id where x.id = ${id}) o
          where s.id = o.category_id or (not s.hidden and s.parent_id = o.parent_id)
        ) cats
        cross join lateral (
          select x.id, x.popularity from products x
          where x.category_id = cats.cid and x.id <> ${id}
          order by x.popularity desc nulls last, x.id
          limit ${n}
        ) t
        order by cats.own desc, t.popularity desc, t.id
        limit ${n}
      )`
      const rows = await db
        .select(cardColumns)
        .from(products)
        .innerJoin(brands, eq(brands.id, products.brandId))
        .where(sql`${products.id} = any(${relatedIds})`)
        .orderBy(sql`(${products.categoryId} = (select x.category_id from products x where x.id = ${id})) desc`, byPopularity, asc(products.id))
      return rows.map(toCard)
    },

    /** A guide article by slug with its parsed body, the categories it belongs to and a few products from them. */
    async guide(slug: string): Promise<GuideView> {
      const parsed = categorySlugInput.safeParse(slug)
      if (!parsed.success) throw new DomainError('not_found', 'We could not find that guide.')
      const [row] = await db.select().from(guides).where(eq(guides.slug, parsed.data)).limit(1)
      if (!row) throw new DomainError('not_found', 'We could not find that guide.')
      const all = await allCategories()
      const links = await db
        .select({ categoryId: categoryGuides.categoryId })
        .from(categoryGuides)
        .where(eq(categoryGuides.guideId, row.id))
        .orderBy(asc(categoryGuides.position), asc(categoryGuides.categoryId))
      const linked = links.map((l) => all.find((c) => c.id === l.categoryId)).filter((c): c is CategoryRow => Boolean(c && !c.hidden))
      const ids = [...new Set(linked.flatMap((c) => categoryTreeIds(c, all)))]
      const cards = ids.length
        ? await db
            .select(cardColumns)
            .from(products)
            .innerJoin(brands, eq(brands.id, products.brandId))
            .where(inCategories(ids))
            .orderBy(byPopularity, asc(products.id))
            .limit(4)
        : []
      return {
        slug: row.slug,
        title: row.title,
        teaser: row.teaser,
        blocks: parseGuideBody(row.body),
        featuredImage: { url: row.featuredImageUrl, description: row.featuredImageDescription },
        topics: row.topics,
        publishedAt: row.publishedAt.toISOString(),
        categories: linked.map(categoryLink),
        products: cards.map(toCard),
      }
    },

    /** Where a short code leads: the product's page path; not_found for an unknown or malformed code. */
    async productByShortCode(code: string): Promise<{ productId: number; slug: string; path: string }> {
      const parsed = shortCodeInput.safeParse(code)
      if (!parsed.success) throw new DomainError('not_found', 'That is not a product short code.')
      // Codes differ only in the case of their letter: two exact values keep the unique index usable.
      const variants = [...new Set([parsed.data.toUpperCase(), parsed.data.toLowerCase()])]
      const [row] = await db
        .select({ id: products.id, slug: products.slug })
        .from(products)
        .where(inArray(products.shortCode, variants))
        .orderBy(asc(products.id))
        .limit(1)
      if (!row) throw new DomainError('not_found', 'No product has that short code.')
      return { productId: row.id, slug: row.slug, path: pdpPath({ slug: row.slug, genericProductId: row.id }) }
    },
  }
}

/** A guide article as its page shows it. */
export type GuideView = {
  slug: string
  title: string
  teaser: string
  blocks: GuideBlock[]
  featuredImage: { url: string; description: string }
  topics: { name: string; slug: string }[]
  publishedAt: string
  categories: CategoryLink[]
  products: ProductCard[]
}

export type CatalogService = ReturnType<typeof createCatalogService>
