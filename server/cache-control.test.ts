import { Hono } from 'hono'
import { describe, expect, test } from 'vitest'
import type { AppEnv } from '~/api/types'
import { FLASH_COOKIE } from '~/lib/flash'
import { SHARED_PAGE_CACHE_CONTROL, sharedPageHeaders } from '~/lib/shared-pages'
import { isPersonalAnswer, personalPagesNotStored } from './cache-control'

function appAnswering(res: () => Response) {
  const app = new Hono<AppEnv>()
  app.use(personalPagesNotStored())
  app.all('*', () => res())
  return app
}

const page = (headers: Record<string, string> = {}) => () => new Response('<!doctype html><p>hi</p>', { headers: { 'content-type': 'text/html', ...headers } })

describe('personal pages say private, no-store', () => {
  test('a page for a signed-in visitor that does not say it is public is kept by no cache, a shop page too', async () => {
    for (const path of ['/registry/home', '/store/strollers']) {
      const res = await appAnswering(page()).request(path, { headers: { cookie: 'nestlist_session=abc' } })
      expect(res.headers.get('cache-control'), path).toBe('private, no-store')
    }
  })

  test('a route that said its page may be kept is overruled for a personal request outside the shared pages', async () => {
    for (const path of ['/maya-and-leo', '/store/checkout', '/login']) {
      const res = await appAnswering(page({ 'cache-control': 'public, max-age=300' })).request(path, { headers: { cookie: 'nestlist_cart=xyz' } })
      expect(res.headers.get('cache-control'), path).toBe('private, no-store')
    }
  })

  test('a shared page\'s public answer keeps what it said for any cookie holder: it reads nothing of the visitor', async () => {
    for (const cookie of ['nestlist_session=abc', 'nestlist_cart=xyz; nestlist_reservations=r1', `${FLASH_COOKIE}=`]) {
      for (const path of ['/store', '/store/strollers.data', '/gp/bottle/12']) {
        const res = await appAnswering(page(sharedPageHeaders())).request(path, { headers: { cookie } })
        expect(res.headers.get('cache-control'), `${path} ${cookie}`).toBe(SHARED_PAGE_CACHE_CONTROL)
        expect(res.headers.get('x-accel-expires')).toBe('1')
      }
    }
  })

  test('a shared page is personal when a one-time message waits for its visitor, or when its answer sets a cookie', async () => {
    const flash = await appAnswering(page(sharedPageHeaders())).request('/store', { headers: { cookie: `nestlist_session=abc; ${FLASH_COOKIE}=signed_in` } })
    expect(flash.headers.get('cache-control')).toBe('private, no-store')
    const setsCookie = await appAnswering(page({ ...sharedPageHeaders(), 'set-cookie': 'nestlist_cart=new' })).request('/store')
    expect(setsCookie.headers.get('cache-control')).toBe('private, no-store')
  })

  test('a guest registry page for a giver holding their reservations cookie is personal', async () => {
    const res = await appAnswering(page({ 'cache-control': 'private, no-cache' })).request('/maya-and-leo', { headers: { cookie: 'nestlist_reservations=r1' } })
    expect(res.headers.get('cache-control')).toBe('private, no-store')
  })

  test('credentials or an answer that sets a cookie make it personal', async () => {
    expect((await appAnswering(page()).request('/registry/home', { headers: { authorization: 'Bearer x' } })).headers.get('cache-control')).toBe('private, no-store')
    expect((await appAnswering(page({ 'set-cookie': 'flash=1' })).request('/login')).headers.get('cache-control')).toBe('private, no-store')
  })

  test('a route that said no-store keeps what it said', async () => {
    const res = await appAnswering(page({ 'cache-control': 'no-store' })).request('/settings/two-factor', { headers: { cookie: 'nestlist_session=abc' } })
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  test('a redirect with immutable headers is answered the same with the header', async () => {
    const res = await appAnswering(() => Response.redirect('http://localhost/registry/home', 302)).request('/login', { headers: { cookie: 'nestlist_session=abc' } })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('http://localhost/registry/home')
    expect(res.headers.get('cache-control')).toBe('private, no-store')
  })

  test('anonymous answers keep what their route said', async () => {
    expect((await appAnswering(page()).request('/store/strollers')).headers.get('cache-control')).toBeNull()
    expect((await appAnswering(page({ 'cache-control': 'private, no-cache' })).request('/maya-and-leo')).headers.get('cache-control')).toBe('private, no-cache')
    expect((await appAnswering(page(sharedPageHeaders())).request('/store')).headers.get('cache-control')).toBe(SHARED_PAGE_CACHE_CONTROL)
  })
})

describe('isPersonalAnswer', () => {
  const request = (headers: Record<string, string> = {}) => new Request('http://shop.test/store', { headers })
  test('credentials, any cookie, or an answer that sets one', () => {
    expect(isPersonalAnswer(request(), new Response('x'))).toBe(false)
    expect(isPersonalAnswer(request({ cookie: ' ' }), new Response('x'))).toBe(false)
    expect(isPersonalAnswer(request({ authorization: 'Bearer x' }), new Response('x'))).toBe(true)
    expect(isPersonalAnswer(request({ cookie: 'nestlist_reservations=r1' }), new Response('x'))).toBe(true)
    expect(isPersonalAnswer(request(), new Response('x', { headers: { 'set-cookie': 'a=b' } }))).toBe(true)
  })
})
