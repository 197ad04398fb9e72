// Demo data: the demo parent's saved shipping address (the same home their registry ships to), so checkout
// and quick buy open filled in for the demo account, as they do for anyone who saved an address.
import { eq } from 'drizzle-orm'
import { demoAccounts } from '../../db/demo-accounts'
import type { SeedContext } from '../../db/seed-context.server'
import { addresses, users } from './accounts.schema'

/** The demo parent's address: their registry's shipping address, with a phone number (555-01xx: fictional). */
export const DEMO_PARENT_ADDRESS = {
  name: 'Maya Rivera',
  line1: '2417 Alder Street',
  line2: 'Unit 5',
  city: 'Portland',
  state: 'OR',
  zip: '97214',
  phone: '(503) 555-0142',
} as const

/**
 * Saves the address for the demo parent (made by the registries step) when they have none. Idempotent: a
 * re-seed leaves an address the demo parent changed as it is, like their password.
 */
export async function seedDemoAddress({ db }: SeedContext): Promise<void> {
  const parent = demoAccounts.find((a) => a.role === 'user')!
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, parent.email))
  if (!row) return
  await db
    .insert(addresses)
    .values({ userId: row.id, ...DEMO_PARENT_ADDRESS })
    .onConflictDoNothing({ target: addresses.userId })
}

/** Nothing to reset: the address belongs to the account, which outlives the demo data. */
export async function resetDemoAddress(): Promise<void> {}
