import { Hono } from 'hono'
import { describe, expect, test } from 'vitest'
import type { AppEnv } from '~/api/types'
import { personalPagesNotStored } from './cache-control'

function appAnswering(res: () => Response) {
  const app = new Hono<AppEnv>()
  app.use(personalPagesNotStored())
  app.all('*', () => res())
  return app
}

const page = (headers: Record<string, string> = {}) => () => new Response('<!doctype html><p>hi</p>', { headers: { 'content-type': 'text/html', ...headers } })

describe('personal pages say private, no-store', () => {
  test('a signed-in shopper\'s shop page is kept by no cache', async () => {
    const res = await appAnswering(page()).request('/store/strollers', { headers: { cookie: 'nestlist_session=abc' } })
    expect(res.headers.get('cache-control')).toBe('private, no-store')
  })

  test('a route that said its page may be kept is overruled for a personal request', async () => {
    const res = await appAnswering(page({ 'cache-control': 'public, max-age=300' })).request('/gp/bottle/12', { headers: { cookie: 'nestlist_cart=xyz' } })
    expect(res.headers.get('cache-control')).toBe('private, no-store')
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
    // The reservations cookie is one no shop page reads: a shop page for its holder is the shared one.
    expect((await appAnswering(page()).request('/store', { headers: { cookie: 'nestlist_reservations=r1' } })).headers.get('cache-control')).toBeNull()
  })
})
