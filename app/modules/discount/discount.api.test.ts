import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { registryApiHarness, type RegistryApiHarness } from '../../../tests/support/registry-api'
import { readSessionToken } from '~/modules/accounts/auth.server'
import { createDiscountService } from './discount.service.server'

// The registry discount through the JSON API and the service, against a real PostgreSQL.

let h: RegistryApiHarness
beforeAll(async () => {
  h = await registryApiHarness(86_000)
})
afterAll(async () => {
  await h?.drop()
})

const DAY = 86_400_000
const dayIn = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10)
/** Test-only: the registry was created `days` ago (the API cannot backdate a registry). */
const age = (registryId: number, days: number) =>
  h.database.pool.query(`update registries set created_at = now() - make_interval(days => $2) where id = $1`, [registryId, days])

describe('GET /api/v3/registries/{id}', () => {
  test('the owner sees the discount: not yet while the registry is under 30 days old, then eligible until 60 days after arrival', async () => {
    const owner = await h.signUp('Maya')
    const registry = await h.createRegistry(owner.cookie, { arrivalDate: dayIn(30) })
    let res = await h.call('GET', `/api/v3/registries/${registry.id}`, { cookie: owner.cookie })
    expect(res.status).toBe(200)
    expect(res.json.view).toBe('owner')
    expect(res.json.discount).toMatchObject({ isEligible: false, reason: 'registry_too_new', eligibilityEndsAt: dayIn(90), percent: 15 })

    await age(registry.id, 31)
    res = await h.call('GET', `/api/v3/registries/${registry.id}`, { cookie: owner.cookie })
    expect(res.json.discount).toEqual({
      isEligible: true,
      eligibleForMultiuseDiscount: false,
      discountThresholdAmount: 150,
      orderThresholdAmount: 1000,
      eligibilityEndsAt: dayIn(90),
      eligibilityRegistryCreationMinDays: 30,
      eligibilityPreArrivalDays: 60,
      eligibilityPostArrivalDays: 60,
      percent: 15,
      reason: null,
    })
  })

  test('guests, and the owner asking for the guest view, get no discount data', async () => {
    const owner = await h.signUp('Leo')
    const registry = await h.createRegistry(owner.cookie, { arrivalDate: dayIn(30) })
    await age(registry.id, 40)
    const guest = await h.signUp('Gus')
    for (const res of [
      await h.call('GET', `/api/v3/registries/${registry.id}`, { cookie: guest.cookie }),
      await h.call('GET', `/api/v3/registries/${registry.id}`),
      await h.call('GET', `/api/v3/registries/${registry.id}?view=guest`, { cookie: owner.cookie }),
    ]) {
      expect(res.status).toBe(200)
      expect(res.json.view).toBe('guest')
      expect(res.json).not.toHaveProperty('discount')
    }
  })

  test('a birthday registry carries no discount data', async () => {
    const owner = await h.signUp('Bea')
    const registry = await h.createRegistry(owner.cookie, { registryType: 'birthday', arrivalDate: undefined, planningStage: undefined })
    await age(registry.id, 40)
    const res = await h.call('GET', `/api/v3/registries/${registry.id}`, { cookie: owner.cookie })
    expect(res.json.discount).toBeNull()
  })
})

describe('GET /api/v3/user', () => {
  test('currentRegistry says whether the discount can be used today, and its cohort', async () => {
    const owner = await h.signUp('Ria')
    let res = await h.call('GET', '/api/v3/user', { cookie: owner.cookie })
    expect(res.json.currentRegistry).toBeNull()

    const registry = await h.createRegistry(owner.cookie, { arrivalDate: dayIn(10) })
    res = await h.call('GET', '/api/v3/user', { cookie: owner.cookie })
    expect(res.json.currentRegistry).toMatchObject({ type: 'baby', eligibleForDiscount: false, discountCohort: 'single_use' })

    await age(registry.id, 30)
    res = await h.call('GET', '/api/v3/user', { cookie: owner.cookie })
    expect(res.json.currentRegistry).toMatchObject({ ownerId: owner.id, type: 'baby', eligibleForDiscount: true, discountCohort: 'single_use' })
  })

  test('an arrival date more than 60 days away is not eligible yet', async () => {
    const owner = await h.signUp('Ned')
    const registry = await h.createRegistry(owner.cookie, { arrivalDate: dayIn(61) })
    await age(registry.id, 100)
    const res = await h.call('GET', '/api/v3/user', { cookie: owner.cookie })
    expect(res.json.currentRegistry).toMatchObject({ eligibleForDiscount: false })
  })
})

describe('GET /api/v3/flag', () => {
  test('answers the flags and the discount and birthday prompt configuration, to anyone', async () => {
    const res = await h.call('GET', '/api/v3/flag')
    expect(res.status).toBe(200)
    expect(res.json).toEqual({
      flags: { registry_discount_modal: true, birthday_list_adoption_modal: true },
      registryDiscount: {
        percent: 15,
        filterName: 'registry_discount',
        shopPath: '/registry-discount',
        eligibilityPreArrivalDays: 60,
        eligibilityPostArrivalDays: 60,
        eligibilityRegistryCreationMinDays: 30,
        multiUse: false,
        orderThresholdAmount: 1000,
        discountThresholdAmount: 150,
        excludedBrands: ['bumblebee-basics', 'stroll-and-co'],
        excludedCategories: ['diapers', 'wipes'],
        excludedProductTypes: ['gift_card', 'shipping', 'external', 'cash_fund', 'favor'],
      },
      birthdayPrompt: { accountMinAgeDays: 7, delayMs: 5000, redirectDelayMs: 100, createPath: '/registry/build/birthday' },
    })
  })

  test('is in the OpenAPI document, with the discount on the registry view', async () => {
    const doc = (await h.call('GET', '/api/v3/openapi.json')).json
    expect(doc.paths['/api/v3/flag'].get).toBeDefined()
    expect(doc.components.schemas.RegistryDiscount.properties).toHaveProperty('eligibilityEndsAt')
    expect(doc.components.schemas.User.properties.currentRegistry).toBeDefined()
  })
})

describe('discount service', () => {
  test('NESTLIST_FEATURE_FLAGS turns flags off and on; unknown names and values are ignored', () => {
    const service = createDiscountService({ registry: h.services.registry, featureFlags: 'registry_discount_modal=off, birthday_list_adoption_modal=maybe, nope=on' })
    expect(service.flags()).toEqual({ registry_discount_modal: false, birthday_list_adoption_modal: true })
    expect(createDiscountService({ registry: h.services.registry, featureFlags: 'birthday_list_adoption_modal=0' }).flags().birthday_list_adoption_modal).toBe(false)
  })

  test('shop extras: nothing for visitors; the banner only when eligible and no home banner ads; the birthday facts only where offered', async () => {
    const { discount } = h.services
    expect(await discount.shopExtrasFor(null, { birthdayPrompt: true })).toEqual({ discountBanner: null, birthdayPrompt: null })

    const owner = await h.signUp('Ivy')
    const user = { id: owner.id, createdAt: new Date(Date.now() - 10 * DAY) }
    expect(await discount.shopExtrasFor(user, { birthdayPrompt: true })).toEqual({ discountBanner: null, birthdayPrompt: null })

    const registry = await h.createRegistry(owner.cookie, { arrivalDate: dayIn(20) })
    let extras = await discount.shopExtrasFor(user, { birthdayPrompt: true })
    expect(extras.discountBanner).toBeNull()
    expect(extras.birthdayPrompt).toEqual({ id: owner.id, createdAt: user.createdAt.toISOString(), registries: [{ id: registry.id, ownerId: owner.id, registryType: 'baby' }] })

    await age(registry.id, 35)
    extras = await discount.shopExtrasFor(user)
    expect(extras.discountBanner).toMatchObject({ modalFlag: true, discount: { isEligible: true, eligibilityEndsAt: dayIn(80) } })
    expect(extras.birthdayPrompt).toBeNull()
    expect((await discount.shopExtrasFor(user, { homeBannerAds: 2 })).discountBanner).toBeNull()

    // Single use: once one of the owner's orders took the discount, the banner no longer offers it (a cancelled order gives it back).
    const { rows } = await h.database.pool.query<{ id: string }>(
      `insert into orders (user_id, email, buyer_name, idempotency_key, fingerprint, status, shipping_address, tax_state, subtotal_cents, shipping_cents, discount_cents, tax_cents, total_cents)
       values ($1, 'ivy@example.test', 'Ivy', 'discount-used-key-0123456789abcdef0123', 'f', 'paid', '{"name":"Ivy","line1":"1 Main","line2":"","city":"Austin","state":"TX","zip":"78701"}', 'TX', 10000, 0, 1500, 0, 8500)
       returning id`,
      [owner.id],
    )
    expect((await discount.shopExtrasFor(user)).discountBanner).toBeNull()
    await h.database.pool.query(`update orders set status = 'cancelled' where id = $1`, [rows[0]!.id])
    expect((await discount.shopExtrasFor(user)).discountBanner).toMatchObject({ discount: { isEligible: true } })

    const flagsOff = createDiscountService({ registry: h.services.registry, featureFlags: 'registry_discount_modal=off,birthday_list_adoption_modal=off' })
    const off = await flagsOff.shopExtrasFor(user, { birthdayPrompt: true })
    expect(off.discountBanner?.modalFlag).toBe(false)
    expect(off.birthdayPrompt).toBeNull()
  })
  test("GET /api/v3/me/header: each visitor's own facts in one statement, the same as the services give them one by one, in every state", async () => {
    const { accounts, discount, visitor } = h.services
    // The oracle: the session, then the discount service's banner and birthday prompt, then the registry's add target.
    const expected = async (cookie: string) => {
      const user = (await accounts.validateSession(readSessionToken(cookie)))?.user ?? null
      const extras = await discount.shopExtrasFor(user, { birthdayPrompt: true })
      const facts = {
        viewer: user ? { firstName: user.firstName, role: user.role, emailVerified: user.emailVerified } : null,
        email: user?.email ?? null,
        discountBanner: extras.discountBanner,
        birthdayPrompt: extras.birthdayPrompt,
        addTarget: user ? await h.services.registry.addTargetFor(user.id) : null,
      }
      return JSON.parse(JSON.stringify(facts)) as typeof facts
    }
    const check = async (cookie: string, want: { viewer: unknown; cartCount: number; banner: boolean }) => {
      const res = await h.call('GET', '/api/v3/me/header', { cookie })
      expect(res.status, res.text).toBe(200)
      expect(res.headers.get('cache-control')).toBe('private, no-store')
      const got = res.json as { viewer: unknown; email: string | null; cartCount: number; discountBanner: unknown; birthdayPrompt: { registries: { id: number }[] } | null; addTarget: unknown }
      const { viewer, email, discountBanner, birthdayPrompt, addTarget } = got
      expect({ viewer, email, discountBanner, birthdayPrompt, addTarget }, cookie).toEqual(await expected(cookie))
      expect({ viewer: got.viewer, cartCount: got.cartCount, banner: got.discountBanner !== null }, cookie).toEqual(want)
      return got
    }
    const [productId] = await h.createProducts(1)
    await h.database.pool.query(`insert into product_stock (product_id, option_key, quantity) values ($1, '', 50)`, [productId])
    await check('', { viewer: null, cartCount: 0, banner: false })

    // A guest's cart, by its cookie.
    const guest = await h.call('POST', '/api/v3/cart_items', { body: { productId, quantity: 2 } })
    expect(guest.status, guest.text).toBe(201)
    const guestCookie = guest.headers.get('set-cookie')!.split(';')[0]!
    await check(guestCookie, { viewer: null, cartCount: 2, banner: false })

    // Signed in: no registry, then one too new, then an eligible one; items in the cart.
    const owner = await h.signUp('Noor')
    // stands for an account made before email-first sign-up: signed in, address not yet confirmed (its session still works)
    await h.database.pool.query('update users set email_verified_at = null where id = $1', [owner.id])
    const viewer = { firstName: 'Noor', role: 'user', emailVerified: false }
    await check(owner.cookie, { viewer, cartCount: 0, banner: false })
    const registry = await h.createRegistry(owner.cookie, { arrivalDate: dayIn(20) })
    expect((await h.call('POST', '/api/v3/cart_items', { cookie: owner.cookie, body: { productId, quantity: 3 } })).status).toBe(201)
    await check(owner.cookie, { viewer, cartCount: 3, banner: false })
    await age(registry.id, 35)
    await check(`${owner.cookie}; ${guestCookie}`, { viewer, cartCount: 3, banner: true })
    // A newer registry that is not a baby registry is the current one: no banner.
    const birthday = await h.createRegistry(owner.cookie, { registryType: 'birthday', arrivalDate: undefined, planningStage: undefined })
    const withBirthday = await check(owner.cookie, { viewer, cartCount: 3, banner: false })
    expect(withBirthday.birthdayPrompt?.registries.map((r) => r.id)).toEqual([birthday.id, registry.id])
    await h.database.pool.query('delete from registries where id = $1', [birthday.id])
    await check(owner.cookie, { viewer, cartCount: 3, banner: true })

    // The single-use discount taken by an order that stands: no banner; cancelled, it is offered again.
    const { rows } = await h.database.pool.query<{ id: string }>(
      `insert into orders (user_id, email, buyer_name, idempotency_key, fingerprint, status, shipping_address, tax_state, subtotal_cents, shipping_cents, discount_cents, tax_cents, total_cents)
       values ($1, 'noor@example.test', 'Noor', 'copy-header-key-0123456789abcdef012345', 'f', 'paid', '{"name":"Noor","line1":"1 Main","line2":"","city":"Austin","state":"TX","zip":"78701"}', 'TX', 10000, 0, 1500, 0, 8500)
       returning id`,
      [owner.id],
    )
    await check(owner.cookie, { viewer, cartCount: 3, banner: false })
    await h.database.pool.query(`update orders set status = 'cancelled' where id = $1`, [rows[0]!.id])
    await check(owner.cookie, { viewer, cartCount: 3, banner: true })

    // Asked for together (one batched statement under load), every visitor still gets their own facts.
    const other = await h.signUp('Omar')
    expect((await h.call('POST', '/api/v3/cart_items', { cookie: other.cookie, body: { productId, quantity: 1 } })).status).toBe(201)
    const secondGuest = await h.call('POST', '/api/v3/cart_items', { body: { productId, quantity: 5 } })
    const cookies = [owner.cookie, guestCookie, other.cookie, `${owner.cookie}; ${guestCookie}`, '', secondGuest.headers.get('set-cookie')!.split(';')[0]!, owner.cookie]
    const alone = []
    for (const cookie of cookies) alone.push(await visitor(cookie))
    expect(alone.map((f) => [f.viewer?.firstName ?? null, f.cartCount])).toEqual([['Noor', 3], [null, 2], ['Omar', 1], ['Noor', 3], [null, 0], [null, 5], ['Noor', 3]])
    expect(await Promise.all(cookies.map((cookie) => visitor(cookie)))).toEqual(alone)

    // A confirmed address shows as such; an expired session is no session (the guest cart beside it counts).
    await h.database.pool.query('update users set email_verified_at = now() where id = $1', [owner.id])
    await check(owner.cookie, { viewer: { ...viewer, emailVerified: true }, cartCount: 3, banner: true })
    await h.database.pool.query("update sessions set expires_at = now() - interval '1 minute' where user_id = $1", [owner.id])
    await check(`${owner.cookie}; ${guestCookie}`, { viewer: null, cartCount: 2, banner: false })
    await check('nestlist_session=not-a-session-token-at-all', { viewer: null, cartCount: 0, banner: false })
  })
})
