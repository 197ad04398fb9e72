// Cash funds on registries and guests' contributions to them (docs/decisions/030).
import { alias } from 'drizzle-orm/pg-core'
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '~/db/client.server'
import { DomainError, isDomainError } from '~/lib/errors'
import { formatCents } from '~/lib/money'
import { parseInput } from '~/lib/parse-input'
import { publicOriginOf } from '~/lib/public-origin.server'
import { isUuid } from '~/lib/uuid'
import type { Logger } from '~/lib/logger.server'
import { type ProductOptions, products } from '../catalog/catalog.schema'
import { type ChosenOptions, optionKey, resolveOptions } from '../catalog/product-options'
import { orderLines, orders, productStock } from '../orders/orders.schema'
import { productImagePath } from '../catalog/illustrations'
import { pdpPath } from '../catalog/product-path'
import type { EmailSender } from '../email/email.types'
import type { GiftCardsService } from '../giftcards/giftcards.service.server'
import type { PaymentsService } from '../payments/payments.service.server'
import { createRegistryAccess } from '../registry/registry-access.server'
import { type RegItemRow, type RegistryRow, regItems, registries } from '../registry/registry.schema'
import { type CashFundContributionRow, type CashFundRow, cashFundContributions, cashFundPreferences, cashFunds, type GroupGiftRedemptionRow, groupGiftRedemptions, payouts } from './cash-funds.schema'
import { cashFundMessages as m, groupGiftMessages as gm } from './cash-funds.strings'
import { addCashFundInput, cashFundPreferencesInput, chipInInput, contributeInput, redeemGroupGiftInput } from './cash-funds.validation'
import { chipInRange, type GroupGiftProgress, groupGiftProgress } from './group-gifts'
import { createPayoutUseCases } from './payouts.server'
import type { GiftNotices } from '../registry/gift-notices.server'

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
  /** cash_fund: a gift to a cash fund; group_gift: a chip-in towards a registry item marked as a group gift. */
  kind: 'cash_fund' | 'group_gift'
  cashFundId: number | null
  regItemId: number | null
  /** The fund's title, or the group gift item's. */
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
  /**
   * A charged chip-in still waiting in its group gift's fund: the family has not used the fund yet, so the money
   * has not reached them (decision 030, h13). False for cash fund gifts (paid out when charged) and once redeemed.
   */
  waitingInGroupGift: boolean
  /**
   * How the money reaches the family: the gift's own payout (cash fund gifts), or its group gift fund's
   * redemption (chip-ins, once the fund is used); null while it is not theirs yet.
   */
  payout: 'store_credit' | 'bank_transfer' | null
  /** For a bank transfer: when Nestlist's payouts team sent it (h14); null while it waits for the transfer. */
  sentToBankAt: string | null
}

/** A registry item marked as a group gift, with its money (guests see this: no givers). */
export type GroupGiftView = GroupGiftProgress & { regItemId: number; registryId: number; title: string; imageUrl: string; priceCents: number; quantityNeeded: number; productId: number | null; storeName: string }

export type RedemptionView = {
  id: string
  regItemId: number
  registryId: number
  method: 'store_credit' | 'bank_transfer'
  /** 'order': the fund became store credit to order the item at Nestlist. */
  use: 'payout' | 'order'
  amountCents: number
  /** The store order placed with the fund after "Order it", once checkout placed it (h13). */
  orderId: string | null
  createdAt: string
}

/**
 * "Order it" for a product with a size or colour the registry item never chose: each option still to choose,
 * with the stock left (an option with fewer left than the quantity needed cannot be chosen).
 */
export type GroupGiftOrderChoice = { key: string; size?: string; color?: string; left: number; available: boolean }[]

/** What to put in the family's cart after an 'order' redemption: the item's product, chosen options and quantity. */
export type GroupGiftOrderLine = { productId: number; quantity: number; size?: string; color?: string }

/** What a contribution goes to: a cash fund, or a group gift (a registry item). */
type Target = { kind: 'cash_fund'; id: number; registryId: number; title: string } | { kind: 'group_gift'; id: number; registryId: number; title: string }

export type CashFundPreferencesView = { registryId: number; method: 'store_credit' | 'bank_transfer'; accountHolder: string | null; accountLast4: string | null; chosen: boolean }

export type CashFundsDeps = {
  db: Db
  /** Store credit (app/modules/giftcards): where the money goes for families who choose it (the default). */
  credit: Pick<GiftCardsService, 'cashFundCreditIn'>
  payments: Pick<PaymentsService, 'authorize' | 'capture' | 'void' | 'refundOnce' | 'get'>
  email: EmailSender
  logger: Logger
  /** Where the emailed links point (services.publicOrigin, docs/decisions/034); never a request's Host. */
  publicOrigin?: string
  clock?: () => Date
  /** Tells the family (owner and collaborators, by their preference) of each confirmed gift. */
  notices?: Pick<GiftNotices, 'contribution'>
}

const iso = (d: Date | null) => (d ? d.toISOString() : null)

export function createCashFundsService({ db, credit, payments, email, logger, publicOrigin = publicOriginOf({}), clock = () => new Date(), notices }: CashFundsDeps) {
  const access = createRegistryAccess(db)
  const base = publicOrigin.replace(/\/$/, '')

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

  /** How a used group gift fund was paid out, and when bank transfers were sent (from the joins in `contributionColumns`). */
  type Money = { fundMethod: 'store_credit' | 'bank_transfer' | null; giftSentAt: Date | null; fundSentAt: Date | null }

  /** `fundUsed`: the chip-in's group gift fund was redeemed (its money reached the family). */
  const contributionView = (c: CashFundContributionRow, fundTitle: string, fundUsed = false, money?: Money): ContributionView => {
    const payout = c.regItemId === null ? c.payout : c.status === 'confirmed' && fundUsed ? (money?.fundMethod ?? null) : null
    const sentAt = payout === 'bank_transfer' ? (c.regItemId === null ? money?.giftSentAt : money?.fundSentAt) : null
    return { ...baseView(c, fundTitle, fundUsed), payout, sentToBankAt: iso(sentAt ?? null) }
  }

  const baseView = (c: CashFundContributionRow, fundTitle: string, fundUsed: boolean): Omit<ContributionView, 'payout' | 'sentToBankAt'> => ({
    id: c.id,
    kind: c.regItemId !== null ? 'group_gift' : 'cash_fund',
    cashFundId: c.cashFundId,
    regItemId: c.regItemId,
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
    waitingInGroupGift: c.regItemId !== null && c.status === 'confirmed' && !fundUsed,
  })

  /** A contribution's fund title, or its group gift item's title. */
  const titleOf = sql<string>`coalesce(${cashFunds.title}, ${regItems.title}, '')`
  /** Its group gift's fund was redeemed (with group_gift_redemptions left-joined on the item). */
  const fundUsedOf = sql<boolean>`${groupGiftRedemptions.id} is not null`
  /** The bank transfers that paid out a cash fund gift, and a chip-in's group gift fund (h14). */
  const giftPayout = alias(payouts, 'gift_payout')
  const fundPayout = alias(payouts, 'fund_payout')
  const contributionColumns = {
    c: cashFundContributions,
    fundTitle: titleOf,
    fundUsed: fundUsedOf,
    fundMethod: groupGiftRedemptions.method,
    giftSentAt: giftPayout.sentAt,
    fundSentAt: fundPayout.sentAt,
  }

  /** The contribution, for its registry's owner and collaborators and for staff; 404 for anyone else. */
  async function contributionFor(id: string, actor: CashFundActor) {
    if (!isUuid(id)) throw new DomainError('not_found', m.contributionNotFound)
    const [row] = await db
      .select(contributionColumns)
      .from(cashFundContributions)
      .leftJoin(cashFunds, eq(cashFunds.id, cashFundContributions.cashFundId))
      .leftJoin(regItems, eq(regItems.id, cashFundContributions.regItemId))
      .leftJoin(groupGiftRedemptions, eq(groupGiftRedemptions.regItemId, cashFundContributions.regItemId))
      .leftJoin(giftPayout, eq(giftPayout.id, cashFundContributions.payoutId))
      .leftJoin(fundPayout, eq(fundPayout.id, groupGiftRedemptions.payoutId))
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
      // A group gift's chip-ins stay in its fund until the family redeems it (no payout yet).
      const [pref] = c.regItemId !== null ? [] : await tx.select({ method: cashFundPreferences.method }).from(cashFundPreferences).where(eq(cashFundPreferences.registryId, c.registryId))
      const payout = c.regItemId !== null ? null : (pref?.method ?? 'store_credit')
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
    const group = c.regItemId !== null
    const towards = group ? `the group gift ${fundTitle}` : fundTitle
    await email.send({
      to: c.giverEmail,
      template: 'notice',
      data: {
        category: 'orders',
        subject: group ? `Your ${amount} chip-in towards ${reg.familyName}'s ${fundTitle}` : `Your ${amount} gift to ${reg.familyName}'s ${fundTitle}`,
        heading: group ? 'Thank you for chipping in' : 'Thank you for your contribution',
        firstName: c.giverName.split(/\s+/)[0],
        paragraphs: [
          `This is your receipt: ${amount} to ${towards} on ${reg.familyName}'s registry, charged to your card.`,
          c.message ? `Your message: "${c.message}"` : 'You did not add a message.',
          `Receipt number: ${c.id}. Questions? Reply to this email.`,
        ],
        action: { label: 'See the registry', url: `${base}/${reg.slug}` },
      },
    })
    await notices?.contribution({
      registryId: reg.id,
      fundTitle,
      group,
      amountCents: c.amountCents,
      giverName: c.giverName,
      message: c.message,
      at: c.confirmedAt ?? clock(),
    })
  }

  /** An open group gift: on the registry (not removed) and marked as one. */
  async function openGroupGift(itemId: number): Promise<RegItemRow> {
    if (!Number.isSafeInteger(itemId) || itemId <= 0) throw new DomainError('not_found', gm.itemNotFound)
    const [item] = await db.select().from(regItems).where(and(eq(regItems.id, itemId), isNull(regItems.removedAt)))
    if (!item) throw new DomainError('not_found', gm.itemNotFound)
    if (!item.groupGift) throw new DomainError('conflict', gm.notGroupGift)
    return item
  }

  /** The money of each group gift (confirmed, held, redeemed), in two queries. */
  async function groupGiftsProgress(items: Pick<RegItemRow, 'id' | 'priceCents' | 'quantityNeeded' | 'groupGiftGoalCents'>[]): Promise<GroupGiftProgress[]> {
    if (items.length === 0) return []
    const ids = items.map((i) => i.id)
    const [sums, redeemed] = await Promise.all([
      db
        .select({
          id: cashFundContributions.regItemId,
          confirmed: sql<string>`coalesce(sum(${cashFundContributions.amountCents}) filter (where ${cashFundContributions.status} = 'confirmed'), 0)`,
          pending: sql<string>`coalesce(sum(${cashFundContributions.amountCents}) filter (where ${cashFundContributions.status} = 'pending'), 0)`,
          count: sql<number>`(count(*) filter (where ${cashFundContributions.status} = 'confirmed'))::int`,
        })
        .from(cashFundContributions)
        .where(and(inArray(cashFundContributions.regItemId, ids), ne(cashFundContributions.status, 'cancelled')))
        .groupBy(cashFundContributions.regItemId),
      db.select({ id: groupGiftRedemptions.regItemId }).from(groupGiftRedemptions).where(inArray(groupGiftRedemptions.regItemId, ids)),
    ])
    const byId = new Map(sums.map((r) => [r.id, r]))
    const done = new Set(redeemed.map((r) => r.id))
    return items.map((i) => {
      const s = byId.get(i.id)
      return groupGiftProgress(i, { confirmedCents: Number(s?.confirmed ?? 0), pendingCents: Number(s?.pending ?? 0), confirmedCount: s?.count ?? 0, redeemed: done.has(i.id) })
    })
  }

  const groupGiftView = (i: RegItemRow, p: GroupGiftProgress): GroupGiftView => ({
    ...p,
    regItemId: i.id,
    registryId: i.registryId,
    title: i.title,
    imageUrl: i.imageUrl,
    priceCents: i.priceCents,
    quantityNeeded: i.quantityNeeded,
    productId: i.productId,
    storeName: i.storeName,
  })

  const redemptionView = (r: GroupGiftRedemptionRow): RedemptionView => ({ id: r.id, regItemId: r.regItemId, registryId: r.registryId, method: r.method, use: r.use, amountCents: r.amountCents, orderId: r.orderId, createdAt: r.createdAt.toISOString() })

  /** The options still to choose for "Order it": the product's sizes/colours the item left open, each with its stock. */
  async function orderChoiceFor(product: { id: number; options: ProductOptions; stock: number }, chosen: ChosenOptions, quantity: number): Promise<GroupGiftOrderChoice | null> {
    const open: ProductOptions = {
      ...(product.options.sizes?.length && !chosen.size ? { sizes: product.options.sizes } : {}),
      ...(product.options.colors?.length && !chosen.color ? { colors: product.options.colors } : {}),
    }
    if (!open.sizes && !open.colors) return null
    const rows = await db.select({ key: productStock.optionKey, q: productStock.quantity }).from(productStock).where(eq(productStock.productId, product.id))
    const byKey = new Map(rows.map((r) => [r.key, r.q]))
    const sizes = open.sizes ?? [chosen.size]
    const colors = open.colors ?? [chosen.color]
    return sizes.flatMap((size) =>
      colors.map((color) => {
        const key = optionKey({ size, color })
        // A product without stock rows yet counts its opening stock (as the cart does).
        const left = Math.max(0, rows.length === 0 ? product.stock : (byKey.get(key) ?? 0))
        return { key, ...(size ? { size } : {}), ...(color ? { color } : {}), left, available: left >= quantity }
      }),
    )
  }

  /**
   * Records a group gift chip-in as pending if it still fits under the goal: the item's row is locked, so
   * chip-ins (and the family's unmark or redeem) on one item take turns. Answers null when it no longer fits.
   */
  async function recordChipIn(values: typeof cashFundContributions.$inferInsert, itemId: number): Promise<CashFundContributionRow | 'gone' | 'redeemed' | { leftCents: number }> {
    return db.transaction(async (tx) => {
      const locked = await tx.execute<{ price_cents: number; quantity_needed: number; group_gift: boolean; goal_cents: number | null; removed: boolean }>(
        sql`select price_cents, quantity_needed, group_gift, group_gift_goal_cents as goal_cents, removed_at is not null as removed from reg_items where id = ${itemId} for update`,
      )
      const item = locked.rows[0]
      // Taken off the registry or made an ordinary item since the page was shown.
      if (!item || item.removed || !item.group_gift) return 'gone' as const
      const [r] = await tx.select({ id: groupGiftRedemptions.id }).from(groupGiftRedemptions).where(eq(groupGiftRedemptions.regItemId, itemId))
      if (r) return 'redeemed' as const
      const [sum] = await tx
        .select({ held: sql<string>`coalesce(sum(${cashFundContributions.amountCents}), 0)` })
        .from(cashFundContributions)
        .where(and(eq(cashFundContributions.regItemId, itemId), ne(cashFundContributions.status, 'cancelled')))
      const source = { priceCents: item.price_cents, quantityNeeded: item.quantity_needed, groupGiftGoalCents: item.goal_cents === null ? null : Number(item.goal_cents) }
      const progress = groupGiftProgress(source, { confirmedCents: Number(sum?.held ?? 0), pendingCents: 0, confirmedCount: 0, redeemed: false })
      if ((values.amountCents ?? 0) > progress.leftCents) return { leftCents: progress.leftCents }
      // The first chip-in fixes the goal (decision 030, h13): a later price change no longer moves it under the guests.
      if (source.groupGiftGoalCents === null) await tx.update(regItems).set({ groupGiftGoalCents: progress.goalCents }).where(eq(regItems.id, itemId))
      const [created] = await tx.insert(cashFundContributions).values(values).onConflictDoNothing({ target: cashFundContributions.idempotencyKey }).returning()
      return created ?? (await tx.select().from(cashFundContributions).where(eq(cashFundContributions.idempotencyKey, values.idempotencyKey)))[0]!
    })
  }

  /**
   * The one contribution path (decision 030) for cash funds and group gifts: a retried key answers the same
   * contribution; the card is authorised (declined: nothing recorded), the contribution recorded pending, then
   * charged and confirmed.
   */
  async function give(target: Target, data: Omit<z.output<typeof contributeInput>, 'cashFundId'>, giverUserId?: number): Promise<ContributionView> {
    const [seen] = await db.select().from(cashFundContributions).where(eq(cashFundContributions.idempotencyKey, data.idempotencyKey))
    if (seen) {
      const sameTarget = target.kind === 'cash_fund' ? seen.cashFundId === target.id : seen.regItemId === target.id
      if (!sameTarget || seen.amountCents !== data.amountCents) throw new DomainError('invalid_input', m.keyReused, { fields: { idempotencyKey: [m.keyReused] } })
      return contributionView(seen.status === 'pending' ? await settle(seen, target.title).catch(() => seen) : seen, target.title)
    }
    const group = target.kind === 'group_gift'
    const payment = await payments.authorize({
      idempotencyKey: `${group ? 'group-gift' : 'cash-fund'}:${data.idempotencyKey}`,
      amountCents: data.amountCents,
      purpose: group ? 'group_gift_contribution' : 'cash_fund_contribution',
      purposeId: String(target.id),
      card: data.card,
    })
    if (payment.status === 'declined') {
      const message = payment.declineMessage ?? 'Your card was declined.'
      throw new DomainError('invalid_input', message, { fields: { 'card.number': [message] } })
    }
    if (payment.status !== 'authorized' && payment.status !== 'captured') throw new DomainError('conflict', m.notCharged, { reason: 'not_charged' })
    const values = {
      cashFundId: group ? null : target.id,
      regItemId: group ? target.id : null,
      registryId: target.registryId,
      amountCents: data.amountCents,
      status: 'pending' as const,
      giverName: data.giverName,
      giverEmail: data.giverEmail,
      giverUserId: giverUserId ?? null,
      message: data.message,
      idempotencyKey: data.idempotencyKey,
      paymentId: payment.id,
      createdAt: clock(),
    }
    let row: CashFundContributionRow
    if (group) {
      const recorded = await recordChipIn(values, target.id)
      if (recorded === 'gone' || recorded === 'redeemed' || 'leftCents' in recorded) {
        // It no longer fits (another chip-in took the last dollars, or the family redeemed it): release the hold.
        await payments.void(payment.id).catch((error: unknown) => logger.error({ err: error, paymentId: payment.id }, 'group gift hold not released'))
        if (recorded === 'gone') throw new DomainError('not_found', gm.itemNotFound)
        if (recorded === 'redeemed') throw new DomainError('conflict', gm.redeemed)
        throw new DomainError('conflict', gm.tookLast(recorded.leftCents), { fields: { amountCents: [gm.tookLast(recorded.leftCents)] } })
      }
      row = recorded
    } else {
      const [created] = await db.insert(cashFundContributions).values(values).onConflictDoNothing({ target: cashFundContributions.idempotencyKey }).returning()
      row = created ?? (await db.select().from(cashFundContributions).where(eq(cashFundContributions.idempotencyKey, data.idempotencyKey)))[0]!
    }
    // A failed charge leaves it pending (held, not counted); the family or staff confirm it later.
    const settled = await settle(row, target.title).catch((error: unknown) => {
      logger.warn({ err: error, contributionId: row.id }, 'contribution left pending')
      return row
    })
    return contributionView(settled, target.title)
  }

  const payoutCases = createPayoutUseCases({ db, email, logger, base, clock, managed })

  return {
    ...payoutCases.useCases,

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
      return give({ kind: 'cash_fund', id: fund.id, registryId: fund.registryId, title: fund.title }, data, giverUserId)
    },

    /**
     * A guest's chip-in towards a group gift: the same path as a cash fund gift (authorise, record pending,
     * charge), from $5 up to what is left of the goal. Recording it locks the item's row and counts the chip-ins
     * already made or held, so two guests racing for the last dollars never fund more than the goal: the later
     * one's hold is released and it gets a 409 with what is left.
     */
    async chipIn(input: unknown, giverUserId?: number): Promise<ContributionView> {
      const data = parseInput(chipInInput, input)
      const item = await openGroupGift(data.regItemId)
      const [seen] = await db.select({ id: cashFundContributions.id }).from(cashFundContributions).where(eq(cashFundContributions.idempotencyKey, data.idempotencyKey))
      if (!seen) {
        const progress = (await groupGiftsProgress([item]))[0]!
        if (progress.redeemed) throw new DomainError('conflict', gm.redeemed)
        const range = chipInRange(progress.leftCents)
        if (!range) throw new DomainError('conflict', gm.closed)
        if (data.amountCents < range.minCents) throw new DomainError('invalid_input', gm.amountMin(range.minCents), { fields: { amountCents: [gm.amountMin(range.minCents)] } })
        if (data.amountCents > range.maxCents) throw new DomainError('invalid_input', gm.amountLeft(range.maxCents), { fields: { amountCents: [gm.amountLeft(range.maxCents)] } })
      }
      return give({ kind: 'group_gift', id: item.id, registryId: item.registryId, title: item.title }, data, giverUserId)
    },

    /** One contribution, for the registry's family and staff (anyone else: 404). */
    async get(id: string, actor: CashFundActor): Promise<ContributionView> {
      const row = await contributionFor(id, actor)
      const view = contributionView(row.c, row.fundTitle, row.fundUsed, row)
      if (actor.role === 'staff') return view
      const [reg] = await db.select({ surprise: registries.surprise, surpriseRevealDate: registries.surpriseRevealDate }).from(registries).where(eq(registries.id, row.c.registryId))
      return reg && surpriseActive(reg) ? hideGiver(view) : view
    },

    /** Every contribution to a registry's funds, newest first (the family's gift tracker). */
    async contributionsOf(registryId: number, userId: number): Promise<ContributionView[]> {
      const registry = await managed(registryId, userId)
      const hide = surpriseActive(registry)
      const rows = await db
        .select(contributionColumns)
        .from(cashFundContributions)
        .leftJoin(cashFunds, eq(cashFunds.id, cashFundContributions.cashFundId))
        .leftJoin(regItems, eq(regItems.id, cashFundContributions.regItemId))
        .leftJoin(groupGiftRedemptions, eq(groupGiftRedemptions.regItemId, cashFundContributions.regItemId))
        .leftJoin(giftPayout, eq(giftPayout.id, cashFundContributions.payoutId))
        .leftJoin(fundPayout, eq(fundPayout.id, groupGiftRedemptions.payoutId))
        .where(eq(cashFundContributions.registryId, registryId))
        .orderBy(desc(cashFundContributions.createdAt))
      return rows.map((r) => {
        const view = contributionView(r.c, r.fundTitle, r.fundUsed, r)
        return hide ? hideGiver(view) : view
      })
    },

    /** pending → confirmed (charges the held amount). Confirming a confirmed one is harmless; a cancelled one is refused. */
    async confirm(id: string, actor: CashFundActor): Promise<ContributionView> {
      const row = await contributionFor(id, actor)
      if (row.c.status === 'cancelled') throw new DomainError('conflict', m.alreadyCancelled)
      const settled = await settle(row.c, row.fundTitle).catch((error: unknown) => {
        if (isDomainError(error) && error.code === 'conflict') throw new DomainError('conflict', m.notCharged, { reason: 'not_charged' })
        throw error
      })
      return contributionView(settled, row.fundTitle, row.fundUsed, row)
    },

    /**
     * pending → cancelled: the hold on the card is released (the family or staff). confirmed → cancelled:
     * staff only, the charge is refunded in full. Cancelling a cancelled one is harmless.
     */
    async cancel(id: string, actor: CashFundActor): Promise<ContributionView> {
      const row = await contributionFor(id, actor)
      const c = row.c
      if (c.status === 'cancelled') return contributionView(c, row.fundTitle, row.fundUsed, row)
      if (c.status === 'confirmed') {
        if (actor.role !== 'staff') throw new DomainError('conflict', m.confirmedOwnerCannotCancel)
        // Sent to the family's bank account already (h14): the money left Nestlist, so refunding the card here
        // would pay it twice.
        if (c.payoutId) throw new DomainError('conflict', await payoutCases.paidOutMessage(c.payoutId))
        // A redeemed group gift's money was already paid out to the family: refund it from there, not here.
        if (c.regItemId !== null) {
          const [r] = await db.select({ id: groupGiftRedemptions.id }).from(groupGiftRedemptions).where(eq(groupGiftRedemptions.regItemId, c.regItemId))
          if (r) throw new DomainError('conflict', gm.redeemedRefund)
        }
        // The store credit it became is taken back and the card refunded, together: if either fails, neither happens.
        const done = await db.transaction(async (tx) => {
          const [cancelled] = await tx
            .update(cashFundContributions)
            .set({ status: 'cancelled', cancelledAt: clock() })
            // Not once a payout claimed it (a transfer recorded meanwhile): the row lock makes the two take turns.
            .where(and(eq(cashFundContributions.id, c.id), eq(cashFundContributions.status, 'confirmed'), isNull(cashFundContributions.payoutId)))
            .returning()
          if (!cancelled) return null
          if (c.payout === 'store_credit') {
            const [reg] = await tx.select({ ownerId: registries.ownerId }).from(registries).where(eq(registries.id, c.registryId))
            if (!(await credit.cashFundCreditIn(tx, reg!.ownerId, -c.amountCents, `Refunded: ${c.giverName}: ${row.fundTitle}`))) throw new DomainError('conflict', m.creditSpent)
          }
          await payments.refundOnce(c.paymentId, c.amountCents, `cash-fund-refund:${c.id}`)
          return cancelled
        })
        if (done) return contributionView(done, row.fundTitle, row.fundUsed, row)
        const now = await contributionFor(id, actor)
        if (now.c.payoutId) throw new DomainError('conflict', await payoutCases.paidOutMessage(now.c.payoutId))
        return contributionView(now.c, now.fundTitle, now.fundUsed, now)
      }
      await payments.void(c.paymentId)
      const [done] = await db
        .update(cashFundContributions)
        .set({ status: 'cancelled', cancelledAt: clock() })
        .where(and(eq(cashFundContributions.id, c.id), eq(cashFundContributions.status, 'pending')))
        .returning()
      return contributionView(done ?? (await contributionFor(id, actor)).c, row.fundTitle, row.fundUsed, row)
    },

    /** The registry's group gifts with their money (guests' view: totals and a count, never who gave). */
    async groupGiftsOf(registryId: number): Promise<GroupGiftView[]> {
      if (!Number.isSafeInteger(registryId)) return []
      const items = await db
        .select()
        .from(regItems)
        .where(and(eq(regItems.registryId, registryId), eq(regItems.groupGift, true), isNull(regItems.removedAt)))
        .orderBy(asc(regItems.id))
      const progress = await groupGiftsProgress(items)
      return items.map((i, n) => groupGiftView(i, progress[n]!))
    },

    /** One open group gift with its registry's public face (the chip-in page). */
    async groupGiftForGuest(itemId: number) {
      const item = await openGroupGift(itemId)
      const [reg] = await db.select({ id: registries.id, slug: registries.slug, familyName: registries.familyName, title: registries.title }).from(registries).where(eq(registries.id, item.registryId))
      const [progress] = await groupGiftsProgress([item])
      return { gift: groupGiftView(item, progress!), registry: reg! }
    },

    /**
     * The family's page for one item's group gift (owner or collaborator; anyone else 404): whether it is one,
     * can become one, or can stop being one, its money, how the fund would be paid out, and its redemption.
     */
    async groupGiftForFamily(itemId: number, userId: number) {
      // A removed item's page stays open to the family: its chip-ins can still be redeemed.
      const [item] = Number.isSafeInteger(itemId) && itemId > 0 ? await db.select().from(regItems).where(eq(regItems.id, itemId)) : []
      if (!item) throw new DomainError('not_found', gm.itemNotFound)
      const registry = await managed(item.registryId, userId).catch(() => {
        throw new DomainError('not_found', gm.itemNotFound)
      })
      const [[progress], [counts], [redemption], [pref], [product]] = await Promise.all([
        groupGiftsProgress([item]),
        db
          .select({ active: sql<number>`count(*)::int`, pending: sql<number>`(count(*) filter (where ${cashFundContributions.status} = 'pending'))::int` })
          .from(cashFundContributions)
          .where(and(eq(cashFundContributions.regItemId, item.id), ne(cashFundContributions.status, 'cancelled'))),
        db.select().from(groupGiftRedemptions).where(eq(groupGiftRedemptions.regItemId, item.id)),
        db.select({ method: cashFundPreferences.method }).from(cashFundPreferences).where(eq(cashFundPreferences.registryId, registry.id)),
        item.productId
          ? db.select({ id: products.id, slug: products.slug, productType: products.productType, options: products.options, stock: products.stock }).from(products).where(eq(products.id, item.productId))
          : Promise.resolve([]),
      ])
      const orderable = product?.productType === 'product'
      const orderChoice = orderable && item.groupGift && !redemption ? await orderChoiceFor(product, item.options, item.quantityNeeded) : null
      const [sent] = redemption?.payoutId ? await db.select({ sentAt: payouts.sentAt }).from(payouts).where(eq(payouts.id, redemption.payoutId)) : []
      return {
        gift: groupGiftView(item, progress!),
        registry: { id: registry.id, slug: registry.slug, title: registry.title },
        isGroupGift: item.groupGift,
        removed: item.removedAt !== null,
        /** Guests have already reserved or bought it: it cannot become a group gift. */
        alreadyGiven: item.quantityReserved + item.quantityPurchased > 0,
        /** Chip-ins held or charged (it stays a group gift). */
        chipIns: counts?.active ?? 0,
        pendingChipIns: counts?.pending ?? 0,
        payoutMethod: pref?.method ?? ('store_credit' as const),
        redemption: redemption ? redemptionView(redemption) : null,
        /** A bank transfer redemption: when Nestlist's payouts team sent it (h14); null while waiting. */
        sentToBankAt: sent ? sent.sentAt.toISOString() : null,
        /** A product of the Nestlist shop: once fully funded, the family can order it with the fund ('Order it'). */
        orderable,
        /** "Order it" needs a size or colour chosen first (the registry item left it open); null when not. */
        orderChoice,
        /** The product's page in the shop (a catalogue item), to choose it there when it cannot go in the cart as it is. */
        productHref: product?.productType === 'product' ? pdpPath({ slug: product.slug, genericProductId: product.id }) : null,
      }
    },

    /**
     * Marks a registry item as a group gift (owner or collaborator; anyone else 404). Any item with a price;
     * not one guests already reserved or bought (409): the check and the change are one statement.
     */
    async markGroupGift(registryId: number, itemId: number, userId: number): Promise<GroupGiftView> {
      await managed(registryId, userId)
      const [item] = Number.isSafeInteger(itemId) && itemId > 0 ? await db.select().from(regItems).where(and(eq(regItems.id, itemId), eq(regItems.registryId, registryId), isNull(regItems.removedAt))) : []
      if (!item) throw new DomainError('not_found', gm.itemNotFound)
      if (item.priceCents <= 0) throw new DomainError('conflict', gm.noPrice)
      if (!item.groupGift) {
        const [marked] = await db
          .update(regItems)
          .set({ groupGift: true })
          .where(and(eq(regItems.id, item.id), eq(regItems.quantityReserved, 0), eq(regItems.quantityPurchased, 0)))
          .returning()
        if (!marked) throw new DomainError('conflict', gm.alreadyGiven)
        return groupGiftView(marked, (await groupGiftsProgress([marked]))[0]!)
      }
      return groupGiftView(item, (await groupGiftsProgress([item]))[0]!)
    },

    /**
     * Makes a group gift an ordinary item again, while nobody has chipped in (held or charged): otherwise 409,
     * it stays a group gift. The item's row is locked first, so a chip-in being recorded finishes before the count.
     */
    async unmarkGroupGift(registryId: number, itemId: number, userId: number): Promise<void> {
      await managed(registryId, userId)
      await db.transaction(async (tx) => {
        const locked = Number.isSafeInteger(itemId) && itemId > 0 ? await tx.execute<{ id: number }>(sql`select id from reg_items where id = ${itemId} and registry_id = ${registryId} for update`) : { rows: [] }
        if (!locked.rows[0]) throw new DomainError('not_found', gm.itemNotFound)
        const [n] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(cashFundContributions)
          .where(and(eq(cashFundContributions.regItemId, itemId), ne(cashFundContributions.status, 'cancelled')))
        if ((n?.count ?? 0) > 0) throw new DomainError('conflict', gm.hasChipIns(n!.count))
        await tx.update(regItems).set({ groupGift: false, groupGiftGoalCents: null }).where(eq(regItems.id, itemId))
      })
    },

    /**
     * Pays a group gift's fund out to the family (owner or collaborator; anyone else 404), once: a second request
     * answers the first redemption (created: false). `use: 'payout'` (the default): the confirmed chip-ins go the
     * family's cash fund way (store credit now, or a recorded bank transfer). `use: 'order'`: a fully funded gift
     * from the Nestlist catalogue becomes store credit whatever the preference (it is spent here), and `orderLine`
     * says what to put in the cart (409 when not fully funded or not a catalogue product). Either way the item
     * counts as received on the registry. Chip-ins still being charged must be charged or declined first (409).
     */
    async redeemGroupGift(input: unknown, userId: number): Promise<{ redemption: RedemptionView; created: boolean; orderLine: GroupGiftOrderLine | null }> {
      const { regItemId, use, size, color } = parseInput(redeemGroupGiftInput, input)
      const [item] = await db.select({ registryId: regItems.registryId }).from(regItems).where(eq(regItems.id, regItemId))
      if (!item) throw new DomainError('not_found', gm.itemNotFound)
      const registry = await managed(item.registryId, userId).catch(() => {
        throw new DomainError('not_found', gm.itemNotFound)
      })
      return db.transaction(async (tx) => {
        const locked = await tx.execute<{ title: string; group_gift: boolean; price_cents: number; quantity_needed: number; goal_cents: number | null; product_id: number | null; options: Record<string, string> | null }>(
          sql`select title, group_gift, price_cents, quantity_needed, group_gift_goal_cents as goal_cents, product_id, options from reg_items where id = ${regItemId} for update`,
        )
        const row = locked.rows[0]!
        const [already] = await tx.select().from(groupGiftRedemptions).where(eq(groupGiftRedemptions.regItemId, regItemId))
        if (already) return { redemption: redemptionView(already), created: false, orderLine: null }
        if (!row.group_gift) throw new DomainError('conflict', gm.notGroupGift)
        const [sums] = await tx
          .select({
            confirmed: sql<string>`coalesce(sum(${cashFundContributions.amountCents}) filter (where ${cashFundContributions.status} = 'confirmed'), 0)`,
            pending: sql<number>`(count(*) filter (where ${cashFundContributions.status} = 'pending'))::int`,
          })
          .from(cashFundContributions)
          .where(eq(cashFundContributions.regItemId, regItemId))
        if ((sums?.pending ?? 0) > 0) throw new DomainError('conflict', gm.stillCharging)
        const amountCents = Number(sums?.confirmed ?? 0)
        if (amountCents <= 0) throw new DomainError('conflict', gm.nothingToRedeem)
        let orderLine: GroupGiftOrderLine | null = null
        if (use === 'order') {
          // Only a product the shop sells (not a cash fund idea, favour or gift card).
          const [product] = row.product_id
            ? await tx.select({ id: products.id, productType: products.productType, options: products.options, stock: products.stock, available: products.available }).from(products).where(eq(products.id, Number(row.product_id)))
            : []
          if (product?.productType !== 'product') throw new DomainError('conflict', gm.orderNotCatalogue)
          const progress = groupGiftProgress({ priceCents: Number(row.price_cents), quantityNeeded: Number(row.quantity_needed), groupGiftGoalCents: row.goal_cents === null ? null : Number(row.goal_cents) }, { confirmedCents: amountCents, pendingCents: 0, confirmedCount: 0, redeemed: false })
          if (!progress.fullyFunded) throw new DomainError('conflict', gm.orderNotFunded(progress.leftCents))
          // The item's own size and colour; one it left open is the family's choice now (checked against the
          // product, and in stock for the quantity needed), before anything is recorded.
          const saved = row.options ?? {}
          const quantity = Number(row.quantity_needed)
          const options = resolveOptions(product.options, { size: saved.size || size || undefined, color: saved.color || color || undefined })
          const rows = await tx.select({ key: productStock.optionKey, q: productStock.quantity }).from(productStock).where(eq(productStock.productId, product.id))
          // A product without stock rows yet counts its opening stock (as the cart does).
          const left = !product.available ? 0 : Math.max(0, rows.length === 0 ? product.stock : (rows.find((r) => r.key === optionKey(options))?.q ?? 0))
          if (left < quantity) throw new DomainError('conflict', gm.orderSoldOut(options, left), { fields: { option: [gm.orderSoldOut(options, left)] } })
          orderLine = { productId: product.id, quantity, ...options }
        }
        // Ordering spends the fund at Nestlist: store credit whatever the cash fund preference says.
        const [pref] = use === 'order' ? [] : await tx.select({ method: cashFundPreferences.method }).from(cashFundPreferences).where(eq(cashFundPreferences.registryId, registry.id))
        const method = pref?.method ?? 'store_credit'
        const [created] = await tx.insert(groupGiftRedemptions).values({ regItemId, registryId: registry.id, method, use, amountCents, redeemedBy: userId, createdAt: clock() }).returning()
        if (method === 'store_credit') await credit.cashFundCreditIn(tx, registry.ownerId, amountCents, `Group gift: ${row.title}`)
        // The family has the gift's money: it counts as received on the registry (nothing left to give).
        await tx.execute(sql`update reg_items set quantity_purchased = quantity_needed - quantity_reserved where id = ${regItemId}`)
        return { redemption: redemptionView(created!), created: true, orderLine }
      })
    },

    /**
     * The 'order' redemption of a group gift, for the checkout's message after "Order it": its amount and the
     * item's title, or null when there is none or the viewer is not the family (nothing is said to anyone else).
     */
    async orderedGroupGift(itemId: number, userId: number): Promise<{ amountCents: number; title: string } | null> {
      if (!Number.isSafeInteger(itemId) || itemId <= 0) return null
      const [r] = await db
        .select({ amountCents: groupGiftRedemptions.amountCents, registryId: groupGiftRedemptions.registryId, title: regItems.title })
        .from(groupGiftRedemptions)
        .innerJoin(regItems, eq(regItems.id, groupGiftRedemptions.regItemId))
        .where(and(eq(groupGiftRedemptions.regItemId, itemId), eq(groupGiftRedemptions.use, 'order')))
      if (!r) return null
      const mine = await managed(r.registryId, userId).then(
        () => true,
        () => false,
      )
      return mine ? { amountCents: r.amountCents, title: r.title } : null
    },

    /**
     * Records the store order placed with an "Order it" fund against its group gift (decision 030, h13): one
     * UPDATE by the redemption's unique item id, after checkout placed the order, written once. It holds only
     * for the family member who pressed "Order it" and placed the order, and an order that carries the item's
     * product; anything else changes nothing (false).
     */
    async linkGroupGiftOrder(itemId: number, orderId: string, userId: number): Promise<boolean> {
      if (!Number.isSafeInteger(itemId) || itemId <= 0 || !isUuid(orderId)) return false
      const linked = await db.execute(sql`
        update group_gift_redemptions r set order_id = ${orderId}::uuid
        where r.reg_item_id = ${itemId} and r.use = 'order' and r.order_id is null and r.redeemed_by = ${userId}
          and exists (
            select 1 from ${orders} o join ${orderLines} l on l.order_id = o.id join reg_items i on i.id = r.reg_item_id
            where o.id = ${orderId}::uuid and o.user_id = ${userId} and l.product_id = i.product_id)`)
      return (linked.rowCount ?? 0) > 0
    },

    /** The registry's group gift redemptions by item (the family's gift tracker). */
    async redemptionsOf(registryId: number, userId: number): Promise<RedemptionView[]> {
      await managed(registryId, userId)
      return (await db.select().from(groupGiftRedemptions).where(eq(groupGiftRedemptions.registryId, registryId)).orderBy(desc(groupGiftRedemptions.createdAt))).map(redemptionView)
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
