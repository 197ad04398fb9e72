// The product listing engine's use cases: listings (search, category, brand, fixed listings) with exact
// facet counts, and search-box suggestions. Answers come from the in-memory index when it is loaded and
// from PostgreSQL otherwise; both read the same ResolvedQuery and return the same RawListing.
import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import type { Db } from '~/db/client.server'
import { DomainError, messages } from '~/lib/errors'
import { STORE_PRODUCTS_PER_PAGE } from '../catalog/catalog.validation'
import type { ProductCard } from '../catalog/catalog.service.server'
import type { Facet, FacetValue, ListingQuery, ListingResult } from './search.types'
import { cardsByIds } from './search-cards.server'
import {
  brandForTerm,
  buildVocabulary,
  type CatalogMeta,
  categoryTreeIds,
  loadCatalogMeta,
  metaWordFrequency,
  resolveQuery,
  vocabularyCompletions,
} from './search-catalog.server'
import { buildFacets, type ListingEngine, type RawListing } from './search-engine'
import { createSqlEngine } from './search-sql.server'
import { DID_YOU_MEAN_LIMIT, type DidYouMean, didYouMeanCandidates, searchUrl } from './search-did-you-mean'
import { correctWord, MAX_TERM_WORDS, tokenize, type Vocabulary, wordForms } from './search-text'

/** Suggestions are looked up for terms of at least 3 characters (spec §5). */
export const SUGGESTION_MIN_LENGTH = 3
export const SUGGESTION_LIMIT = 8
/** The longest term a suggestion lookup reads; the rest is ignored. */
export const SUGGESTION_MAX_LENGTH = 100

/** What the listing engine needs about product names for suggestions and the vocabulary. */
export interface SuggestionSource {
  /** Up to `limit` product names whose words start with every form set, most popular first. */
  productNames(words: string[][], limit: number): Promise<string[]>
  /** How many products use each word of their names. */
  nameWordFrequency(): Promise<Map<string, number>>
}

export type SearchEngineSet = {
  /** The engine answering now (the index once loaded). */
  current(): ListingEngine
  meta(): Promise<CatalogMeta>
  vocabulary(): Promise<Vocabulary>
  suggestionSource(): SuggestionSource
  /** Cards for these ids in this order (skipping ids no longer in the catalogue); default: read from PostgreSQL. */
  cards?(ids: number[]): Promise<ProductCard[]>
}

const VOCABULARY_TTL_MS = 10 * 60 * 1000

function sqlSuggestionSource(pool: pg.Pool): SuggestionSource {
  return {
    async productNames(words, limit) {
      if (words.length === 0) return []
      const conds = words.map((forms, i) => `name ~* $${i + 1}`)
      const { rows } = await pool.query<{ name: string }>(
        `select name from products where ${conds.join(' and ')} order by popularity desc, id limit ${Math.trunc(limit)}`,
        words.map((forms) => `\\m(${forms.join('|')})`),
      )
      return rows.map((r) => r.name)
    },
    async nameWordFrequency() {
      const { rows } = await pool.query<{ w: string; n: string }>(
        `select w, count(*) n from products, regexp_split_to_table(lower(name), '[^a-z0-9]+') w where w <> '' group by w`,
      )
      return new Map(rows.map((r) => [r.w, Number(r.n)]))
    },
  }
}

/** PostgreSQL only: meta read per call, the vocabulary cached for ten minutes. */
export function createSqlEngineSet(pool: pg.Pool): SearchEngineSet {
  const engine = createSqlEngine(pool)
  const source = sqlSuggestionSource(pool)
  let vocab: { value: Promise<Vocabulary>; at: number } | undefined
  return {
    current: () => engine,
    meta: () => loadCatalogMeta(pool),
    async vocabulary() {
      if (!vocab || Date.now() - vocab.at > VOCABULARY_TTL_MS) {
        const value = (async () => {
          const [meta, names] = await Promise.all([loadCatalogMeta(pool), source.nameWordFrequency()])
          const freq = metaWordFrequency(meta)
          for (const [w, n] of names) freq.set(w, (freq.get(w) ?? 0) + n)
          return buildVocabulary(freq)
        })()
        vocab = { value, at: Date.now() }
        value.catch(() => {
          vocab = undefined
        })
      }
      return vocab.value
    },
    suggestionSource: () => source,
  }
}

const emptyListing = (): RawListing => ({
  ids: [],
  count: 0,
  brandCounts: new Map(),
  categoryCounts: new Map(),
  price: { min: null, max: null, count: 0 },
  ratingHistogram: [0, 0, 0, 0, 0, 0],
  onSaleCount: 0,
  availableCount: 0,
})

/**
 * Products sit in leaf categories, so those are the category facet's options. A chosen category with
 * subcategories (the sale page's 'Shop all gear on sale' chooses strollers, car-seats, …) is listed first too,
 * so the filter panel shows it checked and can uncheck it; its count is that of its whole tree.
 */
export function withChosenParentCategories(facets: Facet[], raw: RawListing, meta: CatalogMeta, chosen: readonly string[] | undefined): Facet[] {
  if (!chosen?.length) return facets
  const options: FacetValue[] = []
  const seen = new Set<number>()
  for (const value of chosen) {
    const key = value.trim().toLowerCase()
    const c = meta.categoryBySlug.get(key) ?? meta.categories.find((x) => x.title.toLowerCase() === key || String(x.id) === key)
    if (!c || c.hidden || seen.has(c.id) || !meta.childrenOf.get(c.id)?.some((child) => !child.hidden)) continue
    seen.add(c.id)
    options.push({ label: c.title, value, count: categoryTreeIds(meta, c).reduce((n, id) => n + (raw.categoryCounts.get(id) ?? 0), 0) })
  }
  if (!options.length) return facets
  return facets.map((f) => (f.key === 'categories' ? { ...f, values: [...options, ...f.values] } : f))
}

export type SearchServiceDeps = { db: Db; pool: pg.Pool; engines?: SearchEngineSet }

/** The listing engine's use cases; `engines` picks SQL or the in-memory index (default: SQL). */
export function createSearchService(deps: SearchServiceDeps) {
  const engines = deps.engines ?? createSqlEngineSet(deps.pool)

  /** Nearby terms (search-did-you-mean.ts) that find products in a plain search, which is where their links go. */
  async function didYouMeanFor(term: string, meta: CatalogMeta, vocab: Vocabulary): Promise<DidYouMean[]> {
    const candidates = didYouMeanCandidates(term, vocab)
    const found = await Promise.all(
      candidates.map(async (searchTerm) => {
        const resolved = resolveQuery(meta, vocab, { searchTerm, filters: {}, sort: 'popular', order: 'desc', page: 1, limit: 1 })
        if (resolved.words.length === 0) return false
        const raw = await engines.current().run({ ...resolved, sort: 'popular', order: 'desc', offset: 0, limit: 1 }, meta)
        return raw.count > 0
      }),
    )
    return candidates.filter((_, i) => found[i]).slice(0, DID_YOU_MEAN_LIMIT).map((searchTerm) => ({ searchTerm, url: searchUrl(searchTerm) }))
  }

  return {
    /** The engine answering now: 'sql' or 'index'. */
    engineName: () => engines.current().name,

    /** One page of a listing with its count and exact facet counts (each section's counts exclude its own filter). */
    async listing(query: ListingQuery): Promise<ListingResult> {
      const limit = Math.min(Math.max(Math.trunc(query.limit || STORE_PRODUCTS_PER_PAGE), 1), 100)
      const page = Math.max(Math.trunc(query.page || 1), 1)
      const [meta, vocab] = await Promise.all([engines.meta(), engines.vocabulary()])
      const resolved = resolveQuery(meta, vocab, query)
      // A term with no searchable word ('(((', '👶') matches nothing rather than everything.
      const raw =
        resolved.hasTerm && resolved.words.length === 0
          ? emptyListing()
          : await engines.current().run({ ...resolved, sort: query.sort, order: query.order, offset: (page - 1) * limit, limit }, meta)
      const heroProducts = engines.cards ? await engines.cards(raw.ids) : await cardsByIds(deps.pool, raw.ids)
      const result: ListingResult = {
        heroProducts,
        facets: withChosenParentCategories(buildFacets(raw, meta), raw, meta, query.filters.categories),
        count: raw.count,
        page,
        pageSize: limit,
        pageCount: Math.ceil(raw.count / limit),
      }
      if (resolved.hasTerm) {
        result.searchId = randomUUID()
        const brand = brandForTerm(meta, query.searchTerm ?? '')
        if (brand) result.brand = brand
        if (raw.count === 0) {
          const didYouMean = await didYouMeanFor(query.searchTerm ?? '', meta, vocab)
          if (didYouMean.length) result.didYouMean = didYouMean
        }
      }
      return result
    },

    /**
     * Search-box suggestions: completions of the term's last word, then brands, categories and popular
     * product names whose words start with the term's words (typos corrected). Fewer than 3 characters: none.
     */
    async suggestions(term: string | undefined | null): Promise<{ searchTerm: string }[]> {
      if (term === undefined || term === null) throw new DomainError('invalid_input', messages.searchTermMissing)
      const clean = term.slice(0, SUGGESTION_MAX_LENGTH).replace(/\s+/g, ' ').trim()
      if (clean.length < SUGGESTION_MIN_LENGTH) return []
      const tokens = tokenize(clean).slice(0, MAX_TERM_WORDS)
      if (tokens.length === 0) return []
      const [meta, vocab] = await Promise.all([engines.meta(), engines.vocabulary()])
      const last = tokens.at(-1)!
      const head = tokens.slice(0, -1).map((w) => correctWord(w, vocab))
      // The last word is a prefix while typed; only when nothing starts with it is it treated as a typo.
      const completions = vocabularyCompletions(vocab, last, 3)
      const lastWord = completions.length ? last : correctWord(last, vocab)
      const words = [...head, lastWord]
      const formSets = words.map((w, i) => (i === words.length - 1 ? [w] : wordForms(w)))
      const matches = (text: string) => {
        const t = tokenize(text)
        return formSets.every((forms) => t.some((tok) => forms.some((f) => tok.startsWith(f))))
      }
      const out: string[] = []
      const seen = new Set<string>()
      const add = (s: string) => {
        const key = s.toLowerCase()
        if (!seen.has(key) && out.length < SUGGESTION_LIMIT) {
          seen.add(key)
          out.push(s)
        }
      }
      const headText = head.join(' ')
      for (const c of completions.length ? completions : [lastWord]) if (matches(`${headText} ${c}`)) add(`${headText} ${c}`.trim())
      for (const b of meta.brands) if (matches(b.name)) add(b.name)
      for (const c of meta.categories) if (!c.hidden && matches(c.title)) add(c.title)
      if (out.length < SUGGESTION_LIMIT) {
        for (const name of await engines.suggestionSource().productNames(formSets, SUGGESTION_LIMIT)) add(name)
      }
      return out.map((searchTerm) => ({ searchTerm }))
    },

    /** The brand whose name the whole term is, for 'Shop all {brand} products'. */
    async brandForTerm(term: string | undefined) {
      if (!term?.trim()) return undefined
      return brandForTerm(await engines.meta(), term.slice(0, 200))
    },

    /** Brands whose name matches the term's words by prefix (all brands for an empty term), by name. */
    async brands(term: string | undefined) {
      const meta = await engines.meta()
      const words = tokenize((term ?? '').slice(0, 200)).slice(0, MAX_TERM_WORDS)
      return meta.brands
        .filter((b) => words.every((w) => b.tokens.some((t) => wordForms(w).some((f) => t.startsWith(f)))))
        .map((b) => ({ id: b.id, name: b.name, slug: b.slug, title: b.title, brandPageUrl: `/store/b/${b.slug}/${b.id}` }))
        .sort((a, b) => a.name.localeCompare(b.name))
    },
  }
}

export type SearchService = ReturnType<typeof createSearchService>
