// 'Buy now in one step' is offered (the visitor's facts the product page reads) only with a saved shipping address and
// a saved card that has not expired.
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SESSION_COOKIE } from '~/modules/accounts/auth.server'
import { createServices, type Services } from '~/services.server'
import { signUpConfirmed } from '../../../tests/support/accounts'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'

let database: TestDatabase
let services: Services

beforeAll(async () => {
  database = await createTestDatabase()
  services = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: 'help@example.test', PUBLIC_URL: 'https://nestlist.test' }, logger: pino({ level: 'silent' }) })
})
afterAll(async () => {
  await database?.drop()
})

const card = (userId: number, expYear: number, last4: string) =>
  database.pool.query(`insert into saved_payment_methods (user_id, provider, token, brand, last4, exp_month, exp_year) values ($1, 'test', $2, 'visa', $3, 1, $4)`, [userId, `pm_test_${userId}_${last4}`, last4, expYear])

describe('quick buy is offered', () => {
  test('not to a guest, nor without a saved address and an unexpired saved card; with both it is', async () => {
    expect((await services.visitor(undefined)).quickBuy).toBe(false)
    const { token, user } = await signUpConfirmed(services.accounts, database.db, { firstName: 'Quinn', lastName: 'Buyer', email: 'quinn@example.test', password: 'sunflower meadow 42' }, { ip: '203.0.113.20', userAgent: 'vitest' })
    const cookie = `${SESSION_COOKIE}=${token}`
    const offered = async () => (await services.visitor(cookie)).quickBuy
    expect(await offered()).toBe(false)

    await database.pool.query(`insert into addresses (user_id, name, line1, city, state, zip) values ($1, 'Quinn Buyer', '9 Fast Lane', 'Austin', 'TX', '78701')`, [user.id])
    // An address alone is not enough: no card to pay with in one step.
    expect(await offered()).toBe(false)
    // Nor an expired card.
    await card(user.id, new Date().getUTCFullYear() - 1, '1111')
    expect(await offered()).toBe(false)

    await card(user.id, new Date().getUTCFullYear() + 2, '4242')
    expect(await offered()).toBe(true)

    // A card without an address: not offered either.
    await database.pool.query('delete from addresses where user_id = $1', [user.id])
    expect(await offered()).toBe(false)
  })
})
