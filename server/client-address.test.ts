import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createServices } from '~/services.server'
import { signUpConfirmed } from '../tests/support/accounts'
import { createTestDatabase, type TestDatabase } from '../tests/support/test-database'
import { createApp } from './app'
import { clientAddress, parseTrustedProxies } from './client-address'

describe('client address behind proxies', () => {
  const trusted = parseTrustedProxies('10.0.0.0/8, 192.0.2.1 ::1')

  test('without trusted proxies the socket peer is the client, whatever X-Forwarded-For says', () => {
    const none = parseTrustedProxies(undefined)
    expect(clientAddress('203.0.113.5', '198.51.100.1', none)).toBe('203.0.113.5')
    expect(clientAddress('::ffff:203.0.113.5', undefined, none)).toBe('203.0.113.5')
  })

  test("a trusted proxy's X-Forwarded-For gives the right-most address that is not a trusted proxy", () => {
    expect(clientAddress('10.0.0.2', '198.51.100.7', trusted)).toBe('198.51.100.7')
    // the client wrote the left-most entry itself; our proxies appended the rest
    expect(clientAddress('10.0.0.2', '1.2.3.4, 198.51.100.7, 10.9.9.9', trusted)).toBe('198.51.100.7')
    expect(clientAddress('::ffff:10.0.0.2', ' 198.51.100.7 ', trusted)).toBe('198.51.100.7')
    expect(clientAddress('::1', '2001:db8::5', trusted)).toBe('2001:db8::5')
    expect(clientAddress('192.0.2.1', '[2001:db8::6]', trusted)).toBe('2001:db8::6')
  })

  test("an untrusted peer's X-Forwarded-For is ignored", () => {
    expect(clientAddress('203.0.113.9', '10.0.0.1, 198.51.100.7', trusted)).toBe('203.0.113.9')
    expect(clientAddress('192.0.2.2', '198.51.100.7', trusted)).toBe('192.0.2.2')
  })

  test('an entry that is not an address stops at the last trusted hop; all trusted gives the left-most', () => {
    expect(clientAddress('10.0.0.2', 'not-an-ip, 10.0.0.3', trusted)).toBe('10.0.0.3')
    expect(clientAddress('10.0.0.2', '', trusted)).toBe('10.0.0.2')
    expect(clientAddress('10.0.0.2', '10.0.0.4, 10.0.0.3', trusted)).toBe('10.0.0.4')
  })

  test('a setting that is not an address or range stops start-up', () => {
    expect(() => parseTrustedProxies('10.0.0.0/8, proxy.internal')).toThrow(/TRUSTED_PROXIES: 'proxy.internal'/)
    expect(() => parseTrustedProxies('10.0.0.0/99')).toThrow(/TRUSTED_PROXIES/)
    expect(parseTrustedProxies('::ffff:10.0.0.0/104')('10.1.2.3')).toBe(true)
  })
})

describe('sign-in throttling behind a reverse proxy', () => {
  let database: TestDatabase
  let app: ReturnType<typeof createApp>
  const account = { firstName: 'Ada', lastName: 'Byron', email: 'proxied@example.test', password: 'counting engine 1843' }

  beforeAll(async () => {
    database = await createTestDatabase()
    const logger = pino({ level: 'silent' })
    const services = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: 'help@example.test' }, logger, accounts: { freeFailuresPerAccountAndAddress: 1 } })
    app = createApp({ services, logger, supportEmail: 'help@example.test', trustedProxies: '10.0.0.0/8' })
    // A confirmed account: an unconfirmed one is refused sign-in (403) whatever the address.
    await signUpConfirmed(services.accounts, database.db, account, { ip: '203.0.113.1', userAgent: 'vitest' })
  })

  afterAll(async () => {
    await database?.drop()
  })

  /** A sign-in as it reaches us over a socket from `peer`, with the X-Forwarded-For a proxy (or anyone) set. */
  const signIn = (peer: string, forwardedFor: string | undefined, password: string) =>
    app.request(
      '/api/v3/user_session',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}) },
        body: JSON.stringify({ email: account.email, password }),
      },
      { server: { incoming: { socket: { remoteAddress: peer, remotePort: 40000, remoteFamily: 'IPv4' } } } },
    )

  test('behind a trusted proxy the limit keys on the forwarded client address', async () => {
    expect((await signIn('10.0.0.2', '198.51.100.20', 'wrong')).status).toBe(401)
    const limited = await signIn('10.0.0.2', '198.51.100.20', account.password)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('Retry-After')).toBe('1')
    // another visitor behind the same proxy is not held up, nor is one who put a spoofed address in front
    expect((await signIn('10.0.0.2', '198.51.100.21', account.password)).status).toBe(200)
    expect((await signIn('10.0.0.3', '198.51.100.20, 198.51.100.22', account.password)).status).toBe(200)
  })

  test("an untrusted peer's X-Forwarded-For is ignored", async () => {
    expect((await signIn('203.0.113.50', '198.51.100.30', 'wrong')).status).toBe(401)
    // a fresh forwarded address does not get a fresh allowance: the key is the peer
    expect((await signIn('203.0.113.50', '198.51.100.31', account.password)).status).toBe(429)
  })
})
