import { and, asc, eq, gte, min, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { DomainError } from '~/lib/errors'
import { parseInput } from '~/lib/parse-input'
import type { EmailSender } from '~/modules/email/email.types'
import type { RegistryService } from '~/modules/registry/registry.service.server'
import { answerLabel, answersQuery, personaliseChecklist, QUIZ_QUESTIONS, type QuizAnswers } from './checklist.quiz'
import { checklistCategories, checklistItems, checklistQuizEmails, registryChecklistChecks } from './checklist.schema'
import type { ChecklistCategoryView, ChecklistProgress, OwnerChecklist, OwnerChecklistCategory } from './checklist.types'
import { quizEmailInput, setCheckInput } from './checklist.validation'

export const checklistMessages = {
  categoryNotFound: 'That checklist category does not exist.',
  itemNotFound: 'That item is not on the checklist.',
  quizEmailAddressLimit: 'We have already sent a few checklists to that address in the last hour. Check your inbox (and spam folder), or try again later.',
  quizEmailClientLimit: 'Too many checklists sent from here in the last hour. Please try again later.',
} as const

/** Sending limits for the quiz email: per address and per client address, in a rolling hour. */
export const QUIZ_EMAIL_LIMITS = { perAddress: 3, perClient: 10, windowMs: 60 * 60 * 1000 }

export type ChecklistDeps = {
  db: Db
  /** Ownership and the registry's items come from the registry service (its owner checks, nothing of our own). */
  registry: Pick<RegistryService, 'ownerView'>
  email: EmailSender
  clock?: () => Date
}

/** The shop category of the checklist's 'Cash fund' suggestion (id 6402): the registry's cash funds check it. */
export const CASH_FUNDS_SHOP_CATEGORY = 'cash-funds'

const progressOf = (checked: number, total: number): ChecklistProgress => ({ checked, total, percent: total === 0 ? 0 : Math.round((checked / total) * 100) })

/** The baby registry checklist: the seeded guide, each owner's progress (automatic and manual checks) and the quiz email. */
export function createChecklistService({ db, registry, email, clock = () => new Date() }: ChecklistDeps) {
  async function categories(): Promise<ChecklistCategoryView[]> {
    const [cats, items] = await Promise.all([
      db.select().from(checklistCategories).orderBy(asc(checklistCategories.position)),
      db.select().from(checklistItems).orderBy(asc(checklistItems.categoryId), asc(checklistItems.position)),
    ])
    return cats.map((c) => ({
      id: c.id,
      slug: c.slug,
      title: c.title,
      guidance: c.guidance,
      items: items
        .filter((i) => i.categoryId === c.id)
        .map((i) => ({
          id: i.id,
          title: i.title,
          why: i.why,
          quantity: i.quantity,
          priority: i.priority,
          shopCategorySlug: i.shopCategorySlug,
          shopHref: `/store/${i.shopCategorySlug}`,
        })),
    }))
  }

  /**
   * For each shop product id, the checklist shop-category slugs it falls under (its own category or any
   * ancestor). One query: walk down from the linked categories to their descendants, then join products.
   */
  async function slugsByProduct(productIds: number[], slugs: string[]): Promise<Map<number, Set<string>>> {
    const out = new Map<number, Set<string>>()
    if (productIds.length === 0 || slugs.length === 0) return out
    const rows = await db.execute<{ product_id: number; slug: string }>(sql`
      with recursive tree(id, slug) as (
        select c.id, c.url_slug from categories c where c.url_slug = any(${sql.param(slugs)}::text[])
        union all
        select c.id, t.slug from categories c join tree t on c.parent_id = t.id
      )
      select p.id as product_id, t.slug from products p join tree t on t.id = p.category_id
      where p.id = any(${sql.param(productIds)}::int[])`)
    for (const r of rows.rows) {
      const set = out.get(Number(r.product_id)) ?? new Set<string>()
      set.add(r.slug)
      out.set(Number(r.product_id), set)
    }
    return out
  }

  /**
   * The registry's cash funds still on it (not removed), oldest first. A cash fund is not a registry item,
   * so the 'Cash fund' suggestion is checked by these rather than by a product in a shop category.
   */
  async function liveCashFunds(registryId: number): Promise<{ cashFundId: number; title: string }[]> {
    const rows = await db.execute<{ id: number; title: string }>(sql`
      select f.id, f.title from cash_funds f
      where f.registry_id = ${registryId} and f.removed_at is null
      order by f.created_at, f.id`)
    return rows.rows.map((r) => ({ cashFundId: Number(r.id), title: r.title }))
  }

  async function ownerChecklist(registryId: number, userId: number): Promise<OwnerChecklist> {
    // ownerView answers not_found for anyone but the owner (never forbidden).
    const owner = await registry.ownerView(registryId, userId)
    const [cats, manual, funds] = await Promise.all([
      categories(),
      db.select({ itemId: registryChecklistChecks.itemId }).from(registryChecklistChecks).where(eq(registryChecklistChecks.registryId, owner.id)),
      liveCashFunds(owner.id),
    ])
    const manualIds = new Set(manual.map((m) => m.itemId))
    // Removed registry items do not count; items from other stores have no shop category to match.
    const live = owner.items.filter((i) => !i.removed && i.productId !== null)
    const slugs = [...new Set(cats.flatMap((c) => c.items.map((i) => i.shopCategorySlug)))]
    const bySlug = await slugsByProduct([...new Set(live.map((i) => i.productId!))], slugs)
    let checkedAll = 0
    let totalAll = 0
    const outCats: OwnerChecklistCategory[] = cats.map((c) => {
      const items = c.items.map((item) => {
        const matches = live.filter((r) => bySlug.get(r.productId!)?.has(item.shopCategorySlug)).map((r) => ({ regItemId: r.id, title: r.title }))
        const cashFunds = item.shopCategorySlug === CASH_FUNDS_SHOP_CATEGORY ? funds : []
        const manuallyChecked = manualIds.has(item.id)
        const checkedBy = matches.length > 0 || cashFunds.length > 0 ? ('registry' as const) : manuallyChecked ? ('manual' as const) : null
        return { ...item, checked: checkedBy !== null, checkedBy, manuallyChecked, matches, cashFunds }
      })
      const checked = items.filter((i) => i.checked).length
      checkedAll += checked
      totalAll += items.length
      return { ...c, items, progress: progressOf(checked, items.length) }
    })
    return { registryId: owner.id, registryTitle: owner.title, progress: progressOf(checkedAll, totalAll), categories: outCats }
  }

  const service = {
    /** Every checklist category with its guidance and suggested items, in order (the public guide). */
    categories,

    /** The owner's checklist for one registry: progress overall and per category; not_found for anyone else. */
    forRegistry: ownerChecklist,

    /** One category of the owner's checklist; not_found for an unknown category or someone else's registry. */
    async categoryForRegistry(registryId: number, userId: number, categoryId: number): Promise<OwnerChecklistCategory> {
      const list = await ownerChecklist(registryId, userId)
      const category = list.categories.find((c) => c.id === categoryId)
      if (!category) throw new DomainError('not_found', checklistMessages.categoryNotFound)
      return category
    },

    /**
     * Checks or unchecks a suggested item by hand for this registry (idempotent). When `categoryId` is
     * given the item must belong to it. Returns the item's category as the owner now sees it.
     */
    async setCheck(registryId: number, userId: number, input: unknown, categoryId?: number): Promise<OwnerChecklistCategory> {
      const { itemId, checked } = parseInput(setCheckInput, input)
      const owner = await registry.ownerView(registryId, userId)
      const [item] = await db.select({ id: checklistItems.id, categoryId: checklistItems.categoryId }).from(checklistItems).where(eq(checklistItems.id, itemId))
      if (!item || (categoryId !== undefined && item.categoryId !== categoryId)) {
        throw new DomainError('invalid_input', checklistMessages.itemNotFound, { fields: { itemId: [checklistMessages.itemNotFound] } })
      }
      if (checked) {
        await db.insert(registryChecklistChecks).values({ registryId: owner.id, itemId, checkedAt: clock() }).onConflictDoNothing()
      } else {
        await db.delete(registryChecklistChecks).where(and(eq(registryChecklistChecks.registryId, owner.id), eq(registryChecklistChecks.itemId, itemId)))
      }
      return service.categoryForRegistry(owner.id, userId, item.categoryId)
    },

    /**
     * Emails a personalised checklist (from the quiz answers) to an address. Limited to a few per address
     * and per client address an hour. When the address is the signed-in user's own, their 'Registry
     * reminders and tips' opt-out applies (status 'skipped').
     */
    async sendQuizResults(input: { email: unknown; answers: QuizAnswers; clientIp: string; baseUrl: string; viewer?: { id: number; email: string; firstName?: string } | null }) {
      const { email: to } = parseInput(quizEmailInput, { email: input.email })
      const since = new Date(clock().getTime() - QUIZ_EMAIL_LIMITS.windowMs)
      const counted = { n: sql<number>`count(*)::int`, oldest: min(checklistQuizEmails.createdAt) }
      const [[perAddress], [perClient]] = await Promise.all([
        db.select(counted).from(checklistQuizEmails).where(and(eq(checklistQuizEmails.toAddress, to), gte(checklistQuizEmails.createdAt, since))),
        db.select(counted).from(checklistQuizEmails).where(and(eq(checklistQuizEmails.clientIp, input.clientIp), gte(checklistQuizEmails.createdAt, since))),
      ])
      // Another email can go when the oldest counted one leaves the window.
      const retryAfterSeconds = (oldest: Date | null | undefined) => ((oldest?.getTime() ?? clock().getTime()) + QUIZ_EMAIL_LIMITS.windowMs - clock().getTime()) / 1000
      if ((perAddress?.n ?? 0) >= QUIZ_EMAIL_LIMITS.perAddress) {
        throw new DomainError('rate_limited', checklistMessages.quizEmailAddressLimit, {
          fields: { email: [checklistMessages.quizEmailAddressLimit] },
          retryAfterSeconds: retryAfterSeconds(perAddress?.oldest),
        })
      }
      if ((perClient?.n ?? 0) >= QUIZ_EMAIL_LIMITS.perClient) {
        throw new DomainError('rate_limited', checklistMessages.quizEmailClientLimit, { retryAfterSeconds: retryAfterSeconds(perClient?.oldest) })
      }
      await db.insert(checklistQuizEmails).values({ toAddress: to, clientIp: input.clientIp, createdAt: clock() })

      const personal = personaliseChecklist(await categories(), input.answers)
      const own = input.viewer && input.viewer.email.toLowerCase() === to ? input.viewer : null
      const summary = QUIZ_QUESTIONS.map((q) => `${q.label} ${answerLabel(q.name, input.answers[q.name])}.`).join(' ')
      const paragraphs = [
        `Here is the baby registry checklist you built with our quiz. ${summary}`,
        ...personal.map(
          (c) =>
            `${c.title}: ${c.items.map((i) => `${i.title} (${i.quantity}${i.priority === 'must' ? ', must have' : ''})`).join('; ')}.`,
        ),
        'Take your time: you can come back to the quiz, change an answer, and start your registry whenever you are ready.',
      ]
      const result = await email.send({
        to,
        userId: own?.id,
        template: 'notice',
        data: {
          category: 'registry_tips',
          subject: 'Your personalized baby registry checklist',
          heading: 'Your baby registry checklist',
          firstName: own?.firstName,
          paragraphs,
          action: { label: 'See your checklist', url: `${input.baseUrl}/baby-registry-checklist-quiz?${answersQuery(input.answers)}` },
        },
      })
      return { to, status: result.status }
    },
  }
  return service
}

export type ChecklistService = ReturnType<typeof createChecklistService>
