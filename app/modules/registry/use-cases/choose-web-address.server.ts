import { randomInt } from 'node:crypto'
import { and, eq, ne } from 'drizzle-orm'
import { type RegistryContext } from '../registry-context.server'
import { registries } from '../registry.schema'
import { slugInput } from '../registry.validation'

/** Choosing a registry's web address (its slug, /{slug}): suggesting a free one and checking one is free. */

/** Paths (slugs) that would shadow our own pages at /{slug}. */
const RESERVED_SLUGS = new Set([
  'store', 'registry', 'list', 'reg', 'login', 'logout', 'signup', 'settings', 'admin', 'bl_admin', 'api', 'gp', 'find', 'hello-baby',
  'reservations', 'reservation', 'add-items', 'orders', 'returns', 'shipments', 'catalog', 'assets', 'images', 'sitemap', 'robots', 'about', 'terms',
  'privacy', 'health', 'lists', 'index', 'password_resets', 'forgot_password', 'verify_email', 'best-baby-products', 'email_actions',
  'baby-registry-checklist', 'baby-registry-checklist-quiz',
])

function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/g, '')
}

/** True when `slug` is neither one of our own paths nor another registry's (`exceptRegistryId` may keep its own). */
export async function slugAvailable(ctx: RegistryContext, slug: string, exceptRegistryId?: number) {
  if (RESERVED_SLUGS.has(slug)) return false
  const [taken] = await ctx.db
    .select({ id: registries.id })
    .from(registries)
    .where(exceptRegistryId ? and(eq(registries.slug, slug), ne(registries.id, exceptRegistryId)) : eq(registries.slug, slug))
  return !taken
}

/** A free, suggested web address from the family's names ('Maya & Leo' -> 'maya-and-leo', then -2, -3…). */
export async function suggestSlug(ctx: RegistryContext, from: string): Promise<string> {
  const base = slugify(from) || 'our-registry'
  const padded = base.length < 3 ? `${base}-registry` : base
  for (let n = 1; n < 50; n++) {
    const candidate = n === 1 ? padded : `${padded}-${n}`
    if (await slugAvailable(ctx, candidate)) return candidate
  }
  return `${padded}-${randomInt(1000, 9999)}`
}

/** True when `slug` is valid and free (for the create form's live check). */
export async function isSlugAvailable(ctx: RegistryContext, slug: string, exceptRegistryId?: number) {
  const parsed = slugInput.safeParse(slug)
  return parsed.success && (await slugAvailable(ctx, parsed.data, exceptRegistryId))
}
