// The demo data gives the demo parent a saved shipping address (checkout and quick buy start filled in),
// and a re-seed neither duplicates it nor overwrites an address they changed.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { demoAccounts } from '~/db/demo-accounts'
import { seedDemoData } from '~/db/seed.server'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { addresses, users } from './accounts.schema'
import { DEMO_PARENT_ADDRESS } from './address.seed.server'
import { createAddressService } from './address.service.server'

let database: TestDatabase
const parent = demoAccounts.find((a) => a.role === 'user')!

beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database.drop()
})

describe("the demo parent's saved address", () => {
  test('is seeded with the demo data, matches their registry, and a re-seed keeps a changed address and restores a deleted one', async () => {
    const seed = () => seedDemoData(database.db, database.pool, { products: 60 }, () => {})
    await seed()
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, parent.email))
    const address = createAddressService({ db: database.db })
    expect(await address.get(user!.id)).toMatchObject({ ...DEMO_PARENT_ADDRESS, stateName: 'Oregon' })
    const { rows } = await database.pool.query<{ shipping_address: Record<string, string> }>(
      `select r.shipping_address from registries r where r.owner_id = $1 and r.slug = 'maya-and-leo'`,
      [user!.id],
    )
    const { phone: _phone, ...withoutPhone } = DEMO_PARENT_ADDRESS
    expect(rows[0]!.shipping_address).toMatchObject(withoutPhone)

    await address.save(user!.id, { name: 'Maya Rivera', line1: '9 Elm Road', city: 'Salem', state: 'OR', zip: '97301' })
    await seed()
    expect(await address.get(user!.id)).toMatchObject({ line1: '9 Elm Road', city: 'Salem' })

    await address.remove(user!.id)
    await seed()
    expect(await address.get(user!.id)).toMatchObject(DEMO_PARENT_ADDRESS)
    expect(await database.db.select().from(addresses).where(eq(addresses.userId, user!.id))).toHaveLength(1)
  })
})
