import { describe, expect, test } from 'vitest'
import { allowedHostsOf, hostCheck, hostnameOf, isAllowedHost, publicOriginOf } from './public-origin.server'

describe('the public origin', () => {
  test('is PUBLIC_URL when set, without a path or trailing slash', () => {
    expect(publicOriginOf({ PUBLIC_URL: 'https://nestlist.example/', HOST: '127.0.0.1', PORT: 8080 })).toBe('https://nestlist.example')
  })

  test('else the address the server was started on, localhost for every interface', () => {
    expect(publicOriginOf({})).toBe('http://localhost:3000')
    expect(publicOriginOf({ HOST: '0.0.0.0', PORT: 4100 })).toBe('http://localhost:4100')
    expect(publicOriginOf({ HOST: '::', PORT: 4100 })).toBe('http://localhost:4100')
    expect(publicOriginOf({ HOST: '127.0.0.1', PORT: 41234 })).toBe('http://127.0.0.1:41234')
    expect(publicOriginOf({ HOST: '::1', PORT: 80 })).toBe('http://[::1]')
    expect(publicOriginOf({ HOST: 'Shop.Local', PORT: 3000 })).toBe('http://shop.local:3000')
  })
})

describe('allowed hosts', () => {
  const allowed = (settings: Parameters<typeof allowedHostsOf>[0], host: string) => isAllowedHost(hostnameOf(host), allowedHostsOf(settings))

  test('by default: loopback names, the bound host and the PUBLIC_URL host with its registry subdomains, on any port', () => {
    const settings = { PUBLIC_URL: 'https://nestlist.example', HOST: '10.0.0.5' }
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:41234', '[::1]:3000', '10.0.0.5:3000', 'nestlist.example', 'NESTLIST.example:443', 'nestlist.example.', 'my.nestlist.example', 'my-nestlist.example']) {
      expect(allowed(settings, host), host).toBe(true)
    }
    for (const host of ['evil.example', 'nestlist.example.evil.example', 'evilnestlist.example', '10.0.0.6', '0.0.0.0:3000', 'localhost@evil.example', 'localhost/x', '', 'a b']) {
      expect(allowed(settings, host), host).toBe(false)
    }
  })

  test("a server on every interface answers to this machine's own names and addresses, and to no other", () => {
    const machine = () => ['nursery-pc', '192.168.1.20', 'fe80::1']
    const on = (host: string) => isAllowedHost(hostnameOf(host), allowedHostsOf({ HOST: '0.0.0.0' }, machine))
    expect(on('192.168.1.20:3000')).toBe(true)
    expect(on('nursery-pc:3000')).toBe(true)
    expect(on('[fe80::1]:3000')).toBe(true)
    expect(on('0.0.0.0:3000')).toBe(false)
    expect(on('192.168.1.21:3000')).toBe(false)
    expect(on('evil.example')).toBe(false)
    // A server bound to one address does not answer to the machine's others.
    expect(isAllowedHost(hostnameOf('192.168.1.20'), allowedHostsOf({ HOST: '127.0.0.1' }, machine))).toBe(false)
    expect(allowed({ HOST: '0.0.0.0', ALLOWED_HOSTS: 'localhost, 192.168.1.30' }, '192.168.1.30:3000')).toBe(true)
  })

  test('ALLOWED_HOSTS replaces the default: exact names, .suffix for subdomains, * for any', () => {
    const settings = { ALLOWED_HOSTS: 'shop.example, .nestlist.example', PUBLIC_URL: 'https://nestlist.example' }
    expect(allowed(settings, 'shop.example')).toBe(true)
    expect(allowed(settings, 'nestlist.example')).toBe(true)
    expect(allowed(settings, 'my.nestlist.example:8443')).toBe(true)
    expect(allowed(settings, 'localhost')).toBe(false)
    expect(allowed(settings, 'xnestlist.example')).toBe(false)
    expect(allowed({ ALLOWED_HOSTS: '*' }, 'anything.example')).toBe(true)
    expect(isAllowedHost(null, allowedHostsOf({ ALLOWED_HOSTS: '*' }))).toBe(false)
  })
})

describe('hostCheck', () => {
  test('answers as isAllowedHost does, for the same Host asked again and for many made-up ones', () => {
    const allowed = allowedHostsOf({ HOST: '127.0.0.1' }, () => [])
    const check = hostCheck(allowed)
    for (let round = 0; round < 2; round++) {
      expect(check('127.0.0.1:3000')).toBe(true)
      expect(check('LOCALHOST')).toBe(true)
      expect(check('evil.example')).toBe(false)
      expect(check(undefined)).toBe(false)
    }
    for (let i = 0; i < 2_500; i++) expect(check(`made-up-${i}.example`)).toBe(false)
    expect(check('localhost:5173')).toBe(true)
  })
})
