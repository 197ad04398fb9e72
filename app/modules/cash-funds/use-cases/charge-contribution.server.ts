/** Use case (shared by giving and confirming): charging a held contribution, paying it out, and the receipt emails. */
import { and, eq } from 'drizzle-orm'
import { formatCents } from '~/lib/money'
import { registries } from '../../registry/registry.schema'
import type { CashFundsContext } from '../cash-funds-context.server'
import { type CashFundContributionRow, cashFundContributions, cashFundPreferences } from '../cash-funds.schema'

/** Charges a pending contribution's held amount and marks it confirmed; sends the emails once (only the call that confirms it). */
export async function settle(ctx: CashFundsContext, c: CashFundContributionRow, fundTitle: string): Promise<CashFundContributionRow> {
  const { db, credit, payments, logger, clock } = ctx
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
  await sendEmails(ctx, confirmed, fundTitle).catch((error: unknown) => logger.error({ err: error, contributionId: c.id }, 'cash fund emails failed'))
  return confirmed
}

export async function sendEmails(ctx: CashFundsContext, c: CashFundContributionRow, fundTitle: string) {
  const { db, email, clock, notices, base } = ctx
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
