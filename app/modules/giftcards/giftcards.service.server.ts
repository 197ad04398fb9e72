import { createHash, randomBytes } from 'node:crypto'
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { DomainError } from '~/lib/errors'
import type { Logger } from '~/lib/logger.server'
import { formatCents } from '~/lib/money'
import { parseInput } from '~/lib/parse-input'
import { users } from '../accounts/accounts.schema'
import { accountOfEmail } from '../accounts/accounts.service.server'
import { products } from '../catalog/catalog.schema'
import type { EmailSender } from '../email/email.types'
import { orderLines, orders } from '../orders/orders.schema'
import { createRegistryAccess } from '../registry/registry-access.server'
import {
  type CreditReason,
  giftCardRedeemAttempts,
  giftCards,
  giftCardUses,
  giftReturns,
  orderTenders,
  userCreditBalances,
  userCreditEntries,
} from './giftcards.schema'
import {
  CODE_ALPHABET,
  CODE_LENGTH,
  formatCode,
  GIFT_RETURN_WINDOW_MONTHS,
  giftCardMessages,
  giftReturnInput,
  giftReturnReasons,
  giftReturnReceiveInput,
  type GiftReturnStatus,
  looksLikeCode,
  normaliseCode,
  promotionGrantInput,
  REDEEM_FAILURES_PER_HOUR,
  redeemInput,
  staffRedeemInput,
} from './giftcards.validation'
import { RETURNS_WAREHOUSE } from './returns-warehouse'

/** A database transaction (the orders service passes its own, so tenders are taken with the order). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** How an order's total is paid: a gift card and store credit first, the card for the rest. */
export type TenderPlan = {
  giftCard: { id: string; last4: string; amountCents: number } | null
  creditCents: number
  /** What is left for the card (0: no card needed). */
  cardDueCents: number
}

export type OrderTender = { kind: 'gift_card' | 'store_credit'; amountCents: number; last4: string | null; label: string }

export type CreditEntry = { id: number; amountCents: number; reason: CreditReason; balanceAfterCents: number; note: string; orderId: string | null; createdAt: string }

export type ReturnableGift = {
  orderLineId: number
  registryId: number
  registryTitle: string
  title: string
  options: { size?: string; color?: string }
  productId: number | null
  quantity: number
  returnedQuantity: number
  /** What the remaining units would give in credit. */
  creditPerUnitCents: number
  boughtAt: string
  returnBy: string
}

export type GiftReturnView = {
  id: string
  orderLineId: number
  registryId: number
  title: string
  quantity: number
  reason: string
  reasonLabel: string
  /** The credit for these units: given at once, or on receipt for a shipped gift (`creditPending`). */
  creditCents: number
  status: GiftReturnStatus
  /** What to write on the box of a shipped gift ('RG-XXXX-XXXX'); null when nothing is sent back. */
  returnCode: string | null
  /** True while the credit waits for the gift to arrive at the returns warehouse. */
  creditPending: boolean
  receivedAt: string | null
  createdAt: string
}

/** One gift return for the family: what to send back, where, and what happens then (the printable page). */
export type GiftReturnDetail = GiftReturnView & {
  registryTitle: string
  options: { size?: string; color?: string }
  returnAddress: typeof RETURNS_WAREHOUSE | null
}

/** A gift return on the staff receiving page. */
export type StaffGiftReturnRow = {
  id: string
  returnCode: string | null
  status: GiftReturnStatus
  title: string
  options: { size?: string; color?: string }
  productId: number | null
  quantity: number
  reasonLabel: string
  creditCents: number
  familyName: string
  requester: { name: string; email: string }
  orderId: string
  createdAt: string
  receivedAt: string | null
  receivedBy: string | null
  restockedOnReceipt: boolean | null
}

export type GiftCardsDeps = {
  db: Db
  email: EmailSender
  /** Absolute origin for links in emails (services.publicOrigin, docs/decisions/034); without it the emails carry no button. */
  publicUrl?: string
  clock?: () => Date
  logger?: Pick<Logger, 'warn' | 'info'>
  /** Failed code entries allowed per hour per account (and three times that per network address). */
  failuresPerHour?: number
  /**
   * Told after a received gift return put units back in stock (inventory's 'Back in stock' emails to shoppers
   * waiting for the product). This module does not depend on inventory; the composition root wires it.
   */
  onRestocked?: (productId: number) => Promise<unknown>
}

/** A new code: 16 symbols from a 32-symbol alphabet, each from 5 random bits of the CSPRNG (80 bits in all). */
export function generateCode(): string {
  const bytes = randomBytes(CODE_LENGTH)
  let code = ''
  for (const b of bytes) code += CODE_ALPHABET[b & 31]
  return code
}

/** What is stored: SHA-256 of the normalised code (80 random bits make a keyless hash safe to keep). */
export const hashCode = (code: string) => createHash('sha256').update(normaliseCode(code)).digest('hex')

const DELIVERY_RETRY_MS = 5 * 60_000

/** A return code: 'RG-' and 8 symbols of the code alphabet (40 random bits), like 'RG-7KQM-2XPD'. */
export function generateReturnCode(): string {
  const symbols = [...randomBytes(8)].map((b) => CODE_ALPHABET[b & 31]).join('')
  return `RG-${symbols.slice(0, 4)}-${symbols.slice(4)}`
}

/** 'rg7kqm2xpd', 'RG-7KQM-2XPD' → 'RG-7KQM-2XPD' (what staff type or scan). */
export const normaliseReturnCode = (raw: string) => {
  const t = raw.toUpperCase().replace(/[\s-]+/g, '')
  const body = t.startsWith('RG') ? t.slice(2) : t
  return `RG-${body.slice(0, 4)}-${body.slice(4)}`
}

type GiftReturnRow = typeof giftReturns.$inferSelect
const giftReturnView = (r: GiftReturnRow, title: string): GiftReturnView => ({
  id: r.id,
  orderLineId: r.orderLineId,
  registryId: r.registryId,
  title,
  quantity: r.quantity,
  reason: r.reason,
  reasonLabel: giftReturnReasons.find((x) => x.id === r.reason)?.label ?? r.reason,
  creditCents: r.creditCents,
  status: r.status,
  returnCode: r.returnCode,
  creditPending: r.creditedAt === null,
  receivedAt: r.receivedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
})
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const addMonths = (d: Date, months: number) => {
  const r = new Date(d)
  r.setUTCMonth(r.getUTCMonth() + months)
  return r
}

/**
 * Gift cards (issued when an order that bought them is paid, emailed with their code, spent at checkout or
 * moved into store credit), the store credit ledger, and gift returns for store credit.
 */
export function createGiftCardsService({ db, email, publicUrl, clock = () => new Date(), logger, failuresPerHour = REDEEM_FAILURES_PER_HOUR, onRestocked }: GiftCardsDeps) {
  const access = createRegistryAccess(db)
  const link = (path: string) => (publicUrl ? new URL(path, publicUrl).toString() : undefined)

  /**
   * Records a code entry before it is checked, under a lock per actor, so parallel guesses cannot pass the
   * hourly budget (as sign-in does). Returns the attempt's id; mark it succeeded when the code was good.
   */
  async function admitAttempt(actor: string, ip: string): Promise<number> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`giftcard-attempt:${actor}`}))`)
      const since = new Date(clock().getTime() - 3_600_000).toISOString()
      const counted = await tx.execute<{ by_actor: number; by_ip: number; actor_oldest: string | null; ip_oldest: string | null }>(sql`
        select count(*) filter (where actor = ${actor})::int as by_actor,
               count(*) filter (where ${ip} <> '' and ip = ${ip})::int as by_ip,
               min(created_at) filter (where actor = ${actor}) as actor_oldest,
               min(created_at) filter (where ${ip} <> '' and ip = ${ip}) as ip_oldest
        from gift_card_redeem_attempts
        where succeeded = false and created_at >= ${since}::timestamptz and (actor = ${actor} or (${ip} <> '' and ip = ${ip}))`)
      const { by_actor, by_ip, actor_oldest, ip_oldest } = counted.rows[0]!
      // A code can be tried again when the oldest counted failure of each exhausted limit leaves the hour.
      const freeAt = Math.max(
        by_actor >= failuresPerHour && actor_oldest ? new Date(actor_oldest).getTime() + 3_600_000 : 0,
        by_ip >= failuresPerHour * 3 && ip_oldest ? new Date(ip_oldest).getTime() + 3_600_000 : 0,
      )
      if (freeAt > 0) throw new DomainError('rate_limited', giftCardMessages.tooManyAttempts, { retryAfterSeconds: (freeAt - clock().getTime()) / 1000 })
      const [row] = await tx.insert(giftCardRedeemAttempts).values({ actor, ip, createdAt: clock() }).returning({ id: giftCardRedeemAttempts.id })
      return row!.id
    })
  }
  const attemptSucceeded = (id: number) => db.update(giftCardRedeemAttempts).set({ succeeded: true }).where(eq(giftCardRedeemAttempts.id, id))

  /** The active card with this code, after counting the attempt; a wrong code is a field error on `code`. */
  async function findByCode(code: string, actor: string, ip: string, field: string) {
    const normalised = normaliseCode(code)
    const attempt = await admitAttempt(actor, ip)
    const [card] = looksLikeCode(normalised) ? await db.select().from(giftCards).where(eq(giftCards.codeHash, hashCode(normalised))) : []
    if (!card || !card.emailedAt) throw new DomainError('invalid_input', giftCardMessages.codeNotFound, { fields: { [field]: [giftCardMessages.codeNotFound] } })
    await attemptSucceeded(attempt)
    if (card.balanceCents === 0) throw new DomainError('invalid_input', giftCardMessages.codeUsedUp, { fields: { [field]: [giftCardMessages.codeUsedUp] }, reason: 'code_used_up' })
    return card
  }

  async function balanceOf(userId: number, tx: Db | Tx = db): Promise<number> {
    const [row] = await tx.select({ balance: userCreditBalances.balanceCents }).from(userCreditBalances).where(eq(userCreditBalances.userId, userId))
    return row?.balance ?? 0
  }

  /**
   * Adds (positive) or takes (negative) store credit in the caller's transaction. Taking more than the balance
   * changes nothing and returns false (a conditional update, so two spenders can never both take it).
   */
  async function moveCredit(
    tx: Tx,
    userId: number,
    amountCents: number,
    reason: CreditReason,
    refs: { orderId?: string; giftCardId?: string; giftReturnId?: string; note?: string; grantedByUserId?: number; idempotencyKey?: string },
  ): Promise<boolean> {
    if (amountCents === 0) return true
    const updated =
      amountCents > 0
        ? await tx.execute<{ balance_cents: number }>(sql`
            insert into user_credit_balances (user_id, balance_cents, updated_at) values (${userId}, ${amountCents}, ${clock().toISOString()}::timestamptz)
            on conflict (user_id) do update set balance_cents = user_credit_balances.balance_cents + excluded.balance_cents, updated_at = excluded.updated_at
            returning balance_cents`)
        : await tx.execute<{ balance_cents: number }>(sql`
            update user_credit_balances set balance_cents = balance_cents + ${amountCents}, updated_at = ${clock().toISOString()}::timestamptz
            where user_id = ${userId} and balance_cents >= ${-amountCents}
            returning balance_cents`)
    const after = updated.rows[0]
    if (!after) return false
    await tx.insert(userCreditEntries).values({
      userId,
      amountCents,
      reason,
      balanceAfterCents: Number(after.balance_cents),
      orderId: refs.orderId ?? null,
      giftCardId: refs.giftCardId ?? null,
      giftReturnId: refs.giftReturnId ?? null,
      note: refs.note ?? '',
      grantedByUserId: refs.grantedByUserId ?? null,
      idempotencyKey: refs.idempotencyKey ?? null,
      createdAt: clock(),
    })
    return true
  }

  /** Sends the recipient their code, and the buyer a copy without it. */
  async function deliver(
    card: { id: string; initialCents: number; recipientEmail: string; recipientName: string; senderName: string; message: string },
    code: string,
    buyer: { email: string; userId: number | null },
  ) {
    const amount = formatCents(card.initialCents)
    const redeemUrl = link('/settings/gift-cards-and-promos')
    await email.send({
      to: card.recipientEmail,
      template: 'notice',
      data: {
        category: 'orders',
        subject: `${card.senderName} sent you a Nestlist gift card`,
        heading: `A ${amount} Nestlist gift card, just for you`,
        firstName: card.recipientName,
        paragraphs: [
          `${card.senderName} sent you a ${amount} electronic gift card for anything in the Nestlist shop.`,
          ...(card.message ? [`Their message: "${card.message}"`] : []),
          `Your gift card code: ${formatCode(code)}`,
          'Enter the code at checkout, or add it to your Nestlist account balance under Settings, Gift cards and promos. It never expires. Keep this email safe: anyone with the code can spend the card.',
        ],
        ...(redeemUrl ? { action: { label: 'Add it to your account', url: redeemUrl } } : {}),
      },
    })
    await email.send({
      to: buyer.email,
      ...(buyer.userId ? { userId: buyer.userId } : {}),
      template: 'notice',
      data: {
        category: 'orders',
        subject: `Your ${amount} gift card for ${card.recipientName} is on its way`,
        heading: 'Your gift card was sent',
        firstName: card.senderName,
        paragraphs: [
          `We emailed your ${amount} Nestlist gift card to ${card.recipientName} at ${card.recipientEmail}${card.message ? ', with your message' : ''}.`,
          'For their security, the code is only in their email.',
        ],
      },
    })
  }

  const service = {
    /** The gift card designs on sale (the catalogue's gift card products), for the purchase page. */
    async designs(): Promise<{ id: number; name: string; shortName: string; imageUrl: string }[]> {
      const rows = await db
        .select({ id: products.id, name: products.name, shortName: products.shortName, imageUrl: products.imageUrl })
        .from(products)
        .where(and(eq(products.productType, 'gift_card'), eq(products.available, true)))
        .orderBy(asc(products.id))
        .limit(100)
      // The catalogue may list one design more than once: offer each design once (its first product).
      const seen = new Set<string>()
      return rows.filter((r) => !seen.has(r.shortName) && !!seen.add(r.shortName)).slice(0, 12)
    },

    // ---- checkout -------------------------------------------------------------------------------------

    /**
     * How `totalCents` would be paid: the gift card (its balance, up to the total less `excludedCents`, the gift
     * cards being bought), then store credit, then the card. Read without locks: placeOrder takes the amounts in its transaction with `takeTenders`, which
     * refuses when a balance went down meanwhile. A wrong code counts against the hourly limit.
     */
    async planTenders(
      viewer: { userId?: number | null; guestToken?: string | null },
      totalCents: number,
      input: { giftCardCode?: string; applyCredit?: boolean; excludedCents?: number },
    ): Promise<TenderPlan> {
      // What gift cards and credit may pay: not the gift cards being bought (no turning a balance into a new code).
      const excluded = Math.min(totalCents, Math.max(0, input.excludedCents ?? 0))
      let left = totalCents - excluded
      let giftCard: TenderPlan['giftCard'] = null
      if (input.giftCardCode) {
        const actor = viewer.userId
          ? `user:${viewer.userId}`
          : viewer.guestToken
            ? `guest:${createHash('sha256').update(viewer.guestToken).digest('base64url')}`
            : 'guest:anonymous'
        const card = await findByCode(input.giftCardCode, actor, '', 'giftCardCode')
        const amountCents = Math.min(card.balanceCents, left)
        giftCard = { id: card.id, last4: card.last4, amountCents }
        left -= amountCents
      }
      let creditCents = 0
      if (input.applyCredit) {
        if (!viewer.userId) throw new DomainError('invalid_input', giftCardMessages.signInForCredit, { fields: { applyCredit: [giftCardMessages.signInForCredit] } })
        creditCents = Math.min(await balanceOf(viewer.userId), left)
        left -= creditCents
      }
      return { giftCard, creditCents, cardDueCents: left + excluded }
    },

    /** Takes the planned amounts inside the order's transaction; a balance that went down rolls the order back. */
    async takeTenders(tx: Tx, order: { id: string; userId: number | null }, plan: TenderPlan): Promise<void> {
      if (plan.giftCard && plan.giftCard.amountCents > 0) {
        const taken = await tx.execute(sql`
          update gift_cards set balance_cents = balance_cents - ${plan.giftCard.amountCents},
            status = case when balance_cents = ${plan.giftCard.amountCents} then 'used_up' else status end
          where id = ${plan.giftCard.id}::uuid and status = 'active' and balance_cents >= ${plan.giftCard.amountCents}
          returning id`)
        if (taken.rows.length === 0) throw new DomainError('conflict', giftCardMessages.balanceChanged)
        await tx.insert(giftCardUses).values({ giftCardId: plan.giftCard.id, kind: 'order_payment', amountCents: -plan.giftCard.amountCents, orderId: order.id, userId: order.userId, createdAt: clock() })
        await tx.insert(orderTenders).values({ orderId: order.id, kind: 'gift_card', amountCents: plan.giftCard.amountCents, giftCardId: plan.giftCard.id, giftCardLast4: plan.giftCard.last4 })
      }
      if (plan.creditCents > 0) {
        if (!order.userId || !(await moveCredit(tx, order.userId, -plan.creditCents, 'order_payment', { orderId: order.id, note: 'Used at checkout' }))) {
          throw new DomainError('conflict', giftCardMessages.balanceChanged)
        }
        await tx.insert(orderTenders).values({ orderId: order.id, kind: 'store_credit', amountCents: plan.creditCents })
      }
    },

    /** The gift card and store credit amounts of an order, for its summary ('Gift card ••••ABCD −$X'). */
    async tendersOf(orderId: string): Promise<OrderTender[]> {
      const rows = await db.select().from(orderTenders).where(eq(orderTenders.orderId, orderId)).orderBy(asc(orderTenders.id))
      return rows.map((r) => ({
        kind: r.kind,
        amountCents: r.amountCents,
        last4: r.giftCardLast4,
        label: r.kind === 'gift_card' ? `Gift card ••••${r.giftCardLast4 ?? ''}` : 'Store credit',
      }))
    },

    // ---- issuing ---------------------------------------------------------------------------------------

    /**
     * Called once an order is paid (after capture, and again by reconcile): issues one card per unit of each gift
     * card line and emails it. Idempotent: a card exists once per (line, unit); a card whose email was never
     * sent (a crash in between) gets a new code before it is sent, since nobody ever saw the old one.
     */
    async onOrderPaid(orderId: string): Promise<{ issued: number }> {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
      if (!order || order.status !== 'paid') return { issued: 0 }
      const lines = (await db.select().from(orderLines).where(eq(orderLines.orderId, orderId))).filter((l) => l.giftCard)
      if (lines.length === 0) return { issued: 0 }
      const now = clock()
      const codes = new Map<string, string>()
      for (const line of lines) {
        const details = line.giftCard!
        for (let unit = 0; unit < line.quantity; unit++) {
          const code = generateCode()
          const [card] = await db
            .insert(giftCards)
            .values({
              codeHash: hashCode(code),
              last4: code.slice(-4),
              initialCents: line.unitPriceCents,
              balanceCents: line.unitPriceCents,
              orderId,
              orderLineId: line.id,
              unitIndex: unit,
              purchaserUserId: order.userId,
              recipientEmail: details.recipientEmail,
              recipientName: details.recipientName,
              senderName: details.senderName,
              message: details.message,
              deliveryClaimedAt: now,
              createdAt: now,
            })
            .onConflictDoNothing({ target: [giftCards.orderLineId, giftCards.unitIndex] })
            .returning({ id: giftCards.id })
          if (card) codes.set(card.id, code)
        }
      }
      // Cards issued earlier whose email never went out (claimed long ago): a fresh code, claimed by this call.
      const stale = new Date(now.getTime() - DELIVERY_RETRY_MS).toISOString()
      const unsent = await db.select({ id: giftCards.id }).from(giftCards).where(and(eq(giftCards.orderId, orderId), isNull(giftCards.emailedAt)))
      for (const { id } of unsent) {
        if (codes.has(id)) continue
        const code = generateCode()
        const claimed = await db.execute(sql`
          update gift_cards set code_hash = ${hashCode(code)}, last4 = ${code.slice(-4)}, delivery_claimed_at = ${now.toISOString()}::timestamptz
          where id = ${id}::uuid and emailed_at is null and (delivery_claimed_at is null or delivery_claimed_at < ${stale}::timestamptz)
          returning id`)
        if (claimed.rows.length) codes.set(id, code)
      }
      if (codes.size === 0) return { issued: 0 }
      const cards = await db.select().from(giftCards).where(inArray(giftCards.id, [...codes.keys()])).orderBy(asc(giftCards.orderLineId), asc(giftCards.unitIndex))
      for (const card of cards) {
        await deliver(card, codes.get(card.id)!, { email: order.email, userId: order.userId })
        await db.update(giftCards).set({ emailedAt: clock() }).where(eq(giftCards.id, card.id))
      }
      logger?.info({ orderId, cards: cards.length }, 'gift cards issued and emailed')
      return { issued: cards.length }
    },

    /** Paid orders whose gift cards were not all issued and emailed (a crash after capture): issues them now; prunes old code entries. */
    async reconcile(olderThanMs = 30_000): Promise<{ orders: number }> {
      const before = new Date(clock().getTime() - olderThanMs).toISOString()
      // Code entries only count for an hour: older ones are of no more use.
      await db.execute(sql`delete from gift_card_redeem_attempts where created_at < ${new Date(clock().getTime() - 86_400_000).toISOString()}::timestamptz`)
      const pending = await db.execute<{ id: string }>(sql`
        select o.id from orders o
        where o.status = 'paid' and o.updated_at < ${before}::timestamptz
          and exists (select 1 from order_lines l where l.order_id = o.id and l.gift_card is not null)
          and (
            (select coalesce(sum(l.quantity), 0) from order_lines l where l.order_id = o.id and l.gift_card is not null)
              > (select count(*) from gift_cards g where g.order_id = o.id)
            or exists (select 1 from gift_cards g where g.order_id = o.id and g.emailed_at is null)
          )
        limit 200`)
      let done = 0
      for (const { id } of pending.rows) {
        try {
          await service.onOrderPaid(id)
          done++
        } catch (error) {
          logger?.warn({ err: error, orderId: id }, 'issuing gift cards failed; the next reconcile retries')
        }
      }
      return { orders: done }
    },

    /** The gift cards a user bought (never their codes or what the recipient has spent). */
    async purchasedBy(userId: number) {
      const rows = await db.select().from(giftCards).where(eq(giftCards.purchaserUserId, userId)).orderBy(desc(giftCards.createdAt), asc(giftCards.unitIndex)).limit(100)
      return rows.map((c) => ({
        id: c.id,
        amountCents: c.initialCents,
        recipientName: c.recipientName,
        recipientEmail: c.recipientEmail,
        message: c.message,
        orderId: c.orderId,
        sentAt: c.emailedAt?.toISOString() ?? null,
        createdAt: c.createdAt.toISOString(),
      }))
    },

    /** One card for its purchaser (others get not_found). */
    async forPurchaser(id: string, userId: number) {
      if (!uuidPattern.test(id)) throw new DomainError('not_found', 'We could not find that gift card.')
      const card = (await service.purchasedBy(userId)).find((c) => c.id === id)
      if (!card) throw new DomainError('not_found', 'We could not find that gift card.')
      return card
    },

    // ---- store credit ---------------------------------------------------------------------------------

    /** The account's store credit: balance and newest entries first. */
    async creditOf(userId: number): Promise<{ balanceCents: number; entries: CreditEntry[] }> {
      const [balanceCents, entries] = await Promise.all([
        balanceOf(userId),
        db.select().from(userCreditEntries).where(eq(userCreditEntries.userId, userId)).orderBy(desc(userCreditEntries.createdAt), desc(userCreditEntries.id)).limit(100),
      ])
      return {
        balanceCents,
        entries: entries.map((e) => ({
          id: e.id,
          amountCents: e.amountCents,
          reason: e.reason,
          balanceAfterCents: e.balanceAfterCents,
          note: e.note,
          orderId: e.orderId,
          createdAt: e.createdAt.toISOString(),
        })),
      }
    },

    /** Store credit given by Nestlist (a promotion or a refund to credit), in its own transaction. */
    async grantCredit(userId: number, amountCents: number, reason: Extract<CreditReason, 'promotion' | 'refund'>, refs: { orderId?: string; note?: string } = {}) {
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new DomainError('invalid_input', 'Credit must be a positive amount in cents.')
      await db.transaction((tx) => moveCredit(tx, userId, amountCents, reason, refs))
      return service.creditOf(userId)
    },

    /**
     * Staff tools: promotional store credit for the account with this email, with the reason (shown to the user
     * in their credit history) and the staff member recorded on the ledger entry. The form's key makes a double
     * submit grant once (the twin answers the same grant).
     */
    async grantPromotion(staffUserId: number, input: unknown): Promise<{ user: { id: number; email: string; name: string }; amountCents: number; balanceCents: number; repeated: boolean }> {
      const data = parseInput(promotionGrantInput, input)
      // The account the email signs in to, not any account with that address.
      const user = await accountOfEmail(db, data.email)
      if (!user) throw new DomainError('invalid_input', giftCardMessages.promotionNoAccount, { fields: { email: [giftCardMessages.promotionNoAccount] } })
      const who = { id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}`.trim() }
      const [seen] = await db.select().from(userCreditEntries).where(eq(userCreditEntries.idempotencyKey, data.idempotencyKey))
      const twin = async () => {
        const [row] = await db.select().from(userCreditEntries).where(eq(userCreditEntries.idempotencyKey, data.idempotencyKey))
        if (!row || row.userId !== user.id || row.amountCents !== data.amountCents) {
          throw new DomainError('invalid_input', giftCardMessages.promotionKeyReused, { fields: { idempotencyKey: [giftCardMessages.promotionKeyReused] } })
        }
        return { user: who, amountCents: row.amountCents, balanceCents: await balanceOf(user.id), repeated: true }
      }
      if (seen) return twin()
      try {
        await db.transaction((tx) => moveCredit(tx, user.id, data.amountCents, 'promotion', { note: data.reason, grantedByUserId: staffUserId, idempotencyKey: data.idempotencyKey }))
      } catch (error) {
        // A parallel twin with the same key committed first.
        if ((error as { code?: string; cause?: { code?: string } }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505') return twin()
        throw error
      }
      return { user: who, amountCents: data.amountCents, balanceCents: await balanceOf(user.id), repeated: false }
    },

    /** The newest promotional grants made by staff, with who granted them (the staff page's history). */
    async recentPromotions(limit = 20): Promise<{ id: number; email: string; amountCents: number; note: string; grantedBy: string; createdAt: string }[]> {
      const rows = await db.execute<{ id: number; email: string; amount_cents: number; note: string; granted_by: string | null; created_at: string }>(sql`
        select e.id, u.email, e.amount_cents, e.note, s.email as granted_by, e.created_at
        from user_credit_entries e join users u on u.id = e.user_id left join users s on s.id = e.granted_by_user_id
        where e.granted_by_user_id is not null and e.reason = 'promotion'
        order by e.created_at desc, e.id desc limit ${limit}`)
      return rows.rows.map((r) => ({ id: Number(r.id), email: r.email, amountCents: Number(r.amount_cents), note: r.note, grantedBy: r.granted_by ?? '', createdAt: new Date(r.created_at).toISOString() }))
    },

    /**
     * Store credit given inside the caller's transaction, so it is given exactly when the caller's change
     * commits (a purchase return's refund: once, with its status change; staff promotions: with their record).
     */
    async grantCreditIn(tx: Tx, userId: number, amountCents: number, reason: Extract<CreditReason, 'promotion' | 'refund'>, refs: { orderId?: string; note?: string } = {}): Promise<void> {
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new DomainError('invalid_input', 'Credit must be a positive amount in cents.')
      await moveCredit(tx, userId, amountCents, reason, refs)
    },

    /**
     * Gives an order's gift card and store credit back in the caller's transaction (a cancelled order line,
     * docs/decisions/024 h13): the gift card's balance goes up again (used up → active) with a use recorded, and
     * the credit goes back to the buyer with reason 'refund'. A gift card no longer usable (redeemed into someone's
     * store credit since) cannot take it, so that part comes back as the buyer's store credit. Answers where it went.
     */
    async refundTendersIn(
      tx: Tx,
      order: { id: string; userId: number },
      amounts: { giftCardId: string | null; giftCardCents: number; creditCents: number },
      note: string,
    ): Promise<{ giftCardCents: number; creditCents: number }> {
      let giftCardCents = 0
      if (amounts.giftCardId && amounts.giftCardCents > 0) {
        const back = await tx.execute(sql`
          update gift_cards set balance_cents = balance_cents + ${amounts.giftCardCents}, status = 'active'
          where id = ${amounts.giftCardId}::uuid and status in ('active', 'used_up') and balance_cents + ${amounts.giftCardCents} <= initial_cents
          returning id`)
        if (back.rows.length > 0) {
          giftCardCents = amounts.giftCardCents
          await tx.insert(giftCardUses).values({ giftCardId: amounts.giftCardId, kind: 'order_refund', amountCents: giftCardCents, orderId: order.id, userId: order.userId, createdAt: clock() })
        }
      }
      const creditCents = amounts.creditCents + (amounts.giftCardCents - giftCardCents)
      if (creditCents > 0) await moveCredit(tx, order.userId, creditCents, 'refund', { orderId: order.id, note })
      return { giftCardCents, creditCents }
    },

    /**
     * Cash fund money paid out as store credit (docs/decisions/030), or taken back when staff refund the gift
     * (a negative amount), inside the caller's transaction. False when the family has less credit left than
     * is taken back (nothing moves).
     */
    async cashFundCreditIn(tx: Tx, userId: number, amountCents: number, note: string): Promise<boolean> {
      if (!Number.isSafeInteger(amountCents) || amountCents === 0) throw new DomainError('invalid_input', 'Credit must be a whole, non-zero amount in cents.')
      return moveCredit(tx, userId, amountCents, 'cash_fund', { note })
    },

    /**
     * Moves a gift card's whole balance into the account's store credit (the card is then used up). Wrong codes
     * count against the hourly limit per account and per network address.
     */
    async redeem(userId: number, input: unknown, meta: { ip: string }): Promise<{ redeemedCents: number; balanceCents: number; last4: string }> {
      const { code } = parseInput(redeemInput, input)
      const card = await findByCode(code, `user:${userId}`, meta.ip, 'code')
      return db.transaction(async (tx) => {
        const [taken] = await tx.execute<{ balance: number }>(sql`
          update gift_cards g set balance_cents = 0, status = 'redeemed', redeemed_by_user_id = ${userId}
          from (select id, balance_cents from gift_cards where id = ${card.id}::uuid and status = 'active' and balance_cents > 0 for update) before
          where g.id = before.id
          returning before.balance_cents as balance`).then((r) => r.rows)
        if (!taken) throw new DomainError('invalid_input', giftCardMessages.codeUsedUp, { fields: { code: [giftCardMessages.codeUsedUp] } })
        const amount = Number(taken.balance)
        await tx.insert(giftCardUses).values({ giftCardId: card.id, kind: 'redeemed_to_credit', amountCents: -amount, userId, createdAt: clock() })
        await moveCredit(tx, userId, amount, 'gift_card_redeemed', { giftCardId: card.id, note: `Gift card ••••${card.last4}` })
        return { redeemedCents: amount, balanceCents: await balanceOf(userId, tx), last4: card.last4 }
      })
    },

    /**
     * Staff support (docs/decisions/023, amendment h15): moves a card's whole balance into a customer's store
     * credit for them, when they cannot use the code (an email lost, a code they cannot read) and support has
     * checked the card is theirs. The same conditional update as `redeem` (a card is emptied once), no code
     * needed; the reason is kept on the ledger entry with the staff member. The form's key makes a double submit
     * move it once (the twin answers the same entry).
     */
    async redeemForCustomer(staffUserId: number, input: { giftCardId: string; email: unknown; reason: unknown; idempotencyKey: unknown }): Promise<{ user: { id: number; email: string; name: string }; redeemedCents: number; balanceCents: number; last4: string; repeated: boolean }> {
      const data = parseInput(staffRedeemInput, input)
      // The account the email signs in to, not any account with that address.
      const user = await accountOfEmail(db, data.email)
      if (!user) throw new DomainError('invalid_input', giftCardMessages.promotionNoAccount, { fields: { email: [giftCardMessages.promotionNoAccount] } })
      const who = { id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}`.trim() }
      const twin = async () => {
        const [row] = await db.select().from(userCreditEntries).where(eq(userCreditEntries.idempotencyKey, data.idempotencyKey))
        if (!row || row.userId !== user.id || row.giftCardId !== data.giftCardId.toLowerCase()) {
          throw new DomainError('invalid_input', giftCardMessages.promotionKeyReused, { fields: { idempotencyKey: [giftCardMessages.promotionKeyReused] } })
        }
        const [card] = await db.select({ last4: giftCards.last4 }).from(giftCards).where(eq(giftCards.id, data.giftCardId))
        return { user: who, redeemedCents: row.amountCents, balanceCents: await balanceOf(user.id), last4: card?.last4 ?? '', repeated: true }
      }
      const [seen] = await db.select({ id: userCreditEntries.id }).from(userCreditEntries).where(eq(userCreditEntries.idempotencyKey, data.idempotencyKey))
      if (seen) return twin()
      try {
        const moved = await db.transaction(async (tx) => {
          const [taken] = await tx.execute<{ balance: number; last4: string }>(sql`
            update gift_cards g set balance_cents = 0, status = 'redeemed', redeemed_by_user_id = ${user.id}
            from (select id, balance_cents, last4 from gift_cards where id = ${data.giftCardId}::uuid and status = 'active' and balance_cents > 0 and emailed_at is not null for update) before
            where g.id = before.id
            returning before.balance_cents as balance, before.last4 as last4`).then((r) => r.rows)
          if (!taken) {
            // A twin submit with this key may have emptied the card while this one waited for its row.
            const [twinEntry] = await tx.select({ id: userCreditEntries.id }).from(userCreditEntries).where(eq(userCreditEntries.idempotencyKey, data.idempotencyKey))
            if (twinEntry) return null
            const [card] = await tx.select({ status: giftCards.status }).from(giftCards).where(eq(giftCards.id, data.giftCardId))
            if (!card) throw new DomainError('not_found', 'We could not find that gift card.')
            throw new DomainError('conflict', giftCardMessages.staffRedeemNothing)
          }
          const amount = Number(taken.balance)
          await tx.insert(giftCardUses).values({ giftCardId: data.giftCardId, kind: 'redeemed_to_credit', amountCents: -amount, userId: user.id, createdAt: clock() })
          await moveCredit(tx, user.id, amount, 'gift_card_redeemed', { giftCardId: data.giftCardId, note: `Gift card ••••${taken.last4}, added by Nestlist support: ${data.reason}`, grantedByUserId: staffUserId, idempotencyKey: data.idempotencyKey })
          return { user: who, redeemedCents: amount, balanceCents: await balanceOf(user.id, tx), last4: taken.last4, repeated: false }
        })
        return moved ?? (await twin())
      } catch (error) {
        // A parallel twin with the same key committed first.
        if ((error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505') return twin()
        throw error
      }
    },

    // ---- gift returns ---------------------------------------------------------------------------------

    /** Gifts bought through Nestlist for the registries the user manages that can still be returned. */
    async returnableGifts(userId: number): Promise<ReturnableGift[]> {
      const managed = await access.managedBy(userId)
      if (managed.length === 0) return []
      const since = addMonths(clock(), -GIFT_RETURN_WINDOW_MONTHS).toISOString()
      const rows = await db.execute<{
        id: number
        registry_id: number
        registry_title: string
        title: string
        options: { size?: string; color?: string }
        product_id: number | null
        quantity: number
        paid_cents: number
        returned: number
        created_at: string
      }>(sql`
        select l.id, l.registry_id, r.title as registry_title, l.title, l.options, l.product_id, l.quantity,
               l.line_total_cents - l.discount_cents as paid_cents, o.created_at,
               coalesce((select sum(g.quantity) from gift_returns g where g.order_line_id = l.id), 0)::int as returned
        from order_lines l join orders o on o.id = l.order_id join registries r on r.id = l.registry_id
        where l.registry_id in (${sql.join(managed.map((m) => sql`${m.id}`), sql`, `)})
          and o.status = 'paid' and o.created_at >= ${since}::timestamptz and l.gift_card is null
        order by o.created_at desc, l.id
        limit 200`)
      return rows.rows
        .filter((r) => Number(r.returned) < Number(r.quantity))
        .map((r) => {
          const boughtAt = new Date(r.created_at)
          return {
            orderLineId: Number(r.id),
            registryId: Number(r.registry_id),
            registryTitle: r.registry_title,
            title: r.title,
            options: r.options ?? {},
            productId: r.product_id === null ? null : Number(r.product_id),
            quantity: Number(r.quantity),
            returnedQuantity: Number(r.returned),
            creditPerUnitCents: Math.floor(Number(r.paid_cents) / Number(r.quantity)),
            boughtAt: boughtAt.toISOString(),
            returnBy: addMonths(boughtAt, GIFT_RETURN_WINDOW_MONTHS).toISOString(),
          }
        })
    },

    /** Gift returns made for the registries the user manages, newest first. */
    async giftReturnsFor(userId: number): Promise<GiftReturnView[]> {
      const managed = await access.managedBy(userId)
      if (managed.length === 0) return []
      const rows = await db
        .select({ r: giftReturns, title: orderLines.title })
        .from(giftReturns)
        .innerJoin(orderLines, eq(orderLines.id, giftReturns.orderLineId))
        .where(inArray(giftReturns.registryId, managed.map((m) => m.id)))
        .orderBy(desc(giftReturns.createdAt))
        .limit(100)
      return rows.map(({ r, title }) => giftReturnView(r, title))
    },

    /**
     * One gift return for the family (the registry's owner or a collaborator, as the list): its status, and for a
     * shipped gift the return code and the returns warehouse's address. Anyone else gets not_found.
     */
    async giftReturnFor(id: string, userId: number): Promise<GiftReturnDetail> {
      const notFound = () => new DomainError('not_found', giftCardMessages.giftReturnNotFound)
      if (!uuidPattern.test(id)) throw notFound()
      const [found] = await db
        .select({ r: giftReturns, title: orderLines.title, options: orderLines.options })
        .from(giftReturns)
        .innerJoin(orderLines, eq(orderLines.id, giftReturns.orderLineId))
        .where(eq(giftReturns.id, id))
      if (!found || !(await access.roleOf(found.r.registryId, userId))) throw notFound()
      const [registry] = await db.execute<{ title: string }>(sql`select title from registries where id = ${found.r.registryId}`).then((x) => x.rows)
      return {
        ...giftReturnView(found.r, found.title),
        registryTitle: registry?.title ?? '',
        options: (found.options as { size?: string; color?: string } | null) ?? {},
        returnAddress: found.r.returnCode ? RETURNS_WAREHOUSE : null,
      }
    },

    // ---- staff: receiving shipped gift returns --------------------------------------------------------

    /**
     * Staff: gift returns on their way back (oldest first: they arrive first), or the latest received, with the
     * family, who asked, and the code on the box. `code` narrows to one return code.
     */
    async staffGiftReturns(filter: { status?: 'awaiting_return_shipment' | 'received'; code?: string } = {}): Promise<StaffGiftReturnRow[]> {
      const status = filter.status ?? 'awaiting_return_shipment'
      const code = filter.code?.trim() ? normaliseReturnCode(filter.code) : null
      const rows = await db.execute<{
        id: string
        return_code: string | null
        status: GiftReturnStatus
        title: string
        options: { size?: string; color?: string } | null
        product_id: number | null
        quantity: number
        reason: string
        credit_cents: number
        family_name: string
        first_name: string
        last_name: string
        email: string
        order_id: string
        created_at: string
        received_at: string | null
        received_by: string | null
        restocked_on_receipt: boolean | null
      }>(sql`
        select g.id, g.return_code, g.status, l.title, l.options, l.product_id, g.quantity, g.reason, g.credit_cents,
               r.family_name, u.first_name, u.last_name, u.email, l.order_id, g.created_at, g.received_at,
               s.email as received_by, g.restocked_on_receipt
        from gift_returns g
          join order_lines l on l.id = g.order_line_id
          join registries r on r.id = g.registry_id
          join users u on u.id = g.user_id
          left join users s on s.id = g.received_by_user_id
        where ${code ? sql`g.return_code = ${code}` : sql`g.status = ${status}`}
        order by ${status === 'received' && !code ? sql`g.received_at desc` : sql`g.created_at asc`}, g.id
        limit 100`)
      return rows.rows.map((r) => ({
        id: r.id,
        returnCode: r.return_code,
        status: r.status,
        title: r.title,
        options: r.options ?? {},
        productId: r.product_id === null ? null : Number(r.product_id),
        quantity: Number(r.quantity),
        reasonLabel: giftReturnReasons.find((x) => x.id === r.reason)?.label ?? r.reason,
        creditCents: Number(r.credit_cents),
        familyName: r.family_name,
        requester: { name: `${r.first_name} ${r.last_name}`.trim(), email: r.email },
        orderId: r.order_id,
        createdAt: new Date(r.created_at).toISOString(),
        receivedAt: r.received_at ? new Date(r.received_at).toISOString() : null,
        receivedBy: r.received_by,
        restockedOnReceipt: r.restocked_on_receipt,
      }))
    },

    /**
     * Staff: a shipped gift arrived at the returns warehouse. One transaction moves the return from
     * awaiting_return_shipment to received (a conditional update, so a double submit or two staff members
     * credit once: the second gets conflict), gives the family member who asked for it the store credit (unless
     * it was given when the return was made, as before receiving existed), and puts the units back in stock
     * when staff say they can be sold again. Then the family member is emailed a receipt; the giver never is.
     */
    async receiveGiftReturn(
      staffUserId: number,
      id: string,
      input: unknown,
    ): Promise<{ giftReturn: GiftReturnView; creditedCents: number; restocked: boolean }> {
      const data = parseInput(giftReturnReceiveInput, input)
      const notFound = () => new DomainError('not_found', giftCardMessages.giftReturnNotFound)
      if (!uuidPattern.test(id)) throw notFound()
      const now = clock()
      const done = await db.transaction(async (tx) => {
        const [moved] = await tx
          .update(giftReturns)
          .set({ status: 'received', receivedAt: now, receivedByUserId: staffUserId, restockedOnReceipt: data.restock })
          .where(and(eq(giftReturns.id, id), eq(giftReturns.status, 'awaiting_return_shipment')))
          .returning()
        if (!moved) {
          const [row] = await tx.select({ status: giftReturns.status }).from(giftReturns).where(eq(giftReturns.id, id))
          if (!row) throw notFound()
          throw new DomainError('conflict', row.status === 'received' ? giftCardMessages.alreadyReceived : giftCardMessages.notAwaitingShipment)
        }
        const [line] = await tx
          .select({ title: orderLines.title, productId: orderLines.productId, optionKey: orderLines.optionKey })
          .from(orderLines)
          .where(eq(orderLines.id, moved.orderLineId))
        let creditedCents = 0
        if (moved.creditedAt === null) {
          if (moved.creditCents > 0) {
            await moveCredit(tx, moved.userId, moved.creditCents, 'gift_return', { giftReturnId: moved.id, note: `Gift returned: ${line!.title}` })
            creditedCents = moved.creditCents
          }
          await tx.update(giftReturns).set({ creditedAt: now }).where(eq(giftReturns.id, moved.id))
        }
        const restocked = data.restock && line!.productId !== null
        if (restocked) {
          await tx.execute(sql`
            insert into product_stock (product_id, option_key, quantity) values (${line!.productId}, ${line!.optionKey}, ${moved.quantity})
            on conflict (product_id, option_key) do update set quantity = product_stock.quantity + excluded.quantity`)
        }
        const balance = await balanceOf(moved.userId, tx)
        return { row: { ...moved, creditedAt: moved.creditedAt ?? now }, title: line!.title, productId: line!.productId, creditedCents, restocked, balance }
      })
      logger?.info({ giftReturnId: id, staffUserId, restocked: done.restocked, creditedCents: done.creditedCents }, 'gift return received')
      if (done.restocked && done.productId !== null && onRestocked) {
        // Shoppers waiting for this product hear it is back, as after a staff restock; the return stands either way.
        await onRestocked(done.productId).catch((error: unknown) => logger?.warn({ err: error, giftReturnId: id }, 'back-in-stock emails after a gift return failed'))
      }
      try {
        const [member] = await db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, done.row.userId))
        if (member) {
          await email.send({
            to: member.email,
            userId: done.row.userId,
            template: 'notice',
            data: {
              category: 'orders',
              subject: `We received your returned gift: ${done.title}`,
              heading: 'Your returned gift arrived',
              firstName: member.firstName,
              paragraphs: [
                `We received ${done.row.quantity} × ${done.title} at our returns warehouse (return ${done.row.returnCode ?? ''}).`,
                done.creditedCents > 0
                  ? `${formatCents(done.creditedCents)} of store credit was added to your Nestlist account. Your balance is now ${formatCents(done.balance)}, and it pays at checkout.`
                  : `Its store credit was already added to your account when you made the return. Your balance is ${formatCents(done.balance)}.`,
                'The person who gave it is not told.',
              ],
              ...(link('/settings/gift-cards-and-promos') ? { action: { label: 'See your store credit', url: link('/settings/gift-cards-and-promos')! } } : {}),
            },
          })
        }
      } catch (error) {
        // The return is received and credited either way; a failed receipt is recorded by the email module.
        logger?.warn({ err: error, giftReturnId: id }, 'gift return receipt email failed')
      }
      return { giftReturn: giftReturnView(done.row, done.title), creditedCents: done.creditedCents, restocked: done.restocked }
    },

    /**
     * Returns units of a registry gift for store credit to the user (the registry's owner or a collaborator).
     * The credit is what was paid for those units; the giver is not told. A gift that has not left the warehouse
     * goes straight back to stock and is credited at once; one that shipped gets a return code and is credited
     * when staff receive it (receiveGiftReturn). Anyone who may not manage the registry gets not_found, as for a
     * gift that does not exist.
     */
    async returnGift(userId: number, input: unknown): Promise<{ giftReturn: GiftReturnView; balanceCents: number }> {
      const data = parseInput(giftReturnInput, input)
      const notFound = () => new DomainError('not_found', giftCardMessages.returnNotFound, { fields: { orderLineId: [giftCardMessages.returnNotFound] } })
      const [found] = await db
        .select({ line: orderLines, order: { status: orders.status, createdAt: orders.createdAt } })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(eq(orderLines.id, data.orderLineId))
      if (!found || !found.line.registryId || found.line.giftCard || !(await access.roleOf(found.line.registryId, userId))) throw notFound()
      if (found.order.status !== 'paid') throw new DomainError('conflict', giftCardMessages.returnNotPaid)
      if (addMonths(found.order.createdAt, GIFT_RETURN_WINDOW_MONTHS) < clock()) throw new DomainError('conflict', giftCardMessages.returnWindow)
      const line = found.line
      const registryId = line.registryId!
      const { row, balanceCents } = await db.transaction(async (tx) => {
        // The line's row lock serialises returns of one line, so the quantities can never add up past it.
        await tx.execute(sql`select id from order_lines where id = ${line.id} for update`)
        const [{ returned }] = (await tx.execute<{ returned: number }>(sql`select coalesce(sum(quantity), 0)::int as returned from gift_returns where order_line_id = ${line.id}`)).rows as [{ returned: number }]
        const left = line.quantity - Number(returned)
        if (data.quantity > left) throw new DomainError('conflict', giftCardMessages.returnTooMany(left), { fields: { quantity: [giftCardMessages.returnTooMany(left)] } })
        // Pro rata of what was paid, so several partial returns add up exactly to the line's price.
        const paid = line.lineTotalCents - line.discountCents
        const creditCents = Math.floor((paid * (Number(returned) + data.quantity)) / line.quantity) - Math.floor((paid * Number(returned)) / line.quantity)
        // The box the line travels in (a family's consolidated box is 'held' until they ask to ship it). Its row
        // lock makes a parallel 'Ship now' or staff status change wait for this return (or this return see it).
        const box =
          (
            await tx.execute<{ id: number; status: string }>(sql`
              select s.id, s.status from order_lines l join shipments s on s.id = l.shipment_id
              where l.id = ${line.id} for update of s`)
          ).rows[0] ??
          (
            await tx.execute<{ id: number; status: string }>(sql`
              select s.id, s.status from shipments s where s.order_id = ${line.orderId}::uuid and s.warehouse_id = ${line.warehouseId} limit 1`)
          ).rows[0]
        const inWarehouse = ['held', 'processing'].includes(box?.status ?? 'processing')
        if (inWarehouse && line.productId) {
          await tx.execute(sql`
            insert into product_stock (product_id, option_key, quantity) values (${line.productId}, ${line.optionKey}, ${data.quantity})
            on conflict (product_id, option_key) do update set quantity = product_stock.quantity + excluded.quantity`)
        }
        // A gift that has not left never ships: the box carries the line less its restocked returns (the shipment
        // views count it so); once every unit is returned the line leaves the box, and an emptied box is removed.
        if (inWarehouse && box && Number(returned) + data.quantity === line.quantity) {
          await tx.execute(sql`update order_lines set shipment_id = null where id = ${line.id} and shipment_id = ${box.id}`)
          await tx.execute(sql`
            delete from shipments s where s.id = ${box.id} and s.status in ('held', 'processing')
              and not exists (select 1 from order_lines l where l.shipment_id = s.id)`)
        }
        // A gift that never left is credited now; a shipped one when it arrives back (staff receive it with its
        // return code), as Babylist and Amazon do for items sent back.
        const now = clock()
        const [created] = await tx
          .insert(giftReturns)
          .values({
            orderLineId: line.id,
            registryId,
            userId,
            quantity: data.quantity,
            reason: data.reason,
            creditCents,
            status: inWarehouse ? 'restocked' : 'awaiting_return_shipment',
            returnCode: inWarehouse ? null : generateReturnCode(),
            creditedAt: inWarehouse ? now : null,
            createdAt: now,
          })
          .returning()
        if (inWarehouse && creditCents > 0) await moveCredit(tx, userId, creditCents, 'gift_return', { giftReturnId: created!.id, note: `Gift returned: ${line.title}` })
        return { row: created!, balanceCents: await balanceOf(userId, tx) }
      })
      return { giftReturn: giftReturnView(row, line.title), balanceCents }
    },
  }
  return service
}

export type GiftCardsService = ReturnType<typeof createGiftCardsService>
