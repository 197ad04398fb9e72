import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { isDomainError } from '~/lib/errors'
import { emailCategories } from '~/modules/email/email.types'
import { createServices } from '~/services.server'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { users } from './accounts.schema'
import { createEmailPreferencesService, type EmailPreferencesService } from './email-preferences.service.server'

let database: TestDatabase
let prefs: EmailPreferencesService
let alice: number
let bob: number

beforeAll(async () => {
  database = await createTestDatabase()
  prefs = createEmailPreferencesService({ db: database.db })
  const rows = await database.db
    .insert(users)
    .values([
      { email: 'alice-prefs@example.test', firstName: 'Alice', lastName: 'A', passwordHash: 'x' },
      { email: 'bob-prefs@example.test', firstName: 'Bob', lastName: 'B', passwordHash: 'x' },
    ])
    .returning({ id: users.id })
  alice = rows[0]!.id
  bob = rows[1]!.id
})

afterAll(async () => {
  await database?.drop()
})

const optional = emailCategories.filter((c) => c.optional).map((c) => c.id)
const subscribedIds = async (userId: number) => (await prefs.preferences(userId)).filter((p) => p.subscribed).map((p) => p.id)

describe('email preferences', () => {
  test('a new account gets every category the product sends, required ones marked as such', async () => {
    const list = await prefs.preferences(alice)
    expect(list.map((p) => p.id)).toEqual(emailCategories.map((c) => c.id))
    expect(list.every((p) => p.subscribed)).toBe(true)
    expect(list.find((p) => p.id === 'account')).toMatchObject({ optional: false, label: 'Account and security' })
  })

  test('opting out of a category is kept and reported by isOptedOut; opting back in undoes it', async () => {
    await prefs.update(alice, { subscribed: optional.filter((id) => id !== 'shop_offers') })
    expect(await prefs.isOptedOut(alice, 'shop_offers')).toBe(true)
    expect(await prefs.isOptedOut(alice, 'registry_tips')).toBe(false)
    expect(await subscribedIds(alice)).not.toContain('shop_offers')
    // Another user's choice is their own.
    expect(await prefs.isOptedOut(bob, 'shop_offers')).toBe(false)

    await prefs.update(alice, { subscribed: optional })
    expect(await prefs.isOptedOut(alice, 'shop_offers')).toBe(false)
  })

  test('required categories cannot be opted out of, even when left out of the list', async () => {
    const list = await prefs.update(bob, { subscribed: [] })
    expect(list.filter((p) => p.subscribed).map((p) => p.id)).toEqual(['account', 'orders'])
    expect(await prefs.isOptedOut(bob, 'account')).toBe(false)
    expect(await prefs.isOptedOut(bob, 'orders')).toBe(false)
    for (const id of optional) expect(await prefs.isOptedOut(bob, id)).toBe(true)
    // Saving the same choice twice is fine.
    await prefs.update(bob, { subscribed: [] })
    expect(await subscribedIds(bob)).toEqual(['account', 'orders'])
  })

  test('an unknown category is refused and nothing changes', async () => {
    const before = await prefs.preferences(alice)
    const error = await prefs.update(alice, { subscribed: ['nope'] }).catch((e: unknown) => e)
    expect(isDomainError(error) && error.code).toBe('invalid_input')
    expect(await prefs.preferences(alice)).toEqual(before)
  })
})

describe('opt-outs and the email module', () => {
  test('the email module, as wired in the composition root, skips an optional email the user opted out of', async () => {
    const services = createServices({
      db: database.db,
      pool: database.pool,
      env: { SUPPORT_EMAIL: 'help@example.test' },
      logger: pino({ level: 'silent' }),
    })
    await services.emailPreferences.update(alice, { subscribed: optional.filter((id) => id !== 'shop_offers') })
    await services.emailPreferences.update(bob, { subscribed: optional })
    const offer = (userId: number, to: string) =>
      services.email.send({
        to,
        userId,
        template: 'notice',
        data: { category: 'shop_offers', subject: 'New arrivals', heading: 'New arrivals', paragraphs: ['Fresh picks for the nursery.'] },
      })
    expect((await offer(alice, 'alice-prefs@example.test')).status).toBe('skipped')
    expect((await offer(bob, 'bob-prefs@example.test')).status).not.toBe('skipped')
    // Account email is never skipped, whatever the opt-outs.
    await services.emailPreferences.update(alice, { subscribed: [] })
    const reset = await services.email.send({
      to: 'alice-prefs@example.test',
      userId: alice,
      template: 'password_changed',
      data: { firstName: 'Alice', resetUrl: 'http://localhost:3000/forgot_password' },
    })
    expect(reset.status).not.toBe('skipped')
  })
})
