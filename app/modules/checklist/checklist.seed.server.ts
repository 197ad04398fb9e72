// Writes the checklist content (checklist.content.ts) into its tables. Runs with the demo seed and on every
// start, so a fresh install and an old one both have the current text; owners' manual checks are kept
// (items are upserted by their stable ids; only items removed from the content lose their checks).
import { notInArray, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import type { SeedContext } from '~/db/seed-context.server'
import { CHECKLIST_CONTENT } from './checklist.content'
import { checklistCategories, checklistItems } from './checklist.schema'

/** Upserts every checklist category and item and deletes ones no longer in the content. Idempotent. */
export async function ensureChecklistContent(db: Db): Promise<void> {
  const cats = CHECKLIST_CONTENT.map((c, i) => ({ id: c.id, slug: c.slug, title: c.title, guidance: c.guidance, position: i }))
  const items = CHECKLIST_CONTENT.flatMap((c) => c.items.map((item, i) => ({ ...item, categoryId: c.id, position: i })))
  await db.transaction(async (tx) => {
    await tx.delete(checklistItems).where(notInArray(checklistItems.id, items.map((i) => i.id)))
    await tx.delete(checklistCategories).where(notInArray(checklistCategories.id, cats.map((c) => c.id)))
    // Slugs are unique: park them first so a content change that swaps two slugs cannot collide.
    await tx.update(checklistCategories).set({ slug: sql`'~' || ${checklistCategories.id}` })
    await tx
      .insert(checklistCategories)
      .values(cats)
      .onConflictDoUpdate({
        target: checklistCategories.id,
        set: { slug: sql`excluded.slug`, title: sql`excluded.title`, guidance: sql`excluded.guidance`, position: sql`excluded.position` },
      })
    await tx
      .insert(checklistItems)
      .values(items)
      .onConflictDoUpdate({
        target: checklistItems.id,
        set: {
          categoryId: sql`excluded.category_id`,
          title: sql`excluded.title`,
          why: sql`excluded.why`,
          quantity: sql`excluded.quantity`,
          priority: sql`excluded.priority`,
          shopCategorySlug: sql`excluded.shop_category_slug`,
          position: sql`excluded.position`,
        },
      })
  })
}

/** The demo-seed step (app/db/seed.server.ts). */
export async function seedChecklist(ctx: SeedContext): Promise<void> {
  await ensureChecklistContent(ctx.db)
}

/** Nothing to reset: the content is not demo data, and manual checks go with their registries. */
export async function resetChecklist(): Promise<void> {}
