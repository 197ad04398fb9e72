import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type DomainError, isDomainError } from '~/lib/errors'
import { catalogFactories } from '../../../tests/support/catalog-factories'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { users } from '../accounts/accounts.schema'
import { cashFunds } from '../cash-funds/cash-funds.schema'
import { createEmailService } from '../email/email.service.server'
import { createRegistryService } from '../registry/registry.service.server'
import { CHECKLIST_CONTENT, HEALTH_AND_SAFETY_CHECKLIST_ID } from './checklist.content'
import type { QuizAnswers } from './checklist.quiz'
import { ensureChecklistContent } from './checklist.seed.server'
import { createChecklistService, QUIZ_EMAIL_LIMITS } from './checklist.service.server'

let database: TestDatabase
let registry: ReturnType<typeof createRegistryService>
let checklist: ReturnType<typeof createChecklistService>
let email: ReturnType<typeof createEmailService>
const factories = catalogFactories(() => database.db, 91_000)
let strollerProduct: number
let bassinetProduct: number
let otherProduct: number
let n = 0

async function newUser() {
  const [u] = await database.db
    .insert(users)
    .values({ email: `checklist${++n}@example.test`, firstName: 'Owner', lastName: String(n), passwordHash: 'x' })
    .returning()
  return u!
}

async function newRegistry(ownerId: number) {
  return registry.create(ownerId, { registryType: 'baby', title: 'Baby Rivera', familyName: 'Maya & Leo', slug: await registry.suggestSlug(`Checklist ${++n}`), isArrivalDateKnown: false })
}

async function codeOf(p: Promise<unknown>) {
  try {
    await p
    return 'ok'
  } catch (e) {
    if (isDomainError(e)) return e.code
    throw e
  }
}

const itemOf = (list: Awaited<ReturnType<typeof checklist.forRegistry>>, id: number) => list.categories.flatMap((c) => c.items).find((i) => i.id === id)!

beforeAll(async () => {
  database = await createTestDatabase()
  const logger = pino({ level: 'silent' })
  registry = createRegistryService({ db: database.db })
  email = createEmailService({ db: database.db, logger })
  checklist = createChecklistService({ db: database.db, registry, email })
  await ensureChecklistContent(database.db)
  const brand = await factories.createBrand()
  // A parent shop category with a child: the 'Stroller' item links to the parent.
  const strollers = await factories.createCategory({ urlSlug: 'strollers' })
  const fullSize = await factories.createCategory({ urlSlug: 'full-size-strollers', parentId: strollers.id })
  const bassinets = await factories.createCategory({ urlSlug: 'bassinets' })
  const elsewhere = await factories.createCategory({ urlSlug: 'checklist-unrelated' })
  strollerProduct = (await factories.createProduct({ categoryId: fullSize.id, brandId: brand.id })).id
  bassinetProduct = (await factories.createProduct({ categoryId: bassinets.id, brandId: brand.id })).id
  otherProduct = (await factories.createProduct({ categoryId: elsewhere.id, brandId: brand.id })).id
})

afterAll(async () => {
  await database?.drop()
})

describe('the seeded checklist', () => {
  test('has every category in order, with Health & Safety as id 61', async () => {
    const cats = await checklist.categories()
    expect(cats.map((c) => c.id)).toEqual(CHECKLIST_CONTENT.map((c) => c.id))
    expect(cats.find((c) => c.id === HEALTH_AND_SAFETY_CHECKLIST_ID)?.title).toBe('Health & Safety')
    expect(cats.every((c) => c.items.length >= 4 && c.items.length <= 8)).toBe(true)
    expect(cats[0]!.items[0]!.shopHref).toBe(`/store/${cats[0]!.items[0]!.shopCategorySlug}`)
  })

  test('seeding twice changes nothing and keeps owners’ manual checks', async () => {
    const owner = await newUser()
    const r = await newRegistry(owner.id)
    await checklist.setCheck(r.id, owner.id, { itemId: 6101, checked: true })
    await ensureChecklistContent(database.db)
    await ensureChecklistContent(database.db)
    expect((await checklist.categories()).flatMap((c) => c.items)).toHaveLength(CHECKLIST_CONTENT.flatMap((c) => c.items).length)
    expect(itemOf(await checklist.forRegistry(r.id, owner.id), 6101).checkedBy).toBe('manual')
  })
})

describe('automatic checks', () => {
  test('a registry item in a descendant of the linked shop category checks the item and says which', async () => {
    const owner = await newUser()
    const r = await newRegistry(owner.id)
    expect(itemOf(await checklist.forRegistry(r.id, owner.id), 5802).checked).toBe(false)
    const added = await registry.addItem(r.id, owner.id, { productId: strollerProduct })
    const list = await checklist.forRegistry(r.id, owner.id)
    const stroller = itemOf(list, 5802)
    expect(stroller).toMatchObject({ checked: true, checkedBy: 'registry', matches: [{ regItemId: added.id, title: added.title }] })
    // Only the items linked to that branch of the shop are checked.
    expect(list.categories.flatMap((c) => c.items).filter((i) => i.checked).map((i) => i.id)).toEqual([5802])
    expect(list.progress.checked).toBe(1)
    expect(list.categories.find((c) => c.id === 58)!.progress).toMatchObject({ checked: 1, total: 8 })
  })

  test('a registry item directly in the linked category checks it; an unrelated one checks nothing', async () => {
    const owner = await newUser()
    const r = await newRegistry(owner.id)
    await registry.addItem(r.id, owner.id, { productId: otherProduct })
    expect((await checklist.forRegistry(r.id, owner.id)).progress.checked).toBe(0)
    await registry.addItem(r.id, owner.id, { productId: bassinetProduct })
    expect(itemOf(await checklist.forRegistry(r.id, owner.id), 5501).checkedBy).toBe('registry')
  })

  test('a removed registry item no longer counts', async () => {
    const owner = await newUser()
    const r = await newRegistry(owner.id)
    const added = await registry.addItem(r.id, owner.id, { productId: bassinetProduct })
    await registry.removeItem(added.id, owner.id)
    const item = itemOf(await checklist.forRegistry(r.id, owner.id), 5501)
    expect(item).toMatchObject({ checked: false, checkedBy: null, matches: [] })
  })
})

describe('cash funds', () => {
  const fundOn = async (registryId: number, title: string, removedAt: Date | null = null) =>
    (await database.db.insert(cashFunds).values({ registryId, title, imageUrl: '/img/fund.jpg', removedAt }).returning())[0]!

  test('a cash fund on the registry checks the Cash fund item and says which', async () => {
    const owner = await newUser()
    const r = await newRegistry(owner.id)
    expect(itemOf(await checklist.forRegistry(r.id, owner.id), 6402)).toMatchObject({ checked: false, checkedBy: null, cashFunds: [] })
    const fund = await fundOn(r.id, 'Parental leave fund')
    const list = await checklist.forRegistry(r.id, owner.id)
    expect(itemOf(list, 6402)).toMatchObject({ checked: true, checkedBy: 'registry', matches: [], cashFunds: [{ cashFundId: fund.id, title: 'Parental leave fund' }] })
    // Only that suggestion is checked by a fund.
    expect(list.categories.flatMap((c) => c.items).filter((i) => i.checked).map((i) => i.id)).toEqual([6402])
    expect(list.progress.checked).toBe(1)
  })

  test('a removed cash fund, or one on another registry, does not count', async () => {
    const owner = await newUser()
    const r = await newRegistry(owner.id)
    const other = await newRegistry((await newUser()).id)
    await fundOn(r.id, 'Old fund', new Date())
    await fundOn(other.id, 'Someone else’s fund')
    expect(itemOf(await checklist.forRegistry(r.id, owner.id), 6402)).toMatchObject({ checked: false, checkedBy: null, cashFunds: [] })
  })
})

describe('manual checks', () => {
  test('are kept per registry, and unchecking removes them', async () => {
    const owner = await newUser()
    const first = await newRegistry(owner.id)
    const second = await newRegistry(owner.id)
    const category = await checklist.setCheck(first.id, owner.id, { itemId: '6102', checked: 'true' })
    expect(category.id).toBe(HEALTH_AND_SAFETY_CHECKLIST_ID)
    expect(category.items.find((i) => i.id === 6102)).toMatchObject({ checked: true, checkedBy: 'manual' })
    expect(itemOf(await checklist.forRegistry(first.id, owner.id), 6102).checked).toBe(true)
    expect(itemOf(await checklist.forRegistry(second.id, owner.id), 6102).checked).toBe(false)
    // Checking twice is fine.
    await checklist.setCheck(first.id, owner.id, { itemId: 6102, checked: true })
    await checklist.setCheck(first.id, owner.id, { itemId: 6102, checked: false })
    expect(itemOf(await checklist.forRegistry(first.id, owner.id), 6102).checked).toBe(false)
  })

  test('an unknown item, or one from another category, is refused with a message', async () => {
    const owner = await newUser()
    const r = await newRegistry(owner.id)
    expect(await codeOf(checklist.setCheck(r.id, owner.id, { itemId: 999999, checked: true }))).toBe('invalid_input')
    expect(await codeOf(checklist.setCheck(r.id, owner.id, { itemId: 6102, checked: true }, 55))).toBe('invalid_input')
    expect(await codeOf(checklist.setCheck(r.id, owner.id, { itemId: 6102, checked: 'maybe' }))).toBe('invalid_input')
  })

  test('other users get not_found for someone else’s checklist and cannot check items on it', async () => {
    const owner = await newUser()
    const other = await newUser()
    const r = await newRegistry(owner.id)
    expect(await codeOf(checklist.forRegistry(r.id, other.id))).toBe('not_found')
    expect(await codeOf(checklist.categoryForRegistry(r.id, other.id, 61))).toBe('not_found')
    expect(await codeOf(checklist.setCheck(r.id, other.id, { itemId: 6102, checked: true }))).toBe('not_found')
    expect(itemOf(await checklist.forRegistry(r.id, owner.id), 6102).checked).toBe(false)
    expect(await codeOf(checklist.categoryForRegistry(r.id, owner.id, 12345))).toBe('not_found')
  })
})

describe('the quiz email', () => {
  const answers: QuizAnswers = { space: 'compact', getAround: 'walk', feeding: 'bottle', climate: 'cold', budget: 'balanced' }

  test('sends the personalized checklist through the email module, with a link back to the results', async () => {
    const result = await checklist.sendQuizResults({ email: ' Parent.Quiz@Example.test ', answers, clientIp: '10.0.0.1', baseUrl: 'http://localhost:3000' })
    expect(result).toEqual({ to: 'parent.quiz@example.test', status: 'kept' })
    const message = await email.latestTo('parent.quiz@example.test')
    expect(message?.subject).toBe('Your personalized baby registry checklist')
    expect(message?.category).toBe('registry_tips')
    expect(message?.text).toContain('Bassinet or bedside sleeper')
    expect(message?.text).not.toContain('Breast pump')
    expect(message?.html).toContain('/baby-registry-checklist-quiz?space=compact&amp;getAround=walk')
  })

  test('refuses an invalid address with a field message', async () => {
    const error = await checklist.sendQuizResults({ email: 'not-an-address', answers, clientIp: '10.0.0.2', baseUrl: 'http://localhost' }).catch((e: unknown) => e)
    expect(isDomainError(error) && error.code).toBe('invalid_input')
    expect(isDomainError(error) && error.fields?.email?.[0]).toBe('Enter an email address like name@example.com.')
  })

  test('limits how many go to one address in an hour', async () => {
    const to = 'limit@example.test'
    for (let i = 0; i < QUIZ_EMAIL_LIMITS.perAddress; i++) await checklist.sendQuizResults({ email: to, answers, clientIp: `10.1.0.${i}`, baseUrl: 'http://localhost' })
    expect(await codeOf(checklist.sendQuizResults({ email: to, answers, clientIp: '10.1.0.99', baseUrl: 'http://localhost' }))).toBe('rate_limited')
    expect((await email.list({ to })).total).toBe(QUIZ_EMAIL_LIMITS.perAddress)
    // it says when the first of the hour's emails stops counting (the 429's Retry-After)
    const limited = (await checklist.sendQuizResults({ email: to, answers, clientIp: '10.1.0.98', baseUrl: 'http://localhost' }).catch((e: unknown) => e)) as DomainError
    expect(limited.retryAfterSeconds).toBeGreaterThan(3500)
    expect(limited.retryAfterSeconds).toBeLessThanOrEqual(3600)
  })

  test('limits how many one client sends in an hour', async () => {
    for (let i = 0; i < QUIZ_EMAIL_LIMITS.perClient; i++) await checklist.sendQuizResults({ email: `client${i}@example.test`, answers, clientIp: '10.2.0.1', baseUrl: 'http://localhost' })
    expect(await codeOf(checklist.sendQuizResults({ email: 'client-last@example.test', answers, clientIp: '10.2.0.1', baseUrl: 'http://localhost' }))).toBe('rate_limited')
  })

  test('a signed-in parent who turned off registry tips is told the email was skipped', async () => {
    const user = await newUser()
    const optedOut = createChecklistService({
      db: database.db,
      registry,
      email: createEmailService({ db: database.db, logger: pino({ level: 'silent' }), isOptedOut: async (id, category) => id === user.id && category === 'registry_tips' }),
    })
    const result = await optedOut.sendQuizResults({ email: user.email, answers, clientIp: '10.3.0.1', baseUrl: 'http://localhost', viewer: { id: user.id, email: user.email } })
    expect(result.status).toBe('skipped')
  })
})
