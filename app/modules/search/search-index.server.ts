// The in-memory listing index: product attributes in typed arrays, postings (slot lists) per name word,
// brand and category, and every sort order precomputed. A listing is one pass over the candidate slots
// that counts each facet exactly (a product counts for a section when it passes every other section's
// filter), then a walk down the precomputed sort order. Loaded from PostgreSQL at start and kept in step
// through LISTEN search_changes (triggers in drizzle/0003_search.sql); see docs/decisions.
import type pg from 'pg'
import type { CatalogMeta } from './search-catalog.server'
import {
  BEST_MIN_RATING,
  BEST_MIN_REVIEWS,
  type EngineQuery,
  GIFT_CARD_MAX_CENTS,
  GIFT_CARD_MIN_CENTS,
  type ListingEngine,
  NEW_PRODUCT_DAYS,
  type RawListing,
} from './search-engine'
import { lowerBound, tokenize } from './search-text'

const ON_SALE = 1
const AVAILABLE = 2
const FSA = 4
const BEST = 8
/** A product the shop sells (not a gift card, cash fund or favor). */
const SHOP_PRODUCT = 16

// Filter bits of a slot that fails them.
const F_BRAND = 1
const F_CATEGORY = 2
const F_PRICE = 4
const F_RATING = 8
const F_SALE = 16
const F_AVAILABLE = 32

/** Order keys: each has its own slot order (ties by id ascending, as the SQL engine). */
type OrderKey = 'popular' | 'price_asc' | 'price_desc' | 'newest_asc' | 'newest_desc' | 'rating_asc' | 'rating_desc' | 'reviews_asc' | 'reviews_desc'
const ORDER_KEYS: OrderKey[] = ['popular', 'price_asc', 'price_desc', 'newest_asc', 'newest_desc', 'rating_asc', 'rating_desc', 'reviews_asc', 'reviews_desc']

/** Product ids below this are mapped to slots by a typed array (at most 64 MB). */
const DENSE_IDS = 16_000_000

/** Below this many matches a page is found by sorting the matches; above, by walking the global order. */
const SORT_MATCHES_BELOW = 5_000

export type ProductRow = {
  id: number
  name: string
  brand_id: number
  category_id: number
  product_type: string
  price_cents: number
  sale_price_cents: number | null
  rating: string | null
  review_count: number
  available: boolean
  fsa_hsa_eligible: boolean
  popularity: number
  created_ms: string
}

const PRODUCT_COLUMNS = `id, name, brand_id, category_id, product_type::text as product_type, price_cents, sale_price_cents, rating::text as rating,
  review_count, available, fsa_hsa_eligible, popularity, (extract(epoch from created_at) * 1000)::float8::text as created_ms`

class GrowInt32 {
  a: Int32Array
  constructor(capacity: number) {
    this.a = new Int32Array(Math.max(16, capacity))
  }
  ensure(n: number) {
    if (n > this.a.length) {
      const b = new Int32Array(Math.max(n, this.a.length * 2))
      b.set(this.a)
      this.a = b
    }
  }
}
class GrowFloat64 {
  a: Float64Array
  constructor(capacity: number) {
    this.a = new Float64Array(Math.max(16, capacity))
  }
  ensure(n: number) {
    if (n > this.a.length) {
      const b = new Float64Array(Math.max(n, this.a.length * 2))
      b.set(this.a)
      this.a = b
    }
  }
}

/** The index data; slots are appended, never reused: a changed product gets a new slot and its old one dies. */
export class ProductIndex {
  size = 0
  live = 0
  readonly id: GrowInt32
  readonly brand: GrowInt32
  readonly category: GrowInt32
  readonly popularity: GrowInt32
  readonly cur: GrowInt32
  readonly pmin: GrowInt32
  readonly pmax: GrowInt32
  /** Rating times ten; -1 for none. */
  readonly rating10: GrowInt32
  readonly reviews: GrowInt32
  readonly created: GrowFloat64
  flags = new Uint8Array(16)
  dead = new Uint8Array(16)
  names: string[] = []
  /** Product id -> slot + 1 (0: none); ids are dense integers, so an array beats a Map by ~60 bytes a product. */
  private slotPlusOne = new Int32Array(1024)
  /** Ids past DENSE_IDS (rare) live in a Map instead, so one odd id cannot allocate gigabytes. */
  private sparseSlots = new Map<number, number>()
  /** Name word -> slots, ascending. */
  postings = new Map<string, number[]>()
  /** The name words, sorted, for prefix ranges. */
  words: string[] = []
  brandSlots = new Map<number, number[]>()
  categorySlots = new Map<number, number[]>()
  orders = new Map<OrderKey, number[]>()
  /** Slot -> position in each order; rebuilt lazily after a change. */
  private ranks = new Map<OrderKey, Int32Array>()
  maxCreated = 0
  maxBrand = 0
  maxCategory = 0

  constructor(capacity: number) {
    this.id = new GrowInt32(capacity)
    this.brand = new GrowInt32(capacity)
    this.category = new GrowInt32(capacity)
    this.popularity = new GrowInt32(capacity)
    this.cur = new GrowInt32(capacity)
    this.pmin = new GrowInt32(capacity)
    this.pmax = new GrowInt32(capacity)
    this.rating10 = new GrowInt32(capacity)
    this.reviews = new GrowInt32(capacity)
    this.created = new GrowFloat64(capacity)
    this.flags = new Uint8Array(Math.max(16, capacity))
    this.dead = new Uint8Array(Math.max(16, capacity))
  }

  private ensure(n: number) {
    for (const g of [this.id, this.brand, this.category, this.popularity, this.cur, this.pmin, this.pmax, this.rating10, this.reviews, this.created]) g.ensure(n)
    if (n > this.flags.length) {
      const f = new Uint8Array(Math.max(n, this.flags.length * 2))
      f.set(this.flags)
      this.flags = f
      const d = new Uint8Array(f.length)
      d.set(this.dead)
      this.dead = d
    }
  }

  /** Appends a product; `sorted` false during bulk load (orders are built once at the end). */
  add(row: ProductRow, sorted: boolean) {
    const old = this.slotOf(row.id)
    if (old !== undefined) this.kill(old)
    const s = this.size++
    this.ensure(this.size)
    const onSale = row.sale_price_cents !== null && row.sale_price_cents < row.price_cents
    const cur = onSale ? row.sale_price_cents! : row.price_cents
    const giftCard = row.product_type === 'gift_card'
    const rating10 = row.rating === null ? -1 : Math.round(Number(row.rating) * 10)
    this.id.a[s] = row.id
    this.brand.a[s] = row.brand_id
    this.category.a[s] = row.category_id
    this.popularity.a[s] = row.popularity
    this.cur.a[s] = cur
    this.pmin.a[s] = giftCard ? GIFT_CARD_MIN_CENTS : cur
    this.pmax.a[s] = giftCard ? GIFT_CARD_MAX_CENTS : cur
    this.rating10.a[s] = rating10
    this.reviews.a[s] = row.review_count
    const created = Number(row.created_ms)
    this.created.a[s] = created
    if (created > this.maxCreated) this.maxCreated = created
    if (row.brand_id > this.maxBrand) this.maxBrand = row.brand_id
    if (row.category_id > this.maxCategory) this.maxCategory = row.category_id
    this.flags[s] =
      (onSale ? ON_SALE : 0) |
      (row.available ? AVAILABLE : 0) |
      (row.fsa_hsa_eligible ? FSA : 0) |
      (rating10 >= BEST_MIN_RATING * 10 && row.review_count >= BEST_MIN_REVIEWS && row.product_type === 'product' ? BEST : 0) |
      (row.product_type === 'product' ? SHOP_PRODUCT : 0)
    this.dead[s] = 0
    this.names[s] = row.name
    if (row.id >= DENSE_IDS || row.id < 0) {
      this.sparseSlots.set(row.id, s)
    } else {
      if (row.id >= this.slotPlusOne.length) {
        const grown = new Int32Array(Math.min(DENSE_IDS, Math.max(row.id + 1, this.slotPlusOne.length * 2)))
        grown.set(this.slotPlusOne)
        this.slotPlusOne = grown
      }
      this.slotPlusOne[row.id] = s + 1
    }
    this.live++
    for (const w of new Set(tokenize(row.name))) {
      let list = this.postings.get(w)
      if (!list) {
        list = []
        this.postings.set(w, list)
        if (sorted) this.words.splice(lowerBound(this.words, w), 0, w)
      }
      list.push(s)
    }
    push(this.brandSlots, row.brand_id, s)
    push(this.categorySlots, row.category_id, s)
    if (sorted) {
      for (const key of ORDER_KEYS) insertSorted(this.orders.get(key)!, s, this.comparator(key))
      this.ranks.clear()
    }
  }

  kill(slot: number) {
    if (this.dead[slot]) return
    this.dead[slot] = 1
    this.live--
    const id = this.id.a[slot]!
    if (id >= 0 && id < this.slotPlusOne.length && this.slotPlusOne[id] === slot + 1) this.slotPlusOne[id] = 0
    if (this.sparseSlots.get(id) === slot) this.sparseSlots.delete(id)
  }

  remove(id: number) {
    const s = this.slotOf(id)
    if (s !== undefined) this.kill(s)
  }

  slotOf(id: number): number | undefined {
    if (id >= DENSE_IDS || id < 0) return this.sparseSlots.get(id)
    const v = id < this.slotPlusOne.length ? this.slotPlusOne[id]! : 0
    return v > 0 ? v - 1 : undefined
  }

  /** After a bulk load: slots laid out by category, the sorted word list and every sort order. */
  finish() {
    this.layOutByCategory()
    this.words = [...this.postings.keys()].sort()
    const all = Array.from({ length: this.size }, (_, i) => i)
    for (const key of ORDER_KEYS) this.orders.set(key, [...all].sort(this.comparator(key)))
  }

  /**
   * Renumbers the slots so that each category's products sit side by side (by category, then id). A
   * category listing then reads its products' attributes from consecutive memory instead of one cache
   * miss per attribute per product: at 1,000,000 products that is most of its time. Answers do not depend
   * on slot numbers (every order breaks ties by id). Products changed later are appended as before.
   */
  private layOutByCategory() {
    const n = this.size
    const id = this.id.a
    const category = this.category.a
    const perm = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => category[a]! - category[b]! || id[a]! - id[b]!)
    const newOf = new Int32Array(n)
    for (let i = 0; i < n; i++) newOf[perm[i]!] = i
    for (const g of [this.id, this.brand, this.category, this.popularity, this.cur, this.pmin, this.pmax, this.rating10, this.reviews]) {
      const old = g.a.slice(0, n)
      for (let i = 0; i < n; i++) g.a[i] = old[perm[i]!]!
    }
    const created = this.created.a.slice(0, n)
    for (let i = 0; i < n; i++) this.created.a[i] = created[perm[i]!]!
    const flags = this.flags.slice(0, n)
    const dead = this.dead.slice(0, n)
    const names = this.names
    this.names = new Array<string>(n)
    for (let i = 0; i < n; i++) {
      const o = perm[i]!
      this.flags[i] = flags[o]!
      this.dead[i] = dead[o]!
      this.names[i] = names[o]!
    }
    const remap = (list: number[]) => {
      for (let i = 0; i < list.length; i++) list[i] = newOf[list[i]!]!
      list.sort((a, b) => a - b)
    }
    for (const list of this.postings.values()) remap(list)
    for (const list of this.brandSlots.values()) remap(list)
    for (const list of this.categorySlots.values()) remap(list)
    this.slotPlusOne.fill(0)
    this.sparseSlots.clear()
    for (let s = 0; s < n; s++) {
      if (this.dead[s]) continue
      const pid = this.id.a[s]!
      if (pid >= DENSE_IDS || pid < 0) this.sparseSlots.set(pid, s)
      else this.slotPlusOne[pid] = s + 1
    }
    this.ranks.clear()
  }

  /** Each slot's position in an order (dead slots keep theirs; they never match). */
  rankOf(key: OrderKey): Int32Array {
    let rank = this.ranks.get(key)
    if (!rank || rank.length < this.size) {
      const order = this.orders.get(key)!
      rank = new Int32Array(this.size)
      for (let i = 0; i < order.length; i++) rank[order[i]!] = i
      this.ranks.set(key, rank)
    }
    return rank
  }

  /** Slot comparator for an order key; ties by id ascending. */
  comparator(key: OrderKey): (a: number, b: number) => number {
    const id = this.id.a
    const tie = (a: number, b: number) => id[a]! - id[b]!
    switch (key) {
      case 'popular': {
        const p = this.popularity.a
        return (a, b) => p[b]! - p[a]! || tie(a, b)
      }
      case 'price_asc':
      case 'price_desc': {
        const c = this.cur.a
        const sign = key === 'price_asc' ? 1 : -1
        return (a, b) => sign * (c[a]! - c[b]!) || tie(a, b)
      }
      case 'newest_asc':
      case 'newest_desc': {
        const c = this.created.a
        const sign = key === 'newest_asc' ? 1 : -1
        return (a, b) => sign * (c[a]! - c[b]!) || tie(a, b)
      }
      case 'rating_asc':
      case 'rating_desc': {
        const r = this.rating10.a
        const v = this.reviews.a
        const sign = key === 'rating_asc' ? 1 : -1
        return (a, b) => {
          const ra = r[a]!
          const rb = r[b]!
          if (ra !== rb) {
            if (ra < 0) return 1 // nulls last in both directions
            if (rb < 0) return -1
            return sign * (ra - rb)
          }
          return sign * (v[a]! - v[b]!) || tie(a, b)
        }
      }
      case 'reviews_asc':
      case 'reviews_desc': {
        const v = this.reviews.a
        const sign = key === 'reviews_asc' ? 1 : -1
        return (a, b) => sign * (v[a]! - v[b]!) || tie(a, b)
      }
    }
  }

  /** Slots of name words starting with any of the forms (a bitmap over slots). */
  nameBits(forms: string[], into: Uint32Array) {
    for (const form of forms) {
      for (let i = lowerBound(this.words, form); i < this.words.length && this.words[i]!.startsWith(form); i++) {
        for (const s of this.postings.get(this.words[i]!)!) into[s >>> 5]! |= 1 << (s & 31)
      }
    }
  }

  /** Slots whose name has a word equal to one of the forms or its plural (-s, -es). */
  exactBits(forms: string[], into: Uint32Array) {
    for (const form of forms) {
      for (const w of [form, `${form}s`, `${form}es`]) for (const s of this.postings.get(w) ?? []) into[s >>> 5]! |= 1 << (s & 31)
    }
  }

  slotsBits(map: Map<number, number[]>, keys: Iterable<number>, into: Uint32Array) {
    for (const k of keys) for (const s of map.get(k) ?? []) into[s >>> 5]! |= 1 << (s & 31)
  }

  /** How many live products use each name word. */
  wordFrequency(): Map<string, number> {
    const freq = new Map<string, number>()
    for (const [w, list] of this.postings) {
      let n = 0
      for (const s of list) if (!this.dead[s]) n++
      if (n > 0) freq.set(w, n)
    }
    return freq
  }
}

function push(map: Map<number, number[]>, key: number, s: number) {
  const list = map.get(key)
  if (list) list.push(s)
  else map.set(key, [s])
}

function insertSorted(list: number[], s: number, cmp: (a: number, b: number) => number) {
  let lo = 0
  let hi = list.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (cmp(list[mid]!, s) < 0) lo = mid + 1
    else hi = mid
  }
  list.splice(lo, 0, s)
}

const bitmap = (size: number) => new Uint32Array((size >>> 5) + 1)
const has = (bits: Uint32Array, s: number) => (bits[s >>> 5]! & (1 << (s & 31))) !== 0

function and(a: Uint32Array, b: Uint32Array, words = a.length) {
  for (let i = 0; i < words; i++) a[i]! &= b[i]!
}

/** Reads every product, in id order, in batches. */
export async function loadIndex(pool: pg.Pool): Promise<ProductIndex> {
  const { rows: countRows } = await pool.query<{ n: string }>('select count(*) n from products')
  const index = new ProductIndex(Number(countRows[0]?.n ?? 0) + 1024)
  let after = -1
  for (;;) {
    const { rows } = await pool.query<ProductRow>(`select ${PRODUCT_COLUMNS} from products where id > $1 order by id limit 20000`, [after])
    for (const row of rows) index.add(row, false)
    if (rows.length < 20000) break
    after = rows.at(-1)!.id
  }
  index.finish()
  return index
}

/** Reads these products again: changed ones get a new slot, deleted ones die. */
export async function refreshProducts(pool: pg.Pool, index: ProductIndex, ids: number[]) {
  const { rows } = await pool.query<ProductRow>(`select ${PRODUCT_COLUMNS} from products where id = any($1::int[])`, [ids])
  const found = new Set(rows.map((r) => r.id))
  for (const id of ids) if (!found.has(id)) index.remove(id)
  for (const row of rows) index.add(row, true)
}

/** The listing engine over an index the caller keeps current. */
export function createIndexEngine(current: () => ProductIndex, sortBelow = SORT_MATCHES_BELOW): ListingEngine {
  return {
    name: 'index',
    run(q: EngineQuery, meta: CatalogMeta): Promise<RawListing> {
      return Promise.resolve(runIndexQuery(current(), q, meta, sortBelow))
    },
  }
}

/**
 * Buffers one query works in, kept with the index and reused: a listing is synchronous, so queries never
 * share them. At 1,000,000 products a fresh set per query was ~1 MB of garbage (bitmaps, the match list).
 */
class Scratch {
  readonly words: number
  readonly cand: Uint32Array
  readonly rel: Uint32Array
  readonly exact: Uint32Array
  readonly name: Uint32Array
  readonly whole: Uint32Array
  readonly matches: Int32Array
  constructor(readonly capacity: number) {
    this.words = (capacity >>> 5) + 1
    this.cand = new Uint32Array(this.words)
    this.rel = new Uint32Array(this.words)
    this.exact = new Uint32Array(this.words)
    this.name = new Uint32Array(this.words)
    this.whole = new Uint32Array(this.words)
    this.matches = new Int32Array(capacity)
  }
}
const scratches = new WeakMap<ProductIndex, Scratch>()
function scratchFor(ix: ProductIndex): Scratch {
  let scratch = scratches.get(ix)
  if (!scratch || scratch.capacity < ix.size) {
    scratch = new Scratch(ix.size + 1024)
    scratches.set(ix, scratch)
  }
  return scratch
}

/**
 * The `k` smallest of `count` distinct keys, ascending, without sorting them all: a bounded max-heap
 * (O(count log k)); a page needs 18 of possibly thousands of matches.
 */
export function smallestKeys(keyOf: (i: number) => number, count: number, k: number): Float64Array {
  const size = Math.min(k, count)
  const heap = new Float64Array(size)
  if (size === 0) return heap
  let n = 0
  for (let i = 0; i < count; i++) {
    const key = keyOf(i)
    if (n < size) {
      // Sift up.
      let j = n++
      while (j > 0) {
        const parent = (j - 1) >> 1
        if (heap[parent]! >= key) break
        heap[j] = heap[parent]!
        j = parent
      }
      heap[j] = key
    } else if (key < heap[0]!) {
      // Replace the largest and sift down.
      let j = 0
      for (;;) {
        const l = 2 * j + 1
        if (l >= size) break
        const r = l + 1
        const c = r < size && heap[r]! > heap[l]! ? r : l
        if (heap[c]! <= key) break
        heap[j] = heap[c]!
        j = c
      }
      heap[j] = key
    }
  }
  return heap.sort()
}

export function runIndexQuery(ix: ProductIndex, q: EngineQuery, meta: CatalogMeta, sortBelow = SORT_MATCHES_BELOW): RawListing {
  const n = ix.size
  const scratch = scratchFor(ix)
  const nWords = (n >>> 5) + 1
  const clear = (bits: Uint32Array) => bits.fill(0, 0, nWords)
  // 1. The candidates: the term's words as bitmaps (each word must match the name, or the brand name);
  //    without words, the scope's own slot lists; without either, every slot. Scopes are checked per slot.
  let cand: Uint32Array | null = null
  const rel = scratch.rel
  const exact = scratch.exact
  q.words.forEach((w, i) => {
    const name = scratch.name
    const whole = scratch.whole
    clear(name)
    clear(whole)
    ix.nameBits(w.forms, name)
    ix.exactBits(w.forms, whole)
    if (i === 0) {
      rel.set(name.subarray(0, nWords))
      exact.set(whole.subarray(0, nWords))
    } else {
      and(rel, name, nWords)
      and(exact, whole, nWords)
    }
    if (w.brandIds.length) ix.slotsBits(ix.brandSlots, w.brandIds, name)
    if (i === 0) {
      cand = scratch.cand
      cand.set(name.subarray(0, nWords))
    } else {
      and(scratch.cand, name, nWords)
    }
  })
  const scopeOk = lookup(q.scopeCategoryIds, ix.maxCategory)
  const scopeBrand = q.scopeBrandId

  // 2. One pass: filters as fail bits, facet counts, matches.
  const brandOk = lookup(q.brandIds, ix.maxBrand)
  const categoryOk = lookup(q.categoryIds, ix.maxCategory)
  const minP = q.minPriceCents
  const maxP = q.maxPriceCents
  const minR10 = q.minRating !== null ? Math.ceil(q.minRating * 10 - 1e-9) : null
  const listingFlag = q.listing === 'sale' ? ON_SALE : q.listing === 'fsa-hsa-eligible' ? FSA : q.listing === 'best' ? BEST : 0
  const newSince = q.listing === 'new' ? ix.maxCreated - NEW_PRODUCT_DAYS * 86_400_000 : null
  const onSale = q.onSale
  const available = q.available
  const excludedBrand = lookup(q.excludeBrandIds, ix.maxBrand)
  const excludedCategory = lookup(q.excludeCategoryIds, ix.maxCategory)
  const shopOnly = q.shopProductsOnly

  const brandCountsA = new Int32Array(ix.maxBrand + 1)
  const categoryCountsA = new Int32Array(ix.maxCategory + 1)
  const histogram = [0, 0, 0, 0, 0, 0]
  let priceMin = Number.POSITIVE_INFINITY
  let priceMax = Number.NEGATIVE_INFINITY
  let priceCount = 0
  let onSaleCount = 0
  let availableCount = 0
  const matches = scratch.matches
  let matchCount = 0
  const { dead, flags } = ix
  const brand = ix.brand.a
  const category = ix.category.a
  const pmin = ix.pmin.a
  const pmax = ix.pmax.a
  const r10 = ix.rating10.a
  const created = ix.created.a

  const visit = (s: number) => {
    if (dead[s]) return
    const b = brand[s]!
    const c = category[s]!
    if (scopeOk && !scopeOk[c]) return
    if (scopeBrand !== null && b !== scopeBrand) return
    const fl = flags[s]!
    if (listingFlag && !(fl & listingFlag)) return
    if (newSince !== null && !(created[s]! > newSince)) return
    if (excludedBrand && excludedBrand[b]) return
    if (excludedCategory && excludedCategory[c]) return
    if (shopOnly && !(fl & SHOP_PRODUCT)) return
    let fails = 0
    if (brandOk && !brandOk[b]) fails |= F_BRAND
    if (categoryOk && !categoryOk[c]) fails |= F_CATEGORY
    if ((minP !== null && pmax[s]! < minP) || (maxP !== null && pmin[s]! > maxP)) fails |= F_PRICE
    const r = r10[s]!
    if (minR10 !== null && (r < 0 || r < minR10)) fails |= F_RATING
    if (onSale && !(fl & ON_SALE)) fails |= F_SALE
    if (available && !(fl & AVAILABLE)) fails |= F_AVAILABLE
    if (fails === 0) matches[matchCount++] = s
    else if ((fails & (fails - 1)) !== 0) return // fails two sections: counts for none
    if ((fails & ~F_BRAND) === 0) brandCountsA[b]!++
    if ((fails & ~F_CATEGORY) === 0) categoryCountsA[c]!++
    if ((fails & ~F_PRICE) === 0) {
      priceCount++
      if (pmin[s]! < priceMin) priceMin = pmin[s]!
      if (pmax[s]! > priceMax) priceMax = pmax[s]!
    }
    if ((fails & ~F_RATING) === 0 && r >= 0) histogram[Math.min(5, Math.floor(r / 10))]!++
    if ((fails & ~F_SALE) === 0 && fl & ON_SALE) onSaleCount++
    if ((fails & ~F_AVAILABLE) === 0 && fl & AVAILABLE) availableCount++
  }
  const words = cand as Uint32Array | null
  if (words) {
    for (let i = 0; i < nWords; i++) {
      let word = words[i]!
      while (word !== 0) {
        const bit = 31 - Math.clz32(word & -word)
        word &= word - 1
        visit((i << 5) | bit)
      }
    }
  } else if (q.scopeCategoryIds) {
    // Each product is in one category, so the category lists never visit a slot twice.
    for (const id of new Set(q.scopeCategoryIds)) for (const s of ix.categorySlots.get(id) ?? []) visit(s)
  } else if (scopeBrand !== null) {
    for (const s of ix.brandSlots.get(scopeBrand) ?? []) visit(s)
  } else {
    for (let s = 0; s < n; s++) visit(s)
  }

  // 3. The page: the smallest sort keys among the matches (a partial selection, not a sort), or for many
  //    matches without relevance, a walk down the precomputed order until the page is full.
  const key: OrderKey =
    q.sort === 'popular' ? 'popular' : (`${q.sort}_${q.order === 'asc' ? 'asc' : 'desc'}` as OrderKey)
  const want = q.offset + q.limit
  const ids: number[] = []
  const relFirst = q.hasTerm && q.sort === 'popular' && words !== null
  const order = ix.orders.get(key)!
  if (matchCount <= sortBelow || relFirst) {
    // Numbers, not slots with a comparator: key = (2 - relevance) * span + rank in the order.
    const rank = ix.rankOf(key)
    const span = order.length
    const keyOf = relFirst
      ? (i: number) => {
          const s = matches[i]!
          return (has(exact, s) ? 0 : has(rel, s) ? 1 : 2) * span + rank[s]!
        }
      : (i: number) => rank[matches[i]!]!
    const keys = smallestKeys(keyOf, matchCount, want)
    for (let i = q.offset; i < keys.length; i++) ids.push(ix.id.a[order[keys[i]! % span]!]!)
  } else {
    const matchBits = scratch.name
    clear(matchBits)
    for (let i = 0; i < matchCount; i++) {
      const s = matches[i]!
      matchBits[s >>> 5]! |= 1 << (s & 31)
    }
    let found = 0
    for (let i = 0; i < order.length && found < want; i++) {
      const s = order[i]!
      if (!has(matchBits, s)) continue
      if (found++ >= q.offset) ids.push(ix.id.a[s]!)
    }
  }
  void meta
  const nonZero = (a: Int32Array) => {
    const m = new Map<number, number>()
    for (let i = 0; i < a.length; i++) if (a[i]) m.set(i, a[i]!)
    return m
  }
  return {
    ids,
    count: matchCount,
    brandCounts: nonZero(brandCountsA),
    categoryCounts: nonZero(categoryCountsA),
    price: priceCount ? { min: priceMin, max: priceMax, count: priceCount } : { min: null, max: null, count: 0 },
    ratingHistogram: histogram,
    onSaleCount,
    availableCount,
  }
}

/** A membership table over small ids (brands, categories); null means no restriction. */
function lookup(ids: number[] | null, max: number): Uint8Array | null {
  if (!ids) return null
  const ok = new Uint8Array(max + 1)
  for (const id of ids) if (id >= 0 && id <= max) ok[id] = 1
  return ok
}

/** Up to `limit` live product names whose words start with every form set, most popular first. */
export function indexProductNames(ix: ProductIndex, formSets: string[][], limit: number): string[] {
  if (formSets.length === 0) return []
  let cand: Uint32Array | null = null
  for (const forms of formSets) {
    const bits = bitmap(ix.size)
    ix.nameBits(forms, bits)
    cand = cand ? (and(cand, bits), cand) : bits
  }
  const found: number[] = []
  for (let i = 0; i < cand!.length && found.length <= SORT_MATCHES_BELOW; i++) {
    let word = cand![i]!
    while (word !== 0) {
      const s = (i << 5) | (31 - Math.clz32(word & -word))
      word &= word - 1
      if (!ix.dead[s]) found.push(s)
    }
  }
  if (found.length <= SORT_MATCHES_BELOW) {
    const rank = ix.rankOf('popular')
    const order = ix.orders.get('popular')!
    const keys = Float64Array.from(found, (s) => rank[s]!).sort()
    return Array.from(keys.subarray(0, limit), (r) => ix.names[order[r]!]!)
  }
  const out: string[] = []
  const order = ix.orders.get('popular')!
  for (let i = 0; i < order.length && out.length < limit; i++) {
    const s = order[i]!
    if (!ix.dead[s] && has(cand!, s)) out.push(ix.names[s]!)
  }
  return out
}
