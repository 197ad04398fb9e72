// Small JSON bodies read straight from Node's request (server/json-body.ts) behave as Hono's own reading does,
// through a real HTTP server (app.request has no Node request, so it would not exercise them).
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { validator } from 'hono/validator'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { apiBodyLimit } from '~/api/body-limit'
import type { AppEnv } from '~/api/types'
import { jsonBodyFromNode } from './json-body'

let server: ReturnType<typeof serve>
let base: string
/** Whether the route's body came from the Node request (a text promise already cached) rather than Hono's Request. */
let cachedBeforeRead: boolean[] = []

beforeAll(async () => {
  const app = new Hono<AppEnv>()
  app.use('/api/*', jsonBodyFromNode(1024))
  app.use('/api/*', apiBodyLimit(200))
  app.use('/api/*', async (c, next) => {
    cachedBeforeRead.push('text' in c.req.bodyCache)
    await next()
  })
  app.post(
    '/api/echo',
    validator('json', (value) => value),
    (c) => c.json({ got: c.req.valid('json') }),
  )
  app.post('/api/text', async (c) => c.json({ text: await c.req.text() }))
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve())
  })
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const post = (path: string, body: string | ReadableStream, headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
  fetch(`${base}${path}`, { method: 'POST', body, headers, ...(typeof body === 'string' ? {} : { duplex: 'half' }) } as RequestInit)

test('a small JSON body with a Content-Length is read from the Node request and parsed by the validator', async () => {
  cachedBeforeRead = []
  const res = await post('/api/echo', JSON.stringify({ name: 'Zoë 🍼', n: 3 }))
  expect(res.status).toBe(200)
  expect(await res.json()).toEqual({ got: { name: 'Zoë 🍼', n: 3 } })
  expect(cachedBeforeRead).toEqual([true])
  // Also through c.req.text(), and with a charset parameter.
  const text = await post('/api/text', '{"a":1}', { 'Content-Type': 'application/json; charset=utf-8' })
  expect(await text.json()).toEqual({ text: '{"a":1}' })
})

test('malformed JSON is still a 400 from the validator, and the connection keeps serving', async () => {
  const res = await post('/api/echo', '{"name": ')
  expect(res.status).toBe(400)
  expect(await res.text()).toContain('Malformed JSON')
  expect((await post('/api/echo', '{"ok":true}')).status).toBe(200)
})

test("the route's size limit still answers 413 by the declared length, and a chunked body is counted as it streams", async () => {
  expect((await post('/api/echo', JSON.stringify({ pad: 'x'.repeat(300) }))).status).toBe(413)
  cachedBeforeRead = []
  const chunked = (text: string) =>
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text))
        controller.close()
      },
    })
  const small = await post('/api/echo', chunked('{"via":"chunks"}'))
  expect(small.status).toBe(200)
  expect(await small.json()).toEqual({ got: { via: 'chunks' } })
  expect(cachedBeforeRead).toEqual([false]) // no Content-Length: Hono's own reading
  expect((await post('/api/echo', chunked(JSON.stringify({ pad: 'x'.repeat(300) })))).status).toBe(413)
})

test('bodies that are not JSON take Hono’s usual path', async () => {
  cachedBeforeRead = []
  const res = await post('/api/text', 'plain words', { 'Content-Type': 'text/plain' })
  expect(await res.json()).toEqual({ text: 'plain words' })
  expect(cachedBeforeRead).toEqual([false])
})
