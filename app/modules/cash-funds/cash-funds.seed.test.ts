// The demo data (decision 030, h14): the demo family prefers a bank transfer, so /admin/payouts shows their
// gifts owed, with one demo transfer already sent; seeding again gives the same picture (no duplicates).
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { seedDemoData } from '~/db/seed.server'
import { createServices } from '~/services.server'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'

let database: TestDatabase

beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database.drop()
})

describe('demo payouts', () => {
  test("the demo registry's bank-transfer gifts are owed at /admin/payouts, one already sent, and a re-seed gives the same", async () => {
    const services = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: 'help@example.test' }, logger: pino({ level: 'silent' }) })
    const staff = { userId: 0, role: 'staff' as const }
    const picture = async () => {
      const owed = (await services.cashFunds.owedPayouts(staff)).find((r) => r.slug === 'maya-and-leo')
      const history = await services.cashFunds.payoutHistory(staff)
      return { owed: owed && { itemCount: owed.itemCount, totalCents: owed.totalCents, account: owed.account }, history: history.map((p) => [p.reference, p.amountCents, p.itemCount]) }
    }
    await seedDemoData(database.db, database.pool, { products: 60 }, () => {})
    const first = await picture()
    expect(first.owed).toEqual({ itemCount: 3, totalCents: 15_000, account: { holder: 'Maya Rivera', last4: '6789' } })
    expect(first.history).toEqual([['NL-DEMO-0001', 10_000, 1]])
    await seedDemoData(database.db, database.pool, { products: 60 }, () => {})
    expect(await picture()).toEqual(first)
  })
})
