// Cash funds on registries and guests' contributions to them (docs/decisions/030).
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { DomainError, isDomainError } from '~/lib/errors'
import { formatCents } from '~/lib/money'
import { parseInput } from '~/lib/parse-input'
import { isUuid } from '~/lib/uuid'
import type { Logger } from '~/lib/logger.server'
import { products } from '../catalog/catalog.schema'
import { productImagePath } from '../catalog/illustrations'
import type { EmailSender } from '../email/email.types'
import type { GiftCardsService } from '../giftcards/giftcards.service.server'
import type { PaymentsService } from '../payments/payments.service.server'
import { createRegistryAccess } from '../registry/registry-access.server'
import { type RegistryRow, registries } from '../registry/registry.schema'
import { type CashFundContributionRow, type CashFundRow, cashFundContributions, cashFundPreferences, cashFunds } from './cash-funds.schema'
import { cashFundMessages as m } from './cash-funds.strings'
import { addCashFundInput, cashFundPreferencesInput, contributeInput } from './cash-funds.validation'

/** Who is acting: a signed-in user (staff may confirm and cancel any contribution). */
export type CashFundActor = { userId: number; role: 'user' | 'staff' }

/** A fund as guests see it: the total of confirmed contributions, never who gave. */
export type CashFundView = {
  id: number
  registryId: number
  productId: number | null
  title: string
  description: string
  imageUrl: string
  goalCents: number | null
  raisedCents: number
  /** Confirmed contributions (a count, no names). */
  contributionCount: number
}

/** A contribution as the registry's family and staff see it. The giver's email is for staff and the API only. */
export type ContributionView = {
  id: string
  cashFundId: number
  fundTitle: string
  registryId: number
  amountCents: number
  status: CashFundContributionRow['status']
  giverName: string
  giverEmail: string
  message: string
  paymentId: string
  createdAt: string
  confirmedAt: string | null
  cancelledAt: string | null
}

export type CashFundPreferencesView = { registryId: number; method: 'store_credit' | 'bank_transfer'; accountHolder: string | null; accountLast4: string | null; chosen: boolean }

export type CashFundsDeps = {
  db: Db
  /** Store credit (app/modules/giftcards): where the money goes for families who choose it (the default). */
  credit: Pick<GiftCardsService, 'cashFundCreditIn'>
  payments: Pick<PaymentsService, 'authorize' | 'capture' | 'void' | 'refundOnce' | 'get'>
  email: EmailSender
  logger: Logger
  publicUrl?: string
  clock?: () => Date
}

const iso = (d: Date | null) => (d ? d.toISOString() : null)

export function createCashFundsService({ db, credit, payments, email, logger, publicUrl = 'http://localhost', clock = () => new Date() }: CashFundsDeps) {
  const access = createRegistryAccess(db)
  const base = publicUrl.replace(/\/$/, '')

  /** While a family keeps their registry a surprise, they do not see who gave or what they wrote (staff do). */
  const surpriseActive = (r: Pick<RegistryRow, 'surprise' | 'surpriseRevealDate'>) => r.surprise && (!r.surpriseRevealDate || r.surpriseRevealDate > clock().toISOString().slice(0, 10))
  const hideGiver = (v: ContributionView): ContributionView => ({ ...v, giverName: m.someone, giverEmail: '', message: '' })

  async function managed(registryId: number, userId: number): Promise<RegistryRow> {
    const a = await access.of(registryId, userId)
    if (!a) throw new DomainError('not_found', m.registryNotFound)
    return a.registry
  }

  /** Confirmed totals per fund, in one query. */
  async function totals(fundIds: number[]) {
    if (fundIds.length === 0) return new Map<number, { raised: number; count: number }>()
    const rows = await db
      .select({ id: cashFundContributions.cashFundId, raised: sql<string>`coalesce(sum(${cashFundContributions.amountCents}), 0)`, count: sql<number>`count(*)::int` })
      .from(cashFundContributions)
      .where(and(inArray(cashFundContributions.cashFundId, fundIds), eq(cashFundContributions.status, 'confirmed')))
      .groupBy(cashFundContributions.cashFundId)
    return new Map(rows.map((r) => [r.id, { raised: Number(r.raised), count: r.count }]))
  }

  async function views(rows: CashFundRow[]): Promise<CashFundView[]> {
    const t = await totals(rows.map((r) => r.id))
    return rows.map((r) => ({
      id: r.id,
      registryId: r.registryId,
      productId: r.productId,
      title: r.title,
      description: r.description,
      imageUrl: r.imageUrl,
      goalCents: r.goalCents,
      raisedCents: t.get(r.id)?.raised ?? 0,
      contributionCount: t.get(r.id)?.count ?? 0,
    }))
  }

  async function openFund(fundId: number): Promise<CashFundRow> {
    if (!Number.isSafeInteger(fundId) || fundId <= 0) throw new DomainError('not_found', m.fundNotFound)
    const [fund] = await db.select().from(cashFunds).where(and(eq(cashFunds.id, fundId), isNull(cashFunds.removedAt)))
    if (!fund) throw new DomainError('not_found', m.fundNotFound)
    return fund
  }

  const contributionView = (c: CashFundContributionRow, fundTitle: string): ContributionView => ({
    id: c.id,
    cashFundId: c.cashFundId,
    fundTitle,
    registryId: c.registryId,
    amountCents: c.amountCents,
    status: c.status,
    giverName: c.giverName,
    giverEmail: c.giverEmail,
    message: c.message,
    paymentId: c.paymentId,
    createdAt: c.createdAt.toISOString(),
    confirmedAt: iso(c.confirmedAt),
    cancelledAt: iso(c.cancelledAt),
  })

  /** The contribution, for its registry's owner and collaborators and for staff; 404 for anyone else. */
  async function contributionFor(id: string, actor: CashFundActor) {
    if (!isUuid(id)) throw new DomainError('not_found', m.contributionNotFound)
    const [row] = await db
      .select({ c: cashFundContributions, fundTitle: cashFunds.title })
      .from(cashFundContributions)
      .innerJoin(cashFunds, eq(cashFunds.id, cashFundContributions.cashFundId))
      .where(eq(cashFundContributions.id, id))
    if (!row) throw new DomainError('not_found', m.contributionNotFound)
    if (actor.role !== 'staff' && !(await access.of(row.c.registryId, actor.userId))) throw new DomainError('not_found', m.contributionNotFound)
    return row
  }

  /** Charges a pending contribution's held amount and marks it confirmed; sends the emails once (only the call that confirms it). */
  async function settle(c: CashFundContributionRow, fundTitle: string): Promise<CashFundContributionRow> {
    if (c.status !== 'pending') return c
    await payments.capture(c.paymentId)
    // Confirmed and paid out the family's chosen way, at once: store credit moves in the same transaction.
    const confirmed = await db.transaction(async (tx) => {
      const [pref] = await tx.select({ method: cashFundPreferences.method }).from(cashFundPreferences).where(eq(cashFundPreferences.registryId, c.registryId))
      const payout = pref?.method ?? 'store_credit'
      const [row] = await tx
        .update(cashFundContributions)
        .set({ status: 'confirmed', confirmedAt: clock(), payout })
        .where(and(eq(cashFundContributions.id, c.id), eq(cashFundContributions.status, 'pending')))
        .returning()
      if (row && payout === 'store_credit') {
        const [reg] = await tx.select({ ownerId: registries.ownerId }).from(registries).where(eq(registries.id, c.registryId))
        await credit.cashFundCreditIn(tx, reg!.ownerId, c.amountCents, `${c.giverName}: ${fundTitle}`)
      }
      return row
    })
    if (!confirmed) return (await db.select().from(cashFundContributions).where(eq(cashFundContributions.id, c.id)))[0]!
    await sendEmails(confirmed, fundTitle).catch((error: unknown) => logger.error({ err: error, contributionId: c.id }, 'cash fund emails failed'))
    return confirmed
  }

  async function sendEmails(c: CashFundContributionRow, fundTitle: string) {
    const [reg] = await db.select().from(registries).where(eq(registries.id, c.registryId))
    if (!reg) return
    const amount = formatCents(c.amountCents)
    await email.send({
      to: c.giverEmail,
      template: 'notice',
      data: {
        category: 'orders',
        subject: `Your ${amount} gift to ${reg.familyName}'s ${fundTitle}`,
        heading: 'Thank you for your contribution',
        firstName: c.giverName.split(/\s+/)[0],
        paragraphs: [
          `This is your receipt: ${amount} to ${fundTitle} on ${reg.familyName}'s registry, charged to your card.`,
          c.message ? `Your message: "${c.message}"` : 'You did not add a message.',
          `Receipt number: ${c.id}. Questions? Reply to this email.`,
        ],
        action: { label: 'See the registry', url: `${base}/${reg.slug}` },
      },
    })
    const surprise = surpriseActive(reg)
    await email.send({
      to: await ownerEmail(reg.ownerId),
      userId: reg.ownerId,
      template: 'notice',
      data: {
        category: 'registry_activity',
        subject: surprise ? `A new gift to your ${fundTitle}` : `${c.giverName} gave ${amount} to your ${fundTitle}`,
        heading: 'A new cash fund contribution',
        paragraphs: surprise
          ? [`Someone gave to your ${fundTitle}. You are keeping it a surprise, so we will show who gave once the surprise ends.`]
          : [`${c.giverName} gave ${amount} to your ${fundTitle}.`, c.message ? `Their message: "${c.message}"` : 'They did not add a message.'],
        action: { label: 'See your gift tracker', url: `${base}/registry/gift-tracker` },
      },
    })
  }

  async function ownerEmail(userId: number) {
    const r = await db.execute<{ email: string }>(sql`select email from users where id = ${userId}`)
    return r.rows[0]!.email
  }

  return {
    /** The catalogue's cash-fund products (/store/cash-funds): ideas the family starts a fund from. */
    async catalogueFunds() {
      // The seeded catalogue repeats each fund under several ids: one of each name.
      return db
        .selectDistinctOn([products.shortName], { id: products.id, name: products.shortName, description: products.description, imageUrl: products.imageUrl })
        .from(products)
        .where(eq(products.productType, 'cash_fund'))
        .orderBy(asc(products.shortName), asc(products.id))
        .limit(24)
    },

    /** Adds a fund to a registry the user manages (owner or collaborator). */
    async addFund(registryId: number, userId: number, input: unknown): Promise<CashFundView> {
      const data = parseInput(addCashFundInput, input)
      await managed(registryId, userId)
      let imageUrl = productImagePath('cash-fund', 0)
      if (data.productId !== undefined) {
        const [p] = await db.select({ type: products.productType, imageUrl: products.imageUrl }).from(products).where(eq(products.id, data.productId))
        if (!p || p.type !== 'cash_fund') throw new DomainError('invalid_input', m.notACashFund, { fields: { productId: [m.notACashFund] } })
        imageUrl = p.imageUrl
      }
      const [fund] = await db
        .insert(cashFunds)
        .values({ registryId, productId: data.productId ?? null, title: data.title, description: data.description, imageUrl, goalCents: data.goalCents, createdAt: clock() })
        .returning()
      return (await views([fund!]))[0]!
    },

    /** Takes a fund off the registry (guests no longer see it); its contributions stay in the gift tracker. */
    async removeFund(fundId: number, userId: number): Promise<void> {
      const fund = await openFund(fundId)
      await managed(fund.registryId, userId).catch(() => {
        throw new DomainError('not_found', m.fundNotFound)
      })
      await db.update(cashFunds).set({ removedAt: clock() }).where(eq(cashFunds.id, fund.id))
    },

    /** A registry's funds with their totals (guests' view: no givers). */
    async fundsOf(registryId: number): Promise<CashFundView[]> {
      if (!Number.isSafeInteger(registryId)) return []
      return views(await db.select().from(cashFunds).where(and(eq(cashFunds.registryId, registryId), isNull(cashFunds.removedAt))).orderBy(asc(cashFunds.createdAt), asc(cashFunds.id)))
    },

    /** One open fund with its registry's public face (the contribute page). */
    async fundForGuest(fundId: number) {
      const fund = await openFund(fundId)
      const [reg] = await db.select({ id: registries.id, slug: registries.slug, familyName: registries.familyName, title: registries.title }).from(registries).where(eq(registries.id, fund.registryId))
      return { fund: (await views([fund]))[0]!, registry: reg! }
    },

    /**
     * A guest's contribution: the card is authorised for the amount, the contribution recorded (pending),
     * then the card charged (confirmed). A declined card records nothing. The idempotency key makes a retry
     * (a double click, a refresh) answer the same contribution: one contribution, one charge.
     */
    async contribute(input: unknown, giverUserId?: number): Promise<ContributionView> {
      const data = parseInput(contributeInput, input)
      const fund = await openFund(data.cashFundId)
      const [seen] = await db.select().from(cashFundContributions).where(eq(cashFundContributions.idempotencyKey, data.idempotencyKey))
      if (seen) {
        if (seen.cashFundId !== fund.id || seen.amountCents !== data.amountCents) throw new DomainError('invalid_input', m.keyReused, { fields: { idempotencyKey: [m.keyReused] } })
        return contributionView(seen.status === 'pending' ? await settle(seen, fund.title).catch(() => seen) : seen, fund.title)
      }
      const payment = await payments.authorize({
        idempotencyKey: `cash-fund:${data.idempotencyKey}`,
        amountCents: data.amountCents,
        purpose: 'cash_fund_contribution',
        purposeId: String(fund.id),
        card: data.card,
      })
      if (payment.status === 'declined') {
        const message = payment.declineMessage ?? 'Your card was declined.'
        throw new DomainError('invalid_input', message, { fields: { 'card.number': [message] } })
      }
      if (payment.status !== 'authorized' && payment.status !== 'captured') throw new DomainError('conflict', m.notCharged)
      const [created] = await db
        .insert(cashFundContributions)
        .values({
          cashFundId: fund.id,
          registryId: fund.registryId,
          amountCents: data.amountCents,
          status: 'pending',
          giverName: data.giverName,
          giverEmail: data.giverEmail,
          giverUserId: giverUserId ?? null,
          message: data.message,
          idempotencyKey: data.idempotencyKey,
          paymentId: payment.id,
          createdAt: clock(),
        })
        .onConflictDoNothing({ target: cashFundContributions.idempotencyKey })
        .returning()
      const row = created ?? (await db.select().from(cashFundContributions).where(eq(cashFundContributions.idempotencyKey, data.idempotencyKey)))[0]!
      // A failed charge leaves it pending (held, not counted); the family or staff confirm it later.
      const settled = await settle(row, fund.title).catch((error: unknown) => {
        logger.warn({ err: error, contributionId: row.id }, 'cash fund contribution left pending')
        return row
      })
      return contributionView(settled, fund.title)
    },

    /** One contribution, for the registry's family and staff (anyone else: 404). */
    async get(id: string, actor: CashFundActor): Promise<ContributionView> {
      const row = await contributionFor(id, actor)
      const view = contributionView(row.c, row.fundTitle)
      if (actor.role === 'staff') return view
      const [reg] = await db.select({ surprise: registries.surprise, surpriseRevealDate: registries.surpriseRevealDate }).from(registries).where(eq(registries.id, row.c.registryId))
      return reg && surpriseActive(reg) ? hideGiver(view) : view
    },

    /** Every contribution to a registry's funds, newest first (the family's gift tracker). */
    async contributionsOf(registryId: number, userId: number): Promise<ContributionView[]> {
      const registry = await managed(registryId, userId)
      const hide = surpriseActive(registry)
      const rows = await db
        .select({ c: cashFundContributions, fundTitle: cashFunds.title })
        .from(cashFundContributions)
        .innerJoin(cashFunds, eq(cashFunds.id, cashFundContributions.cashFundId))
        .where(eq(cashFundContributions.registryId, registryId))
        .orderBy(desc(cashFundContributions.createdAt))
      return rows.map((r) => (hide ? hideGiver(contributionView(r.c, r.fundTitle)) : contributionView(r.c, r.fundTitle)))
    },

    /** pending → confirmed (charges the held amount). Confirming a confirmed one is harmless; a cancelled one is refused. */
    async confirm(id: string, actor: CashFundActor): Promise<ContributionView> {
      const row = await contributionFor(id, actor)
      if (row.c.status === 'cancelled') throw new DomainError('conflict', m.alreadyCancelled)
      const settled = await settle(row.c, row.fundTitle).catch((error: unknown) => {
        if (isDomainError(error) && error.code === 'conflict') throw new DomainError('conflict', m.notCharged)
        throw error
      })
      return contributionView(settled, row.fundTitle)
    },

    /**
     * pending → cancelled: the hold on the card is released (the family or staff). confirmed → cancelled:
     * staff only, the charge is refunded in full. Cancelling a cancelled one is harmless.
     */
    async cancel(id: string, actor: CashFundActor): Promise<ContributionView> {
      const row = await contributionFor(id, actor)
      const c = row.c
      if (c.status === 'cancelled') return contributionView(c, row.fundTitle)
      if (c.status === 'confirmed') {
        if (actor.role !== 'staff') throw new DomainError('conflict', m.confirmedOwnerCannotCancel)
        // The store credit it became is taken back and the card refunded, together: if either fails, neither happens.
        const done = await db.transaction(async (tx) => {
          const [cancelled] = await tx
            .update(cashFundContributions)
            .set({ status: 'cancelled', cancelledAt: clock() })
            .where(and(eq(cashFundContributions.id, c.id), eq(cashFundContributions.status, 'confirmed')))
            .returning()
          if (!cancelled) return null
          if (c.payout === 'store_credit') {
            const [reg] = await tx.select({ ownerId: registries.ownerId }).from(registries).where(eq(registries.id, c.registryId))
            if (!(await credit.cashFundCreditIn(tx, reg!.ownerId, -c.amountCents, `Refunded: ${c.giverName}: ${row.fundTitle}`))) throw new DomainError('conflict', m.creditSpent)
          }
          await payments.refundOnce(c.paymentId, c.amountCents, `cash-fund-refund:${c.id}`)
          return cancelled
        })
        return contributionView(done ?? (await contributionFor(id, actor)).c, row.fundTitle)
      }
      await payments.void(c.paymentId)
      const [done] = await db
        .update(cashFundContributions)
        .set({ status: 'cancelled', cancelledAt: clock() })
        .where(and(eq(cashFundContributions.id, c.id), eq(cashFundContributions.status, 'pending')))
        .returning()
      return contributionView(done ?? (await contributionFor(id, actor)).c, row.fundTitle)
    },

    /** How the family receives the money; store credit until they choose (chosen: false). */
    async preferences(registryId: number, userId: number): Promise<CashFundPreferencesView> {
      await managed(registryId, userId)
      const [p] = await db.select().from(cashFundPreferences).where(eq(cashFundPreferences.registryId, registryId))
      return p
        ? { registryId, method: p.method, accountHolder: p.accountHolder, accountLast4: p.accountLast4, chosen: true }
        : { registryId, method: 'store_credit', accountHolder: null, accountLast4: null, chosen: false }
    },

    async setPreferences(registryId: number, userId: number, input: unknown): Promise<CashFundPreferencesView> {
      const data = parseInput(cashFundPreferencesInput, input)
      await managed(registryId, userId)
      const values =
        data.method === 'bank_transfer'
          ? { method: data.method, accountHolder: data.accountHolder, accountLast4: data.accountLast4 }
          : { method: data.method, accountHolder: null, accountLast4: null }
      await db
        .insert(cashFundPreferences)
        .values({ registryId, ...values, updatedAt: clock() })
        .onConflictDoUpdate({ target: cashFundPreferences.registryId, set: { ...values, updatedAt: clock() } })
      return { registryId, ...values, chosen: true }
    },
  }
}

export type CashFundsService = ReturnType<typeof createCashFundsService>
