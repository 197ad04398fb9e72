import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { DomainError } from '~/lib/errors'
import { categories, categoryGuides, type Faq, guides } from './catalog.schema'

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
  slugSet: string[]
  children: CategoryView[] | null
}

type CategoryRow = typeof categories.$inferSelect

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
  }
}

export type CatalogService = ReturnType<typeof createCatalogService>
