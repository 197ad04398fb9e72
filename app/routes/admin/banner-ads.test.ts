// /admin/banner-ads (spec §2 'Store landing page': home banner ads; docs/decisions/008, amendment 2026-11-28): who may
// open it, the list with each ad's status, adding, editing and ending an ad, a bad form keeping what was typed.
// Loaders and actions run as React Router calls them, with real session cookies and services over a test database.
import pino from 'pino'
import type { AppLoadContext } from 'react-router'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { SESSION_COOKIE } from '~/modules/accounts/auth.server'
import { createServices, type Services } from '~/services.server'
import { signUpConfirmed } from '../../../tests/support/accounts'
import { get, post, run } from '../../../tests/support/route-calls'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { action, loader } from './banner-ads'

let database: TestDatabase
let services: Services
let context: AppLoadContext
let customer: { cookie: string }
let staff: { cookie: string; id: number }
let n = 0

async function signUp(role: 'user' | 'staff') {
  const email = `${role}${++n}-${Date.now()}@example.test`
  const { token, user } = await signUpConfirmed(services.accounts, database.db, { firstName: 'Ada', lastName: 'Banner', email, password: 'sunflower meadow 42' }, { ip: `203.0.113.${n}`, userAgent: 'vitest' })
  if (role === 'staff') await database.pool.query(`update users set role = 'staff' where id = $1`, [user.id])
  return { cookie: `${SESSION_COOKIE}=${token}`, id: user.id }
}

beforeAll(async () => {
  database = await createTestDatabase()
  const logger = pino({ level: 'silent' })
  services = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: 'help@example.test', PUBLIC_URL: 'https://nestlist.test' }, logger })
  context = { services, logger, nonce: '', requestId: 'test', supportEmail: 'help@example.test', clientIp: '127.0.0.1' } as AppLoadContext
  customer = await signUp('user')
  staff = await signUp('staff')
})
beforeEach(async () => {
  await database.pool.query('delete from home_banner_ads')
})
afterAll(async () => {
  await database?.drop()
})

const args = (request: Request) => ({ request, params: {}, context }) as never
const HOUR = 3_600_000
/** A datetime-local value (UTC, as the page says) some hours from now. */
const local = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString().slice(0, 16)

const good = { intent: 'create', name: 'Spring sale', art: 'on-the-go', imagePath: '', imageWidth: '', imageHeight: '', altText: 'Ready, set, stroll', linkUrl: '/store/strollers', position: '1', startsAt: local(-1), endsAt: '' }

/** The same ad as good, straight through the service. */
const addDirectly = () =>
  services.bannerAds.create({ name: good.name, imageUrl: '/images/banners/on-the-go.svg', imageWidth: 1200, imageHeight: 400, altText: good.altText, linkUrl: good.linkUrl, position: 1, startsAt: `${good.startsAt}Z` })

type Page = { ads: { id: number; name: string; status: string; imageUrl: string; imageWidth: number; imageHeight: number; endsAt: string | null }[]; editing: { id: number; values: Record<string, string> } | null; art: { slug: string }[] }
type Answer = { ok: boolean; message: string; fields: Record<string, string[]>; values: Record<string, string> }

describe('/admin/banner-ads', () => {
  test('customers and anonymous visitors get the 404 page, for the page and every action', async () => {
    const { id } = await addDirectly()
    for (const cookie of [undefined, customer.cookie]) {
      expect((await run(() => loader(args(get('/admin/banner-ads', cookie))))).status).toBe(404)
      expect((await run(() => loader(args(get(`/admin/banner-ads?edit=${id}`, cookie))))).status).toBe(404)
      expect((await run(() => action(args(post('/admin/banner-ads', cookie, good))))).status).toBe(404)
      expect((await run(() => action(args(post('/admin/banner-ads', cookie, { ...good, intent: 'update', id }))))).status).toBe(404)
      expect((await run(() => action(args(post('/admin/banner-ads', cookie, { intent: 'end', id }))))).status).toBe(404)
    }
    expect((await services.bannerAds.list()).map((a) => [a.name, a.status])).toEqual([['Spring sale', 'shown']])
  })

  test('a bad form answers 422 with messages per field and keeps what was typed; nothing is added', async () => {
    const typed = { ...good, name: '  ', art: 'own', imagePath: 'https://cdn.example/b.png', imageWidth: 'wide', imageHeight: '300', altText: '', linkUrl: 'javascript:alert(1)', startsAt: local(2), endsAt: local(1) }
    const bad = await run<Answer>(() => action(args(post('/admin/banner-ads', staff.cookie, typed))))
    expect(bad.status).toBe(422)
    expect(bad.body.ok).toBe(false)
    expect(Object.keys(bad.body.fields).sort()).toEqual(['altText', 'endsAt', 'imageUrl', 'imageWidth', 'linkUrl', 'name'])
    expect(bad.body.fields.endsAt).toEqual(['The end must come after the start.'])
    expect(bad.body.fields.imageWidth).toEqual(['The width is a whole number of pixels from 1 to 4000.'])
    const { intent: _intent, ...kept } = typed
    expect(bad.body.values).toEqual(kept)
    const noStart = await run<Answer>(() => action(args(post('/admin/banner-ads', staff.cookie, { ...good, startsAt: '', position: '-1' }))))
    expect([noStart.status, noStart.body.fields]).toEqual([422, { startsAt: ['The start must be a date and time.'], position: ['The position is a whole number from 0 to 1000.'] }])
    const unknownArt = await run<Answer>(() => action(args(post('/admin/banner-ads', staff.cookie, { ...good, art: 'nope' }))))
    expect([unknownArt.status, unknownArt.body.fields.imageUrl]).toEqual([422, ['The image must be one of ours, a path like /images/banners/nursery-week.svg.']])
    expect(await services.bannerAds.list()).toEqual([])
  })

  test('staff add an ad with a shipped picture (its size filled in) and one with an image path of ours; the list shows them with their status', async () => {
    const added = await run<Answer>(() => action(args(post('/admin/banner-ads', staff.cookie, good))))
    expect(added.body).toMatchObject({ ok: true, message: 'Spring sale was added. The shop caches were refreshed, so /store shows it on its next load.' })
    const own = { ...good, name: 'Later', art: 'own', imagePath: '/images/banners/bath-time.svg', imageWidth: '600', imageHeight: '200', position: '0', startsAt: local(24), endsAt: local(48) }
    expect((await run<Answer>(() => action(args(post('/admin/banner-ads', staff.cookie, own))))).body.ok).toBe(true)
    const page = await run<Page>(() => loader(args(get('/admin/banner-ads', staff.cookie))))
    expect(page.body.art.map((a) => a.slug)).toEqual(['nursery-week', 'on-the-go', 'bath-time'])
    expect(page.body.editing).toBeNull()
    expect(page.body.ads.map((a) => [a.name, a.status, a.imageUrl, a.imageWidth, a.imageHeight])).toEqual([
      ['Spring sale', 'shown', '/images/banners/on-the-go.svg', 1200, 400],
      ['Later', 'scheduled', '/images/banners/bath-time.svg', 600, 200],
    ])
    expect((await services.bannerAds.active()).map((a) => a.name)).toEqual(['Spring sale'])
  })

  test('edit: the form opens with the ad as saved; a bad change keeps what was typed; a good one is saved; an unknown id is the 404 page', async () => {
    const { id } = await addDirectly()
    const page = await run<Page>(() => loader(args(get(`/admin/banner-ads?edit=${id}`, staff.cookie))))
    expect(page.body.editing).toEqual({ id, name: 'Spring sale', values: { name: 'Spring sale', art: 'on-the-go', imagePath: '', imageWidth: '', imageHeight: '', altText: 'Ready, set, stroll', linkUrl: '/store/strollers', position: '1', startsAt: good.startsAt, endsAt: '' } })
    for (const edit of ['999999', 'x']) expect((await run(() => loader(args(get(`/admin/banner-ads?edit=${edit}`, staff.cookie))))).status).toBe(404)

    const bad = await run<Answer>(() => action(args(post('/admin/banner-ads', staff.cookie, { ...good, intent: 'update', id, linkUrl: '//evil.example' }))))
    expect([bad.status, Object.keys(bad.body.fields), bad.body.values.linkUrl]).toEqual([422, ['linkUrl'], '//evil.example'])
    const saved = await run<Answer>(() => action(args(post('/admin/banner-ads', staff.cookie, { ...good, intent: 'update', id, name: 'Stroll on', linkUrl: 'https://partner.example/strollers', endsAt: local(30) }))))
    expect(saved.body).toMatchObject({ ok: true, message: 'Stroll on was saved. The shop caches were refreshed, so /store shows it on its next load.' })
    expect(await services.bannerAds.active()).toMatchObject([{ id, name: 'Stroll on', linkUrl: 'https://partner.example/strollers' }])
    for (const unknown of ['999999', 'abc', '']) {
      expect((await run(() => action(args(post('/admin/banner-ads', staff.cookie, { ...good, intent: 'update', id: unknown }))))).status).toBe(404)
    }
  })

  test('end now takes the ad off /store; ending it again says so; an unknown id is the 404 page', async () => {
    const { id } = await addDirectly()
    const ended = await run<Answer>(() => action(args(post('/admin/banner-ads', staff.cookie, { intent: 'end', id }))))
    expect(ended.body).toMatchObject({ ok: true, message: 'Spring sale was ended and is no longer shown. The shop caches were refreshed, so /store shows it on its next load.' })
    expect(await services.bannerAds.active()).toEqual([])
    const page = await run<Page>(() => loader(args(get('/admin/banner-ads', staff.cookie))))
    expect(page.body.ads.map((a) => [a.id, a.status])).toEqual([[id, 'ended']])
    expect((await run<Answer>(() => action(args(post('/admin/banner-ads', staff.cookie, { intent: 'end', id }))))).body).toMatchObject({ ok: true, message: 'Spring sale had already ended.' })
    expect((await run(() => action(args(post('/admin/banner-ads', staff.cookie, { intent: 'end', id: 999999 }))))).status).toBe(404)
  })
})
