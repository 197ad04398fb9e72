import { and, desc, eq, ne, sql } from 'drizzle-orm'
import { monthOf, type RegistryContext, shipsTo } from '../registry-context.server'
import { registries } from '../registry.schema'
import type { FoundRegistry } from '../registry.types'

/** /find: a word of the family name or title this close to the term (pg_trgm word_similarity) is a match; 0.4 lets one typo through. */
export const FIND_WORD_SIMILARITY = 0.4
/** /find: terms shorter than this match by containment only. */
export const FIND_FUZZY_MIN_LENGTH = 3

/**
 * /find: registries whose family name or title contains the term, or is within about one typo of it
 * (pg_trgm word similarity, 'Rivra' finds Rivera), that their owners let be found; closest first, then newest.
 */
export async function find(ctx: RegistryContext, term: string, limit = 20): Promise<FoundRegistry[]> {
  const q = term.trim().toLowerCase().slice(0, 80)
  if (q.length < 2) return []
  // The expression of registries_find_trgm_idx (drizzle/0005), so both the LIKE and the <% use that index.
  const text = sql`lower(${registries.familyName} || ' ' || ${registries.title})`
  const contains = sql`${text} like ${`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
  // Below 3 letters every short word is 'one typo away': only the plain match.
  const fuzzy = q.length >= FIND_FUZZY_MIN_LENGTH
  const rows = await ctx.db.transaction(async (tx) => {
    // <% reads its threshold from this setting; LOCAL keeps it to this transaction.
    if (fuzzy) await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(FIND_WORD_SIMILARITY)}, true)`)
    return tx
      .select()
      .from(registries)
      .where(and(ne(registries.searchLevel, 'private'), fuzzy ? sql`(${contains} or ${q} <% ${text})` : contains))
      .orderBy(
        ...(fuzzy ? [sql`(${contains}) desc`, sql`word_similarity(${q}, ${text}) desc`] : []),
        desc(registries.createdAt),
        desc(registries.id),
      )
      .limit(limit)
  })
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    title: r.title,
    familyName: r.familyName,
    registryType: r.registryType,
    arrivalMonth: monthOf(r.arrivalDate),
    shipsTo: shipsTo(r),
  }))
}

/** The registry id for a slug (for /{slug}), or null. */
export async function idForSlug(ctx: RegistryContext, slug: string) {
  const [r] = await ctx.db.select({ id: registries.id }).from(registries).where(eq(registries.slug, slug.toLowerCase()))
  return r?.id ?? null
}

/** Public registries for the sitemap (search level google only). */
export async function publicSlugs(ctx: RegistryContext) {
  const rows = await ctx.db.select({ slug: registries.slug }).from(registries).where(eq(registries.searchLevel, 'google'))
  return rows.map((r) => r.slug)
}
