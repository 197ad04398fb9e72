// What both listing engines need to know about the catalogue besides products: brands, categories,
// the search vocabulary, and the resolution of a ListingQuery's names (slugs, brand names) to ids.
import type pg from 'pg'
import { DomainError } from '~/lib/errors'
import { displayCategoryTitle } from '../catalog/catalog.service.server'
import type { ListingQuery } from './search.types'
import { expandTerm } from './search-synonyms'
import { buildVocabulary, hasPrefix, lowerBound, tokenize, type Vocabulary, wordForms } from './search-text'

export type BrandMeta = { id: number; name: string; slug: string; title: string; tokens: string[] }
export type CategoryMeta = { id: number; parentId: number | null; title: string; urlSlug: string; hidden: boolean }

export type CatalogMeta = {
  brands: BrandMeta[]
  brandById: Map<number, BrandMeta>
  categories: CategoryMeta[]
  categoryById: Map<number, CategoryMeta>
  categoryBySlug: Map<string, CategoryMeta>
  childrenOf: Map<number, CategoryMeta[]>
}

/** Brands and categories: small tables, read whole. */
export async function loadCatalogMeta(pool: pg.Pool): Promise<CatalogMeta> {
  const [b, c] = await Promise.all([
    pool.query<{ id: number; name: string; slug: string; title: string }>('select id, name, slug, title from brands order by id'),
    pool.query<{ id: number; parent_id: number | null; title: string; url_slug: string; hidden: boolean; position: number }>(
      'select id, parent_id, title, url_slug, hidden, position from categories order by position, id',
    ),
  ])
  const brands = b.rows.map((r) => ({ ...r, tokens: tokenize(r.name) }))
  const categories = c.rows.map((r) => ({ id: r.id, parentId: r.parent_id, title: displayCategoryTitle(r.title), urlSlug: r.url_slug, hidden: r.hidden }))
  const childrenOf = new Map<number, CategoryMeta[]>()
  for (const cat of categories) if (cat.parentId !== null) childrenOf.set(cat.parentId, [...(childrenOf.get(cat.parentId) ?? []), cat])
  return {
    brands,
    brandById: new Map(brands.map((x) => [x.id, x])),
    categories,
    categoryById: new Map(categories.map((x) => [x.id, x])),
    categoryBySlug: new Map(categories.map((x) => [x.urlSlug, x])),
    childrenOf,
  }
}

/** A category and its visible descendants. */
export function categoryTreeIds(meta: CatalogMeta, root: CategoryMeta): number[] {
  const ids: number[] = []
  const stack = [root]
  while (stack.length && ids.length < 10_000) {
    const node = stack.pop()!
    ids.push(node.id)
    for (const child of meta.childrenOf.get(node.id) ?? []) if (!child.hidden) stack.push(child)
  }
  return ids
}

/** The brand whose name (or slug) the whole term is, ignoring case, spaces and punctuation. */
export function brandForTerm(meta: CatalogMeta, term: string) {
  const key = tokenize(term).join(' ')
  if (!key) return undefined
  const brand = meta.brands.find((b) => b.tokens.join(' ') === key || tokenize(b.slug).join(' ') === key)
  return brand ? { id: brand.id, title: brand.title, brandPageUrl: `/store/b/${brand.slug}/${brand.id}` } : undefined
}

/** A ListingQuery with names resolved to ids; `null` sets mean "no filter". */
export type ResolvedQuery = {
  /** Corrected and synonym-expanded words; each must match the product name or brand name by one of its forms (prefixes). Empty: no term. */
  words: { word: string; forms: string[]; brandIds: number[] }[]
  hasTerm: boolean
  /** Products must be in one of these categories (the category page and its descendants). */
  scopeCategoryIds: number[] | null
  scopeBrandId: number | null
  listing: ListingQuery['listing'] | null
  /** Left out whatever the filters (ListingQuery.exclude). */
  excludeBrandIds: number[] | null
  excludeCategoryIds: number[] | null
  shopProductsOnly: boolean
  brandIds: number[] | null
  categoryIds: number[] | null
  onSale: boolean
  available: boolean
  minPriceCents: number | null
  maxPriceCents: number | null
  minRating: number | null
}

/** Resolves slugs and names to ids and corrects the term's words; not_found for an unknown category or brand scope. */
export function resolveQuery(meta: CatalogMeta, vocab: Vocabulary, q: ListingQuery): ResolvedQuery {
  const term = q.searchTerm?.trim() ?? ''
  const words = term
    ? expandTerm(term, vocab).map(({ word, alternatives }) => {
        const forms = [...new Set(alternatives.flatMap(wordForms))]
        const brandIds = meta.brands.filter((b) => b.tokens.some((t) => forms.some((f) => t.startsWith(f)))).map((b) => b.id)
        return { word, forms, brandIds }
      })
    : []
  let scopeCategoryIds: number[] | null = null
  if (q.categorySlug !== undefined) {
    const root = meta.categoryBySlug.get(q.categorySlug.trim().toLowerCase())
    if (!root) throw new DomainError('not_found', 'We could not find that category.')
    scopeCategoryIds = categoryTreeIds(meta, root)
  }
  if (q.brandId !== undefined && !meta.brandById.has(q.brandId)) throw new DomainError('not_found', 'We could not find that brand.')
  const f = q.filters ?? {}
  const lower = (values: string[] | undefined) => (values?.length ? new Set(values.map((v) => v.trim().toLowerCase())) : null)
  const brandNames = lower(f.brands)
  const categoryNames = lower(f.categories)
  return {
    words,
    hasTerm: term.length > 0,
    scopeCategoryIds,
    scopeBrandId: q.brandId ?? null,
    listing: q.listing ?? null,
    excludeBrandIds: q.exclude?.brands?.length
      ? meta.brands.filter((b) => q.exclude!.brands!.some((slug) => slug.toLowerCase() === b.slug)).map((b) => b.id)
      : null,
    excludeCategoryIds: q.exclude?.categories?.length
      ? [
          ...new Set(
            meta.categories.filter((c) => q.exclude!.categories!.some((slug) => slug.toLowerCase() === c.urlSlug)).flatMap((c) => categoryTreeIds(meta, c)),
          ),
        ]
      : null,
    shopProductsOnly: q.exclude?.shopProductsOnly === true,
    brandIds: brandNames
      ? meta.brands.filter((b) => brandNames.has(b.slug) || brandNames.has(b.name.toLowerCase()) || brandNames.has(String(b.id))).map((b) => b.id)
      : null,
    categoryIds: categoryNames
      ? [
          ...new Set(
            meta.categories
              .filter((c) => categoryNames.has(c.urlSlug) || categoryNames.has(c.title.toLowerCase()) || categoryNames.has(String(c.id)))
              .flatMap((c) => categoryTreeIds(meta, c)),
          ),
        ]
      : null,
    onSale: f.onSale === true,
    available: f.available === true,
    minPriceCents: f.minPrice !== undefined && Number.isFinite(f.minPrice) ? Math.round(f.minPrice * 100) : null,
    maxPriceCents: f.maxPrice !== undefined && Number.isFinite(f.maxPrice) ? Math.round(f.maxPrice * 100) : null,
    minRating: f.minRating !== undefined && Number.isFinite(f.minRating) && f.minRating > 0 ? f.minRating : null,
  }
}

/** Prefix suggestions from the vocabulary, for the last (partly typed) word. */
export function vocabularyCompletions(vocab: Vocabulary, prefix: string, limit: number): string[] {
  const out: string[] = []
  for (let i = lowerBound(vocab.words, prefix); i < vocab.words.length && out.length < 200; i++) {
    const w = vocab.words[i]!
    if (!w.startsWith(prefix)) break
    out.push(w)
  }
  return out.sort((a, b) => (vocab.frequency.get(b) ?? 0) - (vocab.frequency.get(a) ?? 0) || a.localeCompare(b)).slice(0, limit)
}

/** The words of brand names and category titles, each counted once; product-name words come from the engine. */
export function metaWordFrequency(meta: CatalogMeta): Map<string, number> {
  const freq = new Map<string, number>()
  for (const b of meta.brands) for (const t of b.tokens) freq.set(t, (freq.get(t) ?? 0) + 1)
  for (const c of meta.categories) if (!c.hidden) for (const t of tokenize(c.title)) freq.set(t, (freq.get(t) ?? 0) + 1)
  return freq
}

export { buildVocabulary, hasPrefix }
