// /registry/share-target: what a phone's Share menu sends to the installed web app opens 'Add from any store'
// with the shared product link; no link, a message on that step; signed out, sign in first and come back.
import { readFile } from 'node:fs/promises'
import pino from 'pino'
import type { AppLoadContext } from 'react-router'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { FLASH_COOKIE } from '~/lib/flash'
import { SESSION_COOKIE } from '~/modules/accounts/auth.server'
import { createServices, type Services } from '~/services.server'
import { signUpConfirmed } from '../../../tests/support/accounts'
import { get } from '../../../tests/support/route-calls'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { loader, sharedProductLink } from './share-target'

let database: TestDatabase
let services: Services
let context: AppLoadContext
let cookie: string

beforeAll(async () => {
  database = await createTestDatabase()
  const logger = pino({ level: 'silent' })
  services = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: 'help@example.test', PUBLIC_URL: 'http://nestlist.test' }, logger })
  context = { services, logger, nonce: '', requestId: 'test', supportEmail: 'help@example.test', clientIp: '127.0.0.1' } as AppLoadContext
  const { token } = await signUpConfirmed(services.accounts, database.db, { firstName: 'Maya', lastName: 'Sharer', email: 'sharer@example.test', password: 'sunflower meadow 42' })
  cookie = `${SESSION_COOKIE}=${token}`
})
afterAll(async () => {
  await database?.drop()
})

/** Where the loader sends the browser, and the cookie it sets. */
async function share(query: Record<string, string>, who: string | null = cookie) {
  try {
    await loader({ request: get(`/registry/share-target?${new URLSearchParams(query)}`, who ?? undefined), params: {}, context } as never)
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get('Location'), setCookie: thrown.headers.get('Set-Cookie') }
    throw thrown
  }
  throw new Error('the share target did not redirect')
}

describe('the share target', () => {
  test('opens Add from any store with the link sent as url', async () => {
    const out = await share({ title: 'Crib', text: 'Look https://other.example/x', url: 'https://shop.example/p/crib?id=2&color=oak' })
    expect(out.status).toBe(302)
    expect(out.location).toBe(`/registry/save_item?url=${encodeURIComponent('https://shop.example/p/crib?id=2&color=oak')}`)
    expect(out.setCookie).toBeNull()
  })

  test('takes the first web link inside text when url is missing or not a web address', async () => {
    expect((await share({ title: 'Crib', text: 'Look at this crib! https://shop.example/crib?id=2. And http://second.example' })).location).toBe(
      `/registry/save_item?url=${encodeURIComponent('https://shop.example/crib?id=2')}`,
    )
    expect((await share({ url: 'javascript:alert(1)', text: 'Seen at http://shop.example/bottle' })).location).toBe(
      `/registry/save_item?url=${encodeURIComponent('http://shop.example/bottle')}`,
    )
  })

  test('without a link it opens Add from any store with a message saying so', async () => {
    const out = await share({ title: 'Crib', text: 'no link here, only ftp://files.example/crib' })
    expect(out.location).toBe('/registry/save_item')
    expect(out.setCookie).toContain(`${FLASH_COOKIE}=shared_link_missing`)
  })

  test('a signed-out visitor signs in first and comes back to the same link on this site', async () => {
    const out = await share({ text: `Look! https://shop.example/p/1 ${'and more words '.repeat(200)}` }, null)
    expect(out.status).toBe(302)
    const login = new URL(out.location!, 'http://nestlist.test')
    expect(login.pathname).toBe('/login')
    const back = login.searchParams.get('redirect_path')!
    expect(back).toBe(`/registry/share-target?url=${encodeURIComponent('https://shop.example/p/1')}`)
    expect(new URL(back, 'http://nestlist.test').host).toBe('nestlist.test')
    expect((await share({ text: 'nothing to add' }, null)).location).toBe(`/login?redirect_path=${encodeURIComponent('/registry/share-target')}`)
  })

  test('picks only http and https addresses', () => {
    expect(sharedProductLink(new URLSearchParams({ url: 'https://', text: 'https://shop.example/a' }))).toBe('https://shop.example/a')
    expect(sharedProductLink(new URLSearchParams({ text: 'data:text/html,hi' }))).toBeNull()
    expect(sharedProductLink(new URLSearchParams())).toBeNull()
  })
})

describe('the web app manifest', () => {
  test('makes the installed app a share target that opens /registry/share-target with title, text and url', async () => {
    const manifest = JSON.parse(await readFile(new URL('../../../public/manifest.webmanifest', import.meta.url), 'utf8')) as { share_target?: unknown }
    expect(manifest.share_target).toEqual({ action: '/registry/share-target', method: 'GET', params: { title: 'title', text: 'text', url: 'url' } })
  })
})
