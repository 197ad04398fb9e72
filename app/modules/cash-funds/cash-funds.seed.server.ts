// Demo data (docs/decisions/030): the demo parent's registry gets two cash funds, one with a goal, and a few
// confirmed contributions from demo guests (each with its captured test-card payment), so the guest page,
// the gift tracker and /store/cash-funds are not empty. Its dearest unreserved item is a group gift with two
// chip-ins (h12).
import { eq, sql } from 'drizzle-orm'
import type pg from 'pg'
import { demoAccounts } from '../../db/demo-accounts'
import type { SeedContext } from '../../db/seed-context.server'
import { users } from '../accounts/accounts.schema'
import { productImagePath } from '../catalog/illustrations'
import { GROUP_GIFT_GOAL_BUFFER_PERCENT } from '../config/app-config'
import { products } from '../catalog/catalog.schema'
import { payments } from '../payments/payments.schema'
import { regItems, registries } from '../registry/registry.schema'
import { cashFundContributions, cashFundPreferences, cashFunds, payouts } from './cash-funds.schema'

const KEY_PREFIX = 'demo-cash-fund:'
const DAY = 86_400_000

const FUNDS = [
  {
    product: 'Parental Leave Fund',
    title: 'Parental Leave Fund',
    description: 'Help us take a few more weeks at home together when the baby arrives.',
    goalCents: 150_000,
    gifts: [
      { giver: 'Rosa Alvarez', email: 'rosa.alvarez@demo-guest.example.test', cents: 10_000, message: 'For slow mornings and lots of snuggles. Love, Grandma Rosa', daysAgo: 9 },
      { giver: 'Priya Natarajan', email: 'priya.n@demo-guest.example.test', cents: 5_000, message: 'Enjoy every minute!', daysAgo: 4 },
      { giver: 'The Okafor family', email: 'okafor.family@demo-guest.example.test', cents: 7_500, message: '', daysAgo: 1 },
    ],
  },
  {
    product: 'Diapers & Wipes Fund',
    title: 'Diaper fund',
    description: 'Keep the changing table stocked for the first year.',
    goalCents: null,
    gifts: [{ giver: 'Jordan Lee', email: 'jordan.lee@demo-guest.example.test', cents: 2_500, message: 'A year of clean bottoms, starting now.', daysAgo: 6 }],
  },
] as const

export async function seedCashFunds({ db, log }: SeedContext): Promise<void> {
  const parent = demoAccounts.find((a) => a.role === 'user')!
  const [registry] = await db
    .select({ id: registries.id })
    .from(registries)
    .innerJoin(users, eq(users.id, registries.ownerId))
    .where(eq(users.email, parent.email))
    .limit(1)
  if (!registry) return
  const now = Date.now()
  let n = 0
  // The family chose a bank transfer (so the demo gifts did not become store credit).
  await db.insert(cashFundPreferences).values({ registryId: registry.id, method: 'bank_transfer', accountHolder: 'Maya Rivera', accountLast4: '6789' }).onConflictDoNothing()
  for (const [i, f] of FUNDS.entries()) {
    const [product] = await db
      .select({ id: products.id, imageUrl: products.imageUrl })
      .from(products)
      .where(sql`${products.productType} = 'cash_fund' and ${products.shortName} = ${f.product}`)
      .orderBy(products.id)
      .limit(1)
    const [fund] = await db
      .insert(cashFunds)
      .values({
        registryId: registry.id,
        productId: product?.id ?? null,
        title: f.title,
        description: f.description,
        imageUrl: product?.imageUrl ?? productImagePath('cash-fund', i),
        goalCents: f.goalCents,
        createdAt: new Date(now - 20 * DAY + i),
      })
      .returning()
    for (const g of f.gifts) {
      const at = new Date(now - g.daysAgo * DAY)
      const key = `${KEY_PREFIX}${registry.id}:${++n}`
      const [payment] = await db
        .insert(payments)
        .values({ idempotencyKey: `cash-fund:${key}`, purpose: 'cash_fund_contribution', purposeId: String(fund!.id), provider: 'test', providerRef: `demo_${key}`, amountCents: g.cents, capturedCents: g.cents, status: 'captured', cardBrand: 'Visa', cardLast4: '4242', createdAt: at, updatedAt: at })
        .returning({ id: payments.id })
      await db.insert(cashFundContributions).values({
        cashFundId: fund!.id,
        registryId: registry.id,
        amountCents: g.cents,
        status: 'confirmed',
        giverName: g.giver,
        giverEmail: g.email,
        message: g.message,
        idempotencyKey: key,
        paymentId: payment!.id,
        createdAt: at,
        confirmedAt: at,
        payout: 'bank_transfer',
      })
    }
  }
  const chipIns = await seedGroupGift(db, registry.id, now)
  const paid = await seedPayout(db, registry.id, now)
  log(`Seeded ${FUNDS.length} cash funds with ${n} contributions (${paid} already sent by bank transfer, the rest owed at /admin/payouts) and a group gift with ${chipIns} chip-ins`)
}

const CHIP_INS = [
  { giver: 'Aunt Carmen', email: 'carmen.rivera@demo-guest.example.test', cents: 6_000, message: 'Happy strolling, little one!', daysAgo: 5 },
  { giver: 'The Book Club', email: 'bookclub@demo-guest.example.test', cents: 4_500, message: 'From all of us at Thursday book club.', daysAgo: 2 },
] as const

/** The registry's dearest item nobody reserved or bought becomes a group gift, part funded by two demo chip-ins. */
async function seedGroupGift(db: SeedContext['db'], registryId: number, now: number): Promise<number> {
  const [item] = await db
    .update(regItems)
    // Guests chipped in, so its goal is fixed (decision 030, h13): price × quantity + the buffer.
    .set({ groupGift: true, groupGiftGoalCents: sql`ceil(${regItems.priceCents}::numeric * ${regItems.quantityNeeded} * ${100 + GROUP_GIFT_GOAL_BUFFER_PERCENT} / 100)::int` })
    .where(
      eq(
        regItems.id,
        sql`(select id from reg_items where registry_id = ${registryId} and removed_at is null and quantity_reserved = 0 and quantity_purchased = 0 and price_cents >= 15000 order by price_cents desc, id limit 1)`,
      ),
    )
    .returning({ id: regItems.id })
  if (!item) return 0
  for (const [i, g] of CHIP_INS.entries()) {
    const at = new Date(now - g.daysAgo * DAY)
    const key = `${KEY_PREFIX}${registryId}:gg${i + 1}`
    const [payment] = await db
      .insert(payments)
      .values({ idempotencyKey: `group-gift:${key}`, purpose: 'group_gift_contribution', purposeId: String(item.id), provider: 'test', providerRef: `demo_${key}`, amountCents: g.cents, capturedCents: g.cents, status: 'captured', cardBrand: 'Visa', cardLast4: '4242', createdAt: at, updatedAt: at })
      .returning({ id: payments.id })
    // A group gift's chip-ins stay in its fund until the family redeems it: no payout yet.
    await db.insert(cashFundContributions).values({ regItemId: item.id, registryId, amountCents: g.cents, status: 'confirmed', giverName: g.giver, giverEmail: g.email, message: g.message, idempotencyKey: key, paymentId: payment!.id, createdAt: at, confirmedAt: at })
  }
  return CHIP_INS.length
}

/**
 * The oldest demo gift was already sent by bank transfer three days ago (decision 030, h14), by the demo staff
 * member: the family's gift tracker shows one gift sent and the others waiting, and /admin/payouts lists the
 * rest as owed with one transfer in its history.
 */
async function seedPayout(db: SeedContext['db'], registryId: number, now: number): Promise<number> {
  const staff = demoAccounts.find((a) => a.role === 'staff')
  const [sentBy] = staff ? await db.select({ id: users.id }).from(users).where(eq(users.email, staff.email)) : []
  const [oldest] = await db
    .select({ id: cashFundContributions.id, amountCents: cashFundContributions.amountCents })
    .from(cashFundContributions)
    .where(sql`${cashFundContributions.registryId} = ${registryId} and ${cashFundContributions.payout} = 'bank_transfer' and ${cashFundContributions.payoutId} is null`)
    .orderBy(cashFundContributions.confirmedAt, cashFundContributions.id)
    .limit(1)
  if (!oldest) return 0
  const [payout] = await db
    .insert(payouts)
    .values({ registryId, amountCents: oldest.amountCents, itemCount: 1, accountHolder: 'Maya Rivera', accountLast4: '6789', reference: 'NL-DEMO-0001', sentBy: sentBy?.id ?? null, sentAt: new Date(now - 3 * DAY) })
    .returning({ id: payouts.id })
  await db.update(cashFundContributions).set({ payoutId: payout!.id }).where(eq(cashFundContributions.id, oldest.id))
  return 1
}

/** Removes the demo contributions with their payments and payouts (the funds go with their registries). */
export async function resetCashFunds(pool: pg.Pool): Promise<void> {
  await pool.query('delete from group_gift_redemptions')
  await pool.query('delete from cash_fund_contributions')
  await pool.query('delete from payouts')
  await pool.query('delete from cash_funds')
  await pool.query('delete from cash_fund_preferences')
  await pool.query(`delete from payments where idempotency_key like $1 or idempotency_key like $2`, [`cash-fund:${KEY_PREFIX}%`, `group-gift:${KEY_PREFIX}%`])
  await pool.query('update reg_items set group_gift = false, group_gift_goal_cents = null where group_gift')
}
