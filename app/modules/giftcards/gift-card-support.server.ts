// Staff support for gift cards and store credit (docs/decisions/023, amendment h15): find a card, see where its
// money went, send it a new code (the spec's admin `gift_cards/{id}` and `gift_card_exchanges`), and read an
// account's store credit and what it was spent on (`user_credits`, `user_credit_redemptions`). Codes are never
// shown to staff: only their last four characters.
import { and, desc, eq, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '~/db/client.server'
import { DomainError } from '~/lib/errors'
import type { Logger } from '~/lib/logger.server'
import { formatCents } from '~/lib/money'
import { parseInput } from '~/lib/parse-input'
import { users } from '../accounts/accounts.schema'
import type { EmailSender } from '../email/email.types'
import { giftCardExchanges, giftCards, giftCardUses, userCreditEntries } from './giftcards.schema'
import { generateCode, hashCode } from './giftcards.service.server'
import { formatCode, type CreditReason } from './giftcards.validation'

export const supportMessages = {
  search: 'Enter the last 4 characters of a code, an email address, or a card or order id.',
  notFound: 'We could not find that gift card.',
  reason: 'Say why a new code is sent (3 to 200 characters), e.g. “Customer deleted the email”.',
  recipientEmail: 'Enter a valid email address for the recipient.',
  key: 'This form was already used. Reload the page to send another code.',
  keyReused: 'This form was already used for another gift card. Reload the page to send a new code.',
  redeemed: (email: string) => `This card's balance was moved into ${email || 'an account'}'s store credit, so it has no code left to replace. Look up their store credit instead.`,
  usedUp: 'Nothing is left on this card, so there is no point sending a new code.',
  notDelivered: 'This card is still being emailed for the first time. Try again in a few minutes.',
  noAccount: 'There is no Nestlist account with that email address.',
  email: 'Enter the email address of a Nestlist account.',
} as const

export const exchangeInput = z.object({
  giftCardId: z.string().uuid(supportMessages.notFound),
  reason: z.string({ error: supportMessages.reason }).trim().min(3, supportMessages.reason).max(200, supportMessages.reason),
  recipientEmail: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string({ error: supportMessages.recipientEmail }).trim().toLowerCase().max(254, supportMessages.recipientEmail).email(supportMessages.recipientEmail).optional(),
  ),
  idempotencyKey: z.string({ error: supportMessages.key }).trim().min(8, supportMessages.key).max(80, supportMessages.key),
})
export type ExchangeInput = z.input<typeof exchangeInput>

export type StaffGiftCard = {
  id: string
  last4: string
  initialCents: number
  balanceCents: number
  status: 'active' | 'used_up' | 'redeemed'
  recipientName: string
  recipientEmail: string
  senderName: string
  orderId: string
  purchaserEmail: string
  createdAt: string
  emailedAt: string | null
}

export type StaffGiftCardDetail = StaffGiftCard & {
  redeemedByEmail: string | null
  uses: { id: number; kind: 'order_payment' | 'redeemed_to_credit' | 'order_refund'; amountCents: number; orderId: string | null; createdAt: string }[]
  exchanges: StaffExchange[]
}

export type StaffExchange = {
  id: number
  giftCardId: string
  reason: string
  oldLast4: string
  newLast4: string
  recipientEmailBefore: string
  recipientEmailAfter: string
  balanceCents: number
  staffEmail: string
  emailed: boolean
  createdAt: string
}

export type StaffCreditEntry = { id: number; amountCents: number; reason: CreditReason; balanceAfterCents: number; note: string; orderId: string | null; giftCardId: string | null; createdAt: string }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const pgCode = (e: unknown): string | undefined => (e as { code?: string }).code ?? (e as { cause?: { code?: string } }).cause?.code

/** What a staff search query is: a card or order id, an email address, or the last 4 of a code. */
export function searchKind(raw: string): { kind: 'id'; id: string } | { kind: 'email'; email: string } | { kind: 'last4'; last4: string } | null {
  const q = raw.trim()
  if (UUID.test(q)) return { kind: 'id', id: q.toLowerCase() }
  if (/^[^\s@]+@[^\s@]+$/.test(q) && q.length <= 254) return { kind: 'email', email: q.toLowerCase() }
  const last4 = q.replace(/^[•·.*\s-]+/, '').toUpperCase()
  if (/^[0-9A-Z]{4}$/.test(last4)) return { kind: 'last4', last4 }
  return null
}

export type GiftCardSupportDeps = { db: Db; email: EmailSender; publicUrl?: string; clock?: () => Date; logger?: Logger }

export function createGiftCardSupport({ db, email, publicUrl, clock = () => new Date(), logger }: GiftCardSupportDeps) {
  const purchaser = sql<string>`(select o.email from orders o where o.id = ${giftCards.orderId})`.as('purchaser_email')
  const cardColumns = {
    id: giftCards.id,
    last4: giftCards.last4,
    initialCents: giftCards.initialCents,
    balanceCents: giftCards.balanceCents,
    status: giftCards.status,
    recipientName: giftCards.recipientName,
    recipientEmail: giftCards.recipientEmail,
    senderName: giftCards.senderName,
    orderId: giftCards.orderId,
    purchaserEmail: purchaser,
    createdAt: giftCards.createdAt,
    emailedAt: giftCards.emailedAt,
    redeemedByUserId: giftCards.redeemedByUserId,
  }
  type CardRow = Omit<StaffGiftCard, 'purchaserEmail' | 'createdAt' | 'emailedAt'> & { purchaserEmail: string | null; createdAt: Date; emailedAt: Date | null; redeemedByUserId: number | null }
  const view = (r: CardRow): StaffGiftCard => ({
    id: r.id,
    last4: r.last4,
    initialCents: r.initialCents,
    balanceCents: r.balanceCents,
    status: r.status,
    recipientName: r.recipientName,
    recipientEmail: r.recipientEmail,
    senderName: r.senderName,
    orderId: r.orderId,
    purchaserEmail: r.purchaserEmail ?? '',
    createdAt: r.createdAt.toISOString(),
    emailedAt: r.emailedAt?.toISOString() ?? null,
  })

  async function exchangesOf(where: ReturnType<typeof eq>): Promise<StaffExchange[]> {
    const rows = await db
      .select({ e: giftCardExchanges, staffEmail: users.email })
      .from(giftCardExchanges)
      .leftJoin(users, eq(users.id, giftCardExchanges.staffUserId))
      .where(where)
      .orderBy(desc(giftCardExchanges.createdAt), desc(giftCardExchanges.id))
    return rows.map(({ e, staffEmail }) => ({
      id: e.id,
      giftCardId: e.giftCardId,
      reason: e.reason,
      oldLast4: e.oldLast4,
      newLast4: e.newLast4,
      recipientEmailBefore: e.recipientEmailBefore,
      recipientEmailAfter: e.recipientEmailAfter,
      balanceCents: e.balanceCents,
      staffEmail: staffEmail ?? '',
      emailed: e.emailedAt !== null,
      createdAt: e.createdAt.toISOString(),
    }))
  }

  async function accountByEmail(raw: unknown) {
    const address = typeof raw === 'string' ? raw.trim().toLowerCase() : ''
    if (!address || address.length > 254 || !/^[^\s@]+@[^\s@]+$/.test(address)) throw new DomainError('invalid_input', supportMessages.email, { fields: { email: [supportMessages.email] } })
    const [user] = await db.select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(sql`lower(${users.email})`, address))
    if (!user) throw new DomainError('not_found', supportMessages.noAccount, { fields: { email: [supportMessages.noAccount] } })
    return { id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}`.trim() }
  }

  async function creditEntries(userId: number, onlyRedemptions: boolean): Promise<StaffCreditEntry[]> {
    const rows = await db
      .select()
      .from(userCreditEntries)
      .where(onlyRedemptions ? and(eq(userCreditEntries.userId, userId), eq(userCreditEntries.reason, 'gift_card_redeemed')) : eq(userCreditEntries.userId, userId))
      .orderBy(desc(userCreditEntries.createdAt), desc(userCreditEntries.id))
      .limit(200)
    return rows.map((e) => ({ id: e.id, amountCents: e.amountCents, reason: e.reason, balanceAfterCents: e.balanceAfterCents, note: e.note, orderId: e.orderId, giftCardId: e.giftCardId, createdAt: e.createdAt.toISOString() }))
  }

  /** Emails the recipient their card's new code (the balance left, how to use it). */
  async function sendNewCode(card: { recipientEmail: string; recipientName: string; senderName: string }, code: string, balanceCents: number) {
    const redeemUrl = publicUrl ? new URL('/settings/gift-cards-and-promos', publicUrl).toString() : undefined
    await email.send({
      to: card.recipientEmail,
      template: 'notice',
      data: {
        category: 'orders',
        subject: 'Your Nestlist gift card has a new code',
        heading: 'Here is your gift card’s new code',
        firstName: card.recipientName,
        paragraphs: [
          `As you asked our support team, your Nestlist gift card from ${card.senderName} has a new code. The old code no longer works.`,
          `Your gift card code: ${formatCode(code)}`,
          `${formatCents(balanceCents)} is left on it. Enter the code at checkout, or add it to your Nestlist account balance under Settings, Gift cards and promos. Keep this email safe: anyone with the code can spend the card.`,
        ],
        ...(redeemUrl ? { action: { label: 'Add it to your account', url: redeemUrl } } : {}),
      },
    })
  }

  const support = {
    /** Cards matching a staff search (newest first, at most 20): by card or order id, an email (recipient or buyer), or the last 4. */
    async find(query: string): Promise<StaffGiftCard[]> {
      const kind = searchKind(query)
      if (!kind) throw new DomainError('invalid_input', supportMessages.search, { fields: { q: [supportMessages.search] } })
      const where =
        kind.kind === 'id'
          ? or(eq(giftCards.id, kind.id), eq(giftCards.orderId, kind.id))
          : kind.kind === 'email'
            ? or(eq(sql`lower(${giftCards.recipientEmail})`, kind.email), sql`${giftCards.orderId} in (select id from orders where lower(email) = ${kind.email})`)
            : eq(giftCards.last4, kind.last4)
      const rows = await db.select(cardColumns).from(giftCards).where(where).orderBy(desc(giftCards.createdAt)).limit(20)
      return rows.map((r) => view(r as CardRow))
    },

    /** One card with every movement of its balance and every new code staff sent it. */
    async card(id: string): Promise<StaffGiftCardDetail> {
      if (!UUID.test(id)) throw new DomainError('not_found', supportMessages.notFound)
      const [row] = await db.select(cardColumns).from(giftCards).where(eq(giftCards.id, id))
      if (!row) throw new DomainError('not_found', supportMessages.notFound)
      const [uses, exchanges, redeemer] = await Promise.all([
        db.select().from(giftCardUses).where(eq(giftCardUses.giftCardId, id)).orderBy(desc(giftCardUses.createdAt), desc(giftCardUses.id)),
        exchangesOf(eq(giftCardExchanges.giftCardId, id)),
        row.redeemedByUserId ? db.select({ email: users.email }).from(users).where(eq(users.id, row.redeemedByUserId)) : Promise.resolve([]),
      ])
      return {
        ...view(row as CardRow),
        redeemedByEmail: redeemer[0]?.email ?? null,
        uses: uses.map((u) => ({ id: u.id, kind: u.kind, amountCents: u.amountCents, orderId: u.orderId, createdAt: u.createdAt.toISOString() })),
        exchanges,
      }
    },

    /**
     * Sends a card a new code: the old one stops working at once (only the code's hash is kept, and it is
     * replaced), the balance stays, and the recipient is emailed (at the corrected address, when staff gave one).
     * Only a card with a balance that was delivered can get one. The form's key makes a double submit send one
     * code: the twin answers the same exchange (`repeated`).
     */
    async exchange(staffUserId: number, input: unknown): Promise<{ exchange: StaffExchange; card: StaffGiftCard; repeated: boolean }> {
      const data = parseInput(exchangeInput, input)
      const twin = async () => {
        const [done] = await exchangesOf(eq(giftCardExchanges.idempotencyKey, data.idempotencyKey))
        if (!done || done.giftCardId !== data.giftCardId.toLowerCase()) throw new DomainError('invalid_input', supportMessages.keyReused, { fields: { idempotencyKey: [supportMessages.keyReused] } })
        const [row] = await db.select(cardColumns).from(giftCards).where(eq(giftCards.id, done.giftCardId))
        return { exchange: done, card: view(row as CardRow), repeated: true }
      }
      const [seen] = await db.select({ id: giftCardExchanges.id }).from(giftCardExchanges).where(eq(giftCardExchanges.idempotencyKey, data.idempotencyKey))
      if (seen) return twin()

      const code = generateCode()
      let sent: { exchangeId: number; card: { recipientEmail: string; recipientName: string; senderName: string }; balanceCents: number }
      try {
        sent = await db.transaction(async (tx) => {
          // The card's row is locked, so a checkout spending it or a redemption waits (or went first, and is seen).
          const locked = await tx.execute<{ id: string; last4: string; balance_cents: number; status: string; emailed_at: string | null; recipient_email: string; recipient_name: string; sender_name: string; redeemed_by: string | null }>(sql`
            select g.id, g.last4, g.balance_cents, g.status, g.emailed_at, g.recipient_email, g.recipient_name, g.sender_name,
                   (select u.email from users u where u.id = g.redeemed_by_user_id) as redeemed_by
            from gift_cards g where g.id = ${data.giftCardId}::uuid for update of g`)
          const card = locked.rows[0]
          if (!card) throw new DomainError('not_found', supportMessages.notFound)
          if (card.status === 'redeemed') throw new DomainError('conflict', supportMessages.redeemed(card.redeemed_by ?? ''))
          if (Number(card.balance_cents) === 0) throw new DomainError('conflict', supportMessages.usedUp)
          if (!card.emailed_at) throw new DomainError('conflict', supportMessages.notDelivered)
          const recipientEmail = data.recipientEmail ?? card.recipient_email
          await tx.update(giftCards).set({ codeHash: hashCode(code), last4: code.slice(-4), recipientEmail }).where(eq(giftCards.id, card.id))
          const [row] = await tx
            .insert(giftCardExchanges)
            .values({
              giftCardId: card.id,
              staffUserId,
              reason: data.reason,
              oldLast4: card.last4,
              newLast4: code.slice(-4),
              recipientEmailBefore: card.recipient_email,
              recipientEmailAfter: recipientEmail,
              balanceCents: Number(card.balance_cents),
              idempotencyKey: data.idempotencyKey,
              createdAt: clock(),
            })
            .returning({ id: giftCardExchanges.id })
          return { exchangeId: row!.id, card: { recipientEmail, recipientName: card.recipient_name, senderName: card.sender_name }, balanceCents: Number(card.balance_cents) }
        })
      } catch (error) {
        // A parallel twin with this key committed first (its code is the one that counts).
        if (pgCode(error) === '23505') return twin()
        throw error
      }
      // The code exists only here: emailed now. If the email fails, the exchange shows "not emailed" and staff send another.
      try {
        await sendNewCode(sent.card, code, sent.balanceCents)
        await db.update(giftCardExchanges).set({ emailedAt: clock() }).where(eq(giftCardExchanges.id, sent.exchangeId))
      } catch (error) {
        logger?.warn({ err: error, giftCardId: data.giftCardId }, 'emailing a gift card’s new code failed')
      }
      const [done] = await exchangesOf(eq(giftCardExchanges.id, sent.exchangeId))
      const [row] = await db.select(cardColumns).from(giftCards).where(eq(giftCards.id, data.giftCardId))
      return { exchange: done!, card: view(row as CardRow), repeated: false }
    },

    /** New codes sent by staff, newest first (at most 50), optionally for one card. */
    async exchanges(giftCardId?: string): Promise<StaffExchange[]> {
      if (giftCardId !== undefined && !UUID.test(giftCardId)) throw new DomainError('not_found', supportMessages.notFound)
      const rows = await exchangesOf(giftCardId ? eq(giftCardExchanges.giftCardId, giftCardId) : sql`true`)
      return rows.slice(0, 50)
    },

    /** An account's store credit: balance and its ledger (newest first, at most 200 entries). */
    async creditFor(emailAddress: unknown) {
      const user = await accountByEmail(emailAddress)
      const entries = await creditEntries(user.id, false)
      const [balance] = await db.execute<{ balance_cents: number }>(sql`select balance_cents from user_credit_balances where user_id = ${user.id}`).then((r) => r.rows)
      return { user, balanceCents: Number(balance?.balance_cents ?? 0), entries }
    },

    /** The gift cards moved into an account's store credit (by the customer with the code, or by support). */
    async redemptionsFor(emailAddress: unknown) {
      const user = await accountByEmail(emailAddress)
      return { user, redemptions: await creditEntries(user.id, true) }
    },
  }
  return support
}

export type GiftCardSupport = ReturnType<typeof createGiftCardSupport>
