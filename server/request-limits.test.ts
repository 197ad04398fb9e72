import { Writable } from 'node:stream'
import pino from 'pino'
import { describe, expect, test } from 'vitest'
import type { Services } from '~/services.server'
import { createApp } from './app'
import { routeBuild } from './route-build.test-support'

function captureLogger() {
  const lines: { level: number; msg: string; [key: string]: unknown }[] = []
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line))
      done()
    },
  })
  return { logger: pino({ level: 'debug' }, stream), lines }
}

// No route here reaches a service: the stand-in build's routes answer on their own.
const appWith = (logger = captureLogger().logger) => createApp({ services: {} as Services, logger, supportEmail: 'help@nestlist.example', build: routeBuild() })

/** A body of `total` bytes sent without a length (chunked), counting what the server pulled from it. */
function streamedBody(total: number, chunk = 64 * 1024) {
  const state = { pulled: 0 }
  const piece = new Uint8Array(chunk).fill(0x61)
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= total) return controller.close()
      state.pulled += piece.length
      controller.enqueue(piece)
    },
  })
  return { stream, state }
}

describe('request body limits', () => {
  test('a small sign-in form still reaches the page action', async () => {
    const res = await appWith().request('/login', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'email=a%40b.example&password=secret' })
    expect(res.status).toBe(200)
  })

  test('a small form sent without a length reaches the page action whole', async () => {
    const body = new Blob(['email=a%40b.example&password=secret']).stream()
    const res = await appWith().request('/login', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body, duplex: 'half' } as RequestInit)
    expect(res.status).toBe(200)
  })

  test('a 1 MB form posted to /login is refused with 413 and a short message', async () => {
    const body = `email=a%40b.example&password=${'x'.repeat(1024 * 1024)}`
    const res = await appWith().request('/login', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(body.length) }, body })
    expect(res.status).toBe(413)
    const text = await res.text()
    expect(text).toMatch(/too large/i)
    expect(text.length).toBeLessThan(1000)
  })

  test('a 100 MB page body sent without a length is cut off at the limit, not read whole', async () => {
    const { stream, state } = streamedBody(100 * 1024 * 1024)
    const res = await appWith().request('/login', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: stream, duplex: 'half' } as RequestInit)
    expect(res.status).toBe(413)
    expect(state.pulled).toBeLessThan(1024 * 1024)
  })

  test('an API body sent without a length is cut off at the limit too, on a route with no limit of its own', async () => {
    const { stream, state } = streamedBody(100 * 1024 * 1024)
    const res = await appWith().request('/api/v3/checkouts', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit)
    expect(res.status).toBe(413)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('payload_too_large')
    expect(state.pulled).toBeLessThan(1024 * 1024)
  })
})

describe('client errors in the log', () => {
  test('a POST to a page without an action answers 405 and logs nothing at error level', async () => {
    const { logger, lines } = captureLogger()
    const res = await appWith(logger).request('/find', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'q=1' })
    expect(res.status).toBe(405)
    expect(lines.filter((l) => l.level >= 50)).toEqual([])
    // Still seen, below error level.
    expect(lines.some((l) => l.level < 50 && /route/i.test(l.msg) && l.status === 405)).toBe(true)
  })

  test('an unknown page answers 404 and logs nothing at error level', async () => {
    const { logger, lines } = captureLogger()
    const res = await appWith(logger).request('/no-such-page')
    expect(res.status).toBe(404)
    expect(lines.filter((l) => l.level >= 50)).toEqual([])
  })
})

describe('control characters in a page address', () => {
  test('a NUL in a page\'s query or path is a 400 before any loader runs, and logs nothing at error level', async () => {
    const { logger, lines } = captureLogger()
    const app = appWith(logger)
    for (const path of ['/find?search_term=a%00b', '/find?search_term=%1b', '/find%00']) {
      const res = await app.request(path)
      expect(res.status, path).toBe(400)
    }
    expect(lines.filter((l) => l.level >= 50)).toEqual([])
  })

  test('ordinary addresses, spaces and line breaks in a query still reach the page', async () => {
    const app = appWith()
    for (const path of ['/find?search_term=rivera', '/find?search_term=Zo%C3%AB+%26+%C3%9Cnal', '/find?search_term=a%0Ab', '/find?search_term=100%']) {
      expect((await app.request(path)).status, path).toBe(200)
    }
  })
})
