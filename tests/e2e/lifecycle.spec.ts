import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { decodeBase32IgnorePadding } from '@oslojs/encoding'
import { generateHOTP, generateTOTP } from '@oslojs/otp'
import { createAccount } from './support/accounts'
import { makeDataDir, type RunningServer, startServer, stopServer } from './support/server'

// These tests always use the embedded PostgreSQL: they are about what happens to the data directory.
const embedded = { DATABASE_URL: '' }

function embeddedUrl(dataDir: string): string {
  const pid = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')
  const port = pid[3]?.trim()
  const password = fs.readFileSync(path.join(dataDir, 'postgres.secret'), 'utf8').trim()
  return `postgres://nestlist:${encodeURIComponent(password)}@127.0.0.1:${port}/nestlist`
}

async function navbarSlugs(server: RunningServer): Promise<string[]> {
  const res = await fetch(`${server.baseUrl}/store/api/navbar_categories`)
  return ((await res.json()) as { urlSlug: string }[]).map((c) => c.urlSlug)
}

describe('the server and its data directory', () => {
  let dataDir: string
  let first: RunningServer

  beforeAll(async () => {
    dataDir = makeDataDir()
    first = await startServer({ ...embedded, DATA_DIR: dataDir })
  })

  afterAll(async () => {
    if (first.process.exitCode === null) await stopServer(first)
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  test('the first start seeds the demo catalogue and serves the home page', async () => {
    expect(await navbarSlugs(first)).toHaveLength(11)
    const home = await fetch(first.baseUrl)
    expect(home.status).toBe(200)
    expect(await home.text()).toContain('Nestlist')
  })

  test('a second start on the same data directory fails at once with a clear message', async () => {
    const started = Date.now()
    const second = await startServer({ ...embedded, DATA_DIR: dataDir }, { waitForHealthy: false })
    const code = await second.exited
    expect(code).not.toBe(0)
    expect(second.output()).toContain('already running with the data directory')
    expect(Date.now() - started).toBeLessThan(15_000)
    // …and the first one is unharmed.
    expect((await fetch(`${first.baseUrl}/healthz`)).status).toBe(200)
  })

  test('SIGKILL loses no committed data and the next start needs no repair', async () => {
    const client = new pg.Client({ connectionString: embeddedUrl(dataDir) })
    await client.connect()
    const { rows: before } = await client.query<{ n: number }>('select count(*)::int as n from products')
    await client.query(
      "insert into categories (id, title, url_slug, position) values (90001, 'Committed Before Kill', 'committed-before-kill', 99)",
    )
    const open = new pg.Client({ connectionString: embeddedUrl(dataDir) })
    await open.connect()
    open.on('error', () => {})
    await open.query('begin')
    await open.query("insert into categories (id, title, url_slug, position) values (90002, 'Never Committed', 'never-committed', 100)")
    await client.end()

    first.process.kill('SIGKILL')
    await first.exited
    await open.end().catch(() => undefined)

    const again = await startServer({ ...embedded, DATA_DIR: dataDir })
    try {
      const slugs = await navbarSlugs(again)
      expect(slugs).toContain('committed-before-kill')
      expect(slugs).not.toContain('never-committed')
      const check = new pg.Client({ connectionString: embeddedUrl(dataDir) })
      await check.connect()
      const { rows: after } = await check.query<{ n: number }>('select count(*)::int as n from products')
      await check.end()
      expect(after[0]?.n).toBe(before[0]?.n) // the seed did not run twice
    } finally {
      const code = await stopServer(again, 'SIGINT')
      expect(code).toBe(0)
    }
  })

  test('a session, profile changes, a saved address and two-factor sign-in survive a restart', async () => {
    const server = await startServer({ ...embedded, DATA_DIR: dataDir })
    const api = (base: string, method: string, p: string, cookie?: string, body?: unknown) =>
      fetch(`${base}${p}`, {
        method,
        headers: { ...(cookie ? { Cookie: cookie } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      })
    const account = { firstName: 'Rae', lastName: 'Start', email: 'rae.restart@example.test', password: 'restarts are fine here' }
    let cookie: string
    let secret: string
    try {
      // Signed up as a person does: the emailed link (read from the staff outbox) confirms and signs in.
      cookie = (await createAccount(server.baseUrl, account)).cookie
      expect((await api(server.baseUrl, 'PATCH', '/api/v3/user', cookie, { firstName: 'Raya', lastName: 'Start', email: account.email })).status).toBe(200)
      const address = { name: 'Raya Start', line1: '5 Cradle Road', city: 'New York', state: 'NY', zip: '10001' }
      expect((await api(server.baseUrl, 'PUT', '/api/v3/address', cookie, address)).status).toBe(200)
      const setup = await api(server.baseUrl, 'POST', '/api/v3/two_factors', cookie)
      secret = ((await setup.json()) as { secret: string }).secret
      const code = generateTOTP(decodeBase32IgnorePadding(secret), 30, 6)
      expect((await api(server.baseUrl, 'POST', '/api/v3/two_factors/confirmation', cookie, { code })).status).toBe(201)
    } finally {
      expect(await stopServer(server, 'SIGINT')).toBe(0)
    }

    const again = await startServer({ ...embedded, DATA_DIR: dataDir })
    try {
      const me = await api(again.baseUrl, 'GET', '/api/v3/user', cookie)
      expect(me.status).toBe(200)
      expect(await me.json()).toMatchObject({ firstName: 'Raya', twoFactors: { enabled: true } })
      expect(await (await api(again.baseUrl, 'GET', '/api/v3/address', cookie)).json()).toMatchObject({ line1: '5 Cradle Road', city: 'New York' })
      // the stored authenticator secret still decrypts: the key outlived the process
      const signIn = await api(again.baseUrl, 'POST', '/api/v3/user_session', undefined, { email: account.email, password: account.password })
      expect(signIn.status).toBe(202)
      const pending = signIn.headers.get('set-cookie')!.split(';')[0]!
      // the next 30-second step's code (within the one-step grace), so the code used at setup is not replayed
      const code = generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(Date.now() / 30_000) + 1), 6)
      expect((await api(again.baseUrl, 'POST', '/api/v3/two_factors/verification', pending, { code })).status).toBe(200)
    } finally {
      expect(await stopServer(again, 'SIGINT')).toBe(0)
    }
  }, 90_000)

  test('Ctrl-C (SIGINT) stops the web server and the embedded database cleanly', async () => {
    const server = await startServer({ ...embedded, DATA_DIR: dataDir })
    const pid = Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0])
    expect(await stopServer(server, 'SIGINT')).toBe(0)
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false)
    expect(() => process.kill(pid, 0)).toThrow()
    expect(fs.existsSync(path.join(dataDir, 'nestlist.pid'))).toBe(false)
  })

  test('when the database goes away, pages show the fallback screen and the API the generic error, not a stack trace', async () => {
    const server = await startServer({ ...embedded, DATA_DIR: dataDir })
    try {
      const pid = Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0])
      process.kill(pid, 'SIGINT')
      for (let i = 0; i < 100 && fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid')); i++) await new Promise((r) => setTimeout(r, 100))

      const page = await fetch(server.baseUrl)
      expect(page.status).toBe(500)
      const html = await page.text()
      expect(html).toContain('Something went wrong.')
      expect(html).toMatch(/<a[^>]*href=""[^>]*>Try reloading the page\.<\/a>/)
      expect(html).not.toMatch(/at .*\.js:\d+/)

      const api = await fetch(`${server.baseUrl}/store/api/navbar_categories`)
      expect(api.status).toBe(500)
      expect(await api.json()).toEqual({
        error: { code: 'internal_error', message: 'Oops! Something went wrong. Please contact help@nestlist.example if the problem continues.' },
      })
      expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(503)
    } finally {
      await stopServer(server, 'SIGINT')
    }
  })
})
