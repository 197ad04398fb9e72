import http from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { isSecureRequest } from '~/modules/accounts/auth.server'
import { normaliseRequestTarget } from './request-target'

// The app's URL and HTTPS facts as server/main.ts wires the listener: the target put in origin form first.
const app = new Hono()
app.all('*', (c) => c.json({ url: c.req.url, host: c.req.header('host'), secure: isSecureRequest(c.req.raw) }))
const listener = getRequestListener(app.fetch)
const server = http.createServer((req, res) => {
  if (!normaliseRequestTarget(req)) return void res.writeHead(400).end('Bad request target')
  void listener(req, res)
})
let port = 0

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

/** Sends one raw HTTP/1.1 request line (as a client may, with an absolute-form target) and reads the answer. */
function raw(requestLine: string, host = `127.0.0.1:${port}`): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`${requestLine}\r\nHost: ${host}\r\nConnection: close\r\n\r\n`))
    let data = ''
    socket.on('data', (chunk) => (data += chunk))
    socket.on('end', () => {
      const [head, ...rest] = data.split('\r\n\r\n')
      resolve({ status: Number((head ?? '').split(' ')[1]), body: rest.join('\r\n\r\n') })
    })
    socket.on('error', reject)
  })
}

describe('absolute-form request targets', () => {
  test('an https:// target over plain HTTP does not make the request secure', async () => {
    const res = await raw('POST https://127.0.0.1/user_session HTTP/1.1')
    expect(res.status).toBe(200)
    const body = JSON.parse(res.body.replace(/^[0-9a-f]+\r\n|\r\n0\r\n$/g, '')) as { url: string; secure: boolean }
    expect(body.secure).toBe(false)
    expect(body.url).toBe('http://127.0.0.1/user_session')
  })

  test("the target's authority is the request's host, as RFC 9112 says", async () => {
    const res = await raw('GET http://nestlist.example:8080/store?x=1 HTTP/1.1', 'other.example')
    const body = JSON.parse(res.body.replace(/^[0-9a-f]+\r\n|\r\n0\r\n$/g, '')) as { url: string; host: string }
    expect(body.host).toBe('nestlist.example:8080')
    expect(body.url).toBe('http://nestlist.example:8080/store?x=1')
  })

  test('a target that is neither a path nor an http(s) URL is refused', async () => {
    expect((await raw('GET ftp://evil.example/ HTTP/1.1')).status).toBe(400)
    expect((await raw('GET https://user:pw@evil.example/ HTTP/1.1')).status).toBe(400)
  })

  test('origin-form targets pass unchanged', async () => {
    const res = await raw('GET /store/strollers HTTP/1.1')
    const body = JSON.parse(res.body.replace(/^[0-9a-f]+\r\n|\r\n0\r\n$/g, '')) as { url: string }
    expect(body.url).toBe(`http://127.0.0.1:${port}/store/strollers`)
  })
})
