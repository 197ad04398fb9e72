import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

/** A question and answer shown in a category's or brand's FAQ section. */
export type Faq = { question: string; answer: string }

/** The category image grid's callout tile (spec §3 'Category tile': grid callout: title, message, small). */
export type GridCallout = { title: string; message: string; small?: boolean }

/** A text badge (top-left of a card) or an image badge (top-right). */
export type Badge =
  | { type: 'text'; text: string; variant: 'primary' | 'neutral' | 'discount' }
  | { type: 'image'; imageUrl: string; title: string }

/** Choices a shopper makes before adding a product to the cart or registry. */
export type ProductOptions = { sizes?: string[]; colors?: string[] }

export const productType = pgEnum('product_type', ['product', 'cash_fund', 'favor', 'gift_card'])

export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey(),
    parentId: integer('parent_id'),
    title: text('title').notNull(),
    urlSlug: text('url_slug').notNull(),
    position: integer('position').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    isSortable: boolean('is_sortable').notNull().default(true),
    sortType: text('sort_type'),
    sortOrder: text('sort_order'),
    teaserImageUrl: text('teaser_image_url'),
    teaserText: text('teaser_text'),
    teaserLinkText: text('teaser_link_text'),
    teaserLinkUrl: text('teaser_link_url'),
    imageUrl: text('image_url'),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    faqs: jsonb('faqs').$type<Faq[]>().notNull().default([]),
    /** A callout tile shown after the category's subcategory tiles; null: none. */
    gridCallout: jsonb('grid_callout').$type<GridCallout>(),
  },
  (t) => [uniqueIndex('categories_url_slug_key').on(t.urlSlug), index('categories_parent_idx').on(t.parentId, t.position)],
)

export const brands = pgTable(
  'brands',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    logoUrl: text('logo_url').notNull(),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    faqs: jsonb('faqs').$type<Faq[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('brands_slug_key').on(t.slug), index('brands_lower_name_idx').on(sql`lower(${t.name})`)],
)

export const products = pgTable(
  'products',
  {
    /** The genericProductId in product page paths. */
    id: integer('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    description: text('description').notNull(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    productType: productType('product_type').notNull().default('product'),
    priceCents: integer('price_cents').notNull(),
    salePriceCents: integer('sale_price_cents'),
    msrpCents: integer('msrp_cents'),
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }),
    reviewCount: integer('review_count').notNull().default(0),
    stock: integer('stock').notNull().default(0),
    available: boolean('available').notNull().default(true),
    fsaHsaEligible: boolean('fsa_hsa_eligible').notNull().default(false),
    popularity: integer('popularity').notNull().default(0),
    imageUrl: text('image_url').notNull(),
    secondaryImageUrl: text('secondary_image_url'),
    badges: jsonb('badges').$type<Badge[]>().notNull().default([]),
    callouts: jsonb('callouts').$type<string[]>().notNull().default([]),
    options: jsonb('options').$type<ProductOptions>().notNull().default({}),
    /** A letter and three digits; /store/code/{code} leads here. */
    shortCode: text('short_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_category_popularity_idx').on(t.categoryId, t.popularity.desc()),
    index('products_brand_popularity_idx').on(t.brandId, t.popularity.desc()),
    index('products_created_at_idx').on(t.createdAt.desc()),
    uniqueIndex('products_short_code_key').on(t.shortCode),
    // Shop search: `name ILIKE '%word%'` per word (catalog.service searchProducts). Needs the pg_trgm
    // extension, which the migration must create first (drizzle-kit does not emit CREATE EXTENSION).
    index('products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
)

export const guides = pgTable(
  'guides',
  {
    id: integer('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    teaser: text('teaser').notNull(),
    body: text('body').notNull(),
    type: text('type').notNull().default('guide'),
    featuredImageUrl: text('featured_image_url').notNull(),
    featuredImageDescription: text('featured_image_description').notNull(),
    topics: jsonb('topics').$type<{ name: string; slug: string }[]>().notNull().default([]),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('guides_slug_key').on(t.slug)],
)

export const categoryGuides = pgTable(
  'category_guides',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.guideId] }), index('category_guides_guide_idx').on(t.guideId)],
)

export const brandGuides = pgTable(
  'brand_guides',
  {
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.guideId] }), index('brand_guides_guide_idx').on(t.guideId)],
)

export const collections = pgTable('collections', {
  id: integer('id').primaryKey(),
  title: text('title').notNull(),
  teaser: text('teaser').notNull(),
  position: integer('position').notNull().default(0),
})

export const collectionProducts = pgTable(
  'collection_products',
  {
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.productId] }), index('collection_products_product_idx').on(t.productId)],
)
