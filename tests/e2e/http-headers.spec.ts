import net from 'node:net'
import { describe, expect, inject, test } from 'vitest'
import { demoParent } from './support/accounts'

// What the built server says to caches and browsers about its answers (no browser needed: plain HTTP).
const baseUrl = inject('baseUrl')

async function signIn(): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v3/user_session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl },
    body: JSON.stringify(demoParent),
  })
  expect(res.status).toBe(200)
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!
}

const get = (path: string, cookie?: string) => fetch(`${baseUrl}${path}`, { headers: { 'Accept-Encoding': 'gzip', ...(cookie ? { Cookie: cookie } : {}) }, redirect: 'manual' })

describe('caching headers', () => {
  test("a signed-in shopper's registry pages are kept by no cache; their shop and product pages are the page everyone gets, which shared caches may keep briefly", async () => {
    const cookie = await signIn()
    for (const path of ['/maya-and-leo', '/registry/home']) {
      const res = await get(path, cookie)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('cache-control'), path).toBe('private, no-store')
    }
    const card = /href="(\/gp\/[^"]+)"/.exec(await (await get('/store/strollers')).text())?.[1]
    expect(card).toBeTruthy()
    // Twice each: the second answer may come from the server's HTTP cache, and says the same.
    for (const path of ['/store', '/store/strollers', '/store/strollers', card!, card!]) {
      for (const who of [cookie, undefined]) {
        const res = await get(path, who)
        const label = `${path} (${who ? 'signed in' : 'anonymous'})`
        expect(res.status, label).toBe(200)
        expect(res.headers.get('cache-control'), label).toBe('public, max-age=0, s-maxage=15, stale-while-revalidate=30')
        expect(res.headers.get('x-accel-expires'), label).toBe('1')
        expect(res.headers.get('vary'), label).toBe('Accept-Encoding')
        expect(res.headers.get('set-cookie'), label).toBeNull()
        await res.arrayBuffer()
      }
    }
    // What is personal on them comes from an answer no cache keeps.
    const header = await get('/api/v3/me/header', cookie)
    expect(header.headers.get('cache-control')).toBe('private, no-store')
  })

  test('a guest registry page says no shared cache may keep it', async () => {
    const res = await get('/maya-and-leo')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-cache')
  })

  test('pages and API answers carry a Permissions-Policy that switches off features no page uses', async () => {
    for (const path of ['/store', '/maya-and-leo', '/api/v3/flag']) {
      const policy = (await get(path)).headers.get('permissions-policy') ?? ''
      expect(policy, path).toContain('camera=()')
      expect(policy, path).toContain('geolocation=()')
      expect(policy, path).toContain('microphone=()')
    }
  })
})

describe('absolute-form request targets', () => {
  test('an https:// target over plain HTTP gets no Secure __Host- session cookie', async () => {
    const { port, hostname } = new URL(baseUrl)
    const body = JSON.stringify(demoParent)
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, () =>
        socket.write(
          `POST https://${hostname}:${port}/api/v3/user_session HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: https://${hostname}:${port}\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        ),
      )
      let data = ''
      socket.on('data', (chunk) => (data += chunk))
      socket.on('end', () => resolve(data))
      socket.on('error', reject)
    })
    // The Origin says https, the connection is plain HTTP: the request is cross-origin and signs nobody in.
    expect(answer).not.toMatch(/set-cookie: __Host-/i)
    expect(answer).not.toMatch(/; Secure/i)
  })
})
