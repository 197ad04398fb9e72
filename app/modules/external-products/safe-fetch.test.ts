import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type FixtureServer, startProductFixtureServer } from '../../../tests/support/product-fixture-server'
import { addressRange, createSafeFetcher, FetchFailure, isPublicAddress, readTestLoopbackPorts, safeHttpUrl } from './safe-fetch.server'

let fixture: FixtureServer

beforeAll(async () => {
  fixture = await startProductFixtureServer()
})
afterAll(async () => {
  await fixture.close()
})

/** The guard as tests use it: loopback allowed only on the fixture's own port. */
const allowed = (over: Parameters<typeof createSafeFetcher>[0] = {}) => createSafeFetcher({ allowLoopbackPortsForTests: [fixture.port], ...over })

async function refusal(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(FetchFailure)
    return (error as FetchFailure).reason
  }
  throw new Error('expected the fetch to be refused')
}

describe('addresses', () => {
  test.each([
    '127.0.0.1', '127.8.9.10', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '255.255.255.255',
    '224.0.0.1', '240.0.0.1', '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1',
    '::ffff:169.254.169.254', '64:ff9b::7f00:1', '2002:7f00:1::', '2001::1', '2001:db8::1',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false)
  })

  test.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true)
  })

  test('IPv4-mapped IPv6 is judged as the IPv4 address it carries', () => {
    expect(addressRange('::ffff:127.0.0.1')).toBe('loopback')
    expect(addressRange('::ffff:192.168.0.1')).toBe('private')
  })

  // Teredo (2001::/32) carries the client's IPv4 in its last 32 bits, inverted: 80ff:fffe is 127.0.0.1, f5ff:fffe 10.0.0.1.
  test.each([
    ['IPv4-compatible loopback', '::127.0.0.1'],
    ['IPv4-compatible loopback in hex', '::7f00:1'],
    ['IPv4-compatible private', '::10.0.0.1'],
    ['IPv4-compatible metadata', '::169.254.169.254'],
    ['IPv4-compatible, even of a public address', '::8.8.8.8'],
    ['IPv4-mapped in hex', '::ffff:7f00:1'],
    ['IPv4-translated (SIIT)', '::ffff:0:7f00:1'],
    ['NAT64', '64:ff9b::7f00:1'],
    ['NAT64 of a private address', '64:ff9b::10.0.0.1'],
    ['local-use NAT64', '64:ff9b:1::a00:1'],
    ['6to4 of loopback', '2002:7f00:1::'],
    ['6to4 of a private address', '2002:a00:1::1'],
    ['Teredo of loopback', '2001:0:4136:e378:8000:63bf:80ff:fffe'],
    ['Teredo of a private address', '2001:0:4136:e378:8000:63bf:f5ff:fffe'],
    ['unique-local', 'fc00::1'],
    ['link-local', 'fe80::1'],
    ['site-local (deprecated)', 'fec0::1'],
    ['discard-only', '100::1'],
    ['documentation (3fff::/20)', '3fff::1'],
    ['segment routing', '5f00::1'],
    ['not global unicast (outside 2000::/3)', '4000::1'],
    ['not global unicast (outside 2000::/3), low', '1::1'],
  ])('%s (%s) is not public', (_name, address) => {
    expect(isPublicAddress(address)).toBe(false)
  })

  test.each(['2a00:1450:4001:82a::200e', '2001:4860:4860::8888', '2600:1f18::1', '::ffff:93.184.216.34'])('%s (global unicast) is public', (address) => {
    expect(isPublicAddress(address)).toBe(true)
  })
})

describe('links', () => {
  test.each(['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'file:///etc/passwd', 'ftp://example.com/x', 'gopher://x', 'http://user:pass@example.com/', 'not a url', ''])(
    'refuses %j',
    (raw) => {
      expect(safeHttpUrl(raw)).toBeNull()
    },
  )

  test('accepts http and https product links', () => {
    expect(safeHttpUrl('https://shop.example/p/1?x=2')?.href).toBe('https://shop.example/p/1?x=2')
    expect(safeHttpUrl('http://shop.example')?.href).toBe('http://shop.example/')
  })
})

describe('the guard with the test setting off (production)', () => {
  const production = createSafeFetcher()

  test.each([
    ['loopback', 'http://127.0.0.1/'],
    ['decimal', 'http://2130706433/'],
    ['octal', 'http://0177.0.0.1/'],
    ['hex', 'http://0x7f.1/'],
    ['hex dotted', 'http://0x7f.0x0.0x0.0x1/'],
    ['short form', 'http://127.1/'],
    ['IPv6 loopback', 'http://[::1]/'],
    ['IPv4-mapped IPv6', 'http://[::ffff:127.0.0.1]/'],
    ['IPv4-mapped IPv6 in hex', 'http://[::ffff:7f00:1]/'],
    ['private 10/8', 'http://10.0.0.1/'],
    ['private 192.168/16', 'http://192.168.0.1/'],
    ['private 172.16/12', 'http://172.16.0.1/'],
    ['metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['metadata, decimal', 'http://2852039166/'],
    ['carrier-grade NAT', 'http://100.64.0.1/'],
    ['unspecified', 'http://0.0.0.0/'],
    ['unique-local IPv6', 'http://[fd00::1]/'],
    ['link-local IPv6', 'http://[fe80::1]/'],
    ['unique-local IPv6 fc00::/8', 'http://[fc00::1]/'],
    ['IPv4-compatible IPv6', 'http://[::127.0.0.1]/'],
    ['IPv4-compatible IPv6 in hex', 'http://[::7f00:1]/'],
    ['NAT64 IPv6', 'http://[64:ff9b::7f00:1]/'],
    ['6to4 IPv6', 'http://[2002:7f00:1::]/'],
    ['Teredo IPv6 of loopback', 'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/'],
  ])('refuses %s (%s) before connecting', async (_name, url) => {
    expect(await refusal(production.fetchPage(url))).toBe('blocked_address')
  })

  test('refuses the local fixture store itself', async () => {
    const before = fixture.hits().length
    expect(await refusal(production.fetchPage(`${fixture.origin}/product-og`))).toBe('blocked_address')
    expect(fixture.hits().length).toBe(before)
  })

  test('refuses a host name that resolves to a private address', async () => {
    const fetcher = createSafeFetcher({ resolve: async () => [{ address: '10.1.2.3', family: 4 }] })
    expect(await refusal(fetcher.fetchPage('http://shop.example/'))).toBe('blocked_address')
  })

  test('refuses a host name when any one of its addresses is private (DNS rebinding)', async () => {
    const fetcher = createSafeFetcher({
      resolve: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
    })
    expect(await refusal(fetcher.fetchPage('http://rebind.example/'))).toBe('blocked_address')
  })

  test('refuses a host name that maps to ::ffff:169.254.169.254', async () => {
    const fetcher = createSafeFetcher({ resolve: async () => [{ address: '::ffff:169.254.169.254', family: 6 }] })
    expect(await refusal(fetcher.fetchPage('http://metadata.example/'))).toBe('blocked_address')
  })

  test('refuses a host name that resolves to IPv4-compatible IPv6, judged as the socket reads it (::8.8.8.8 is ::808:808, not 8.8.8.8)', async () => {
    for (const address of ['::127.0.0.1', '::8.8.8.8']) {
      const fetcher = createSafeFetcher({ timeoutMs: 500, resolve: async () => [{ address, family: 6 }] })
      expect(await refusal(fetcher.fetchPage('http://compat.example/'))).toBe('blocked_address')
    }
  })

  test('refuses javascript: and data: links', async () => {
    expect(await refusal(production.fetchPage('javascript:alert(1)'))).toBe('bad_url')
    expect(await refusal(production.fetchImage('data:image/png;base64,AAAA'))).toBe('bad_url')
  })
})

describe('the guard with the fixture port allowed (tests only)', () => {
  test('reads an HTML product page', async () => {
    const page = await allowed().fetchPage(`${fixture.origin}/product-og`)
    expect(page.html).toContain('Sleepy Owl Night Light')
    expect(page.url).toBe(`${fixture.origin}/product-og`)
  })

  test('unpacks a gzip page', async () => {
    expect((await allowed().fetchPage(`${fixture.origin}/gzip`)).html).toContain('Sleepy Owl Night Light')
  })

  test('IPv4-compatible loopback is not let through by the test-only loopback port setting', async () => {
    const before = fixture.hits().length
    expect(await refusal(allowed().fetchPage(`http://[::127.0.0.1]:${fixture.port}/product-og`))).toBe('blocked_address')
    expect(fixture.hits().length).toBe(before)
  })

  test('allows loopback only on the fixture port, nowhere else', async () => {
    expect(await refusal(createSafeFetcher({ allowLoopbackPortsForTests: [fixture.port + 1] }).fetchPage(`${fixture.origin}/product-og`))).toBe('blocked_address')
    expect(await refusal(allowed().fetchPage('http://10.0.0.1/'))).toBe('blocked_address')
  })

  test('follows a chain of 5 redirects, checking each hop', async () => {
    const page = await allowed().fetchPage(`${fixture.origin}/chain/5`)
    expect(page.url).toBe(`${fixture.origin}/product-og`)
  })

  test('refuses a sixth redirect', async () => {
    expect(await refusal(allowed().fetchPage(`${fixture.origin}/chain/6`))).toBe('too_many_redirects')
  })

  test.each([
    ['127.0.0.1 on another port', 'http://127.0.0.1/'],
    ['10.0.0.1', 'http://10.0.0.1/admin'],
    ['the metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['[::1]', 'http://[::1]/'],
    ['[::ffff:127.0.0.1]', 'http://[::ffff:127.0.0.1]:22/'],
    ['decimal 127.0.0.1', 'http://2130706433/'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,hi'],
  ])('refuses a redirect to %s', async (_name, to) => {
    const reason = await refusal(allowed().fetchPage(`${fixture.origin}/redirect?to=${encodeURIComponent(to)}`))
    expect(['blocked_address', 'bad_url']).toContain(reason)
  })

  test('gives up after the time limit (slow page)', async () => {
    const started = Date.now()
    expect(await refusal(allowed({ timeoutMs: 300 }).fetchPage(`${fixture.origin}/slow?ms=3000`))).toBe('timeout')
    expect(Date.now() - started).toBeLessThan(2000)
  })

  test('the default time limit is 5 seconds for the whole fetch', async () => {
    const started = Date.now()
    expect(await refusal(allowed().fetchPage(`${fixture.origin}/slow?ms=6000`))).toBe('timeout')
    const took = Date.now() - started
    expect(took).toBeGreaterThanOrEqual(4900)
    expect(took).toBeLessThan(5900)
  }, 10_000)

  test('stops reading a page over 2 MB', async () => {
    expect(await refusal(allowed().fetchPage(`${fixture.origin}/huge`))).toBe('too_large')
  })

  test('refuses a declared size over 2 MB without reading it', async () => {
    expect(await refusal(allowed().fetchPage(`${fixture.origin}/huge-declared`))).toBe('too_large')
  })

  test('counts the unpacked size of a compressed page', async () => {
    expect(await refusal(allowed().fetchPage(`${fixture.origin}/gzip-bomb`))).toBe('too_large')
  })

  test('pages must be text/html', async () => {
    expect(await refusal(allowed().fetchPage(`${fixture.origin}/json`))).toBe('wrong_type')
    expect(await refusal(allowed().fetchPage(`${fixture.origin}/pictures/owl.png`))).toBe('wrong_type')
  })

  test('pictures must be raster image/* (not SVG, not HTML)', async () => {
    const image = await allowed().fetchImage(`${fixture.origin}/pictures/owl.png`)
    expect(image.contentType).toBe('image/png')
    expect(image.bytes.length).toBeGreaterThan(100)
    expect(await refusal(allowed().fetchImage(`${fixture.origin}/pictures/drawing.svg`))).toBe('wrong_type')
    expect(await refusal(allowed().fetchImage(`${fixture.origin}/product-og`))).toBe('wrong_type')
  })

  test('an error status is a failure', async () => {
    expect(await refusal(allowed().fetchPage(`${fixture.origin}/error`))).toBe('http_error')
  })
})

describe('the test-only setting from the environment', () => {
  test('is ignored unless NODE_ENV is test', () => {
    expect(readTestLoopbackPorts({ NESTLIST_TEST_ALLOW_LOOPBACK_FETCH_PORTS: '4000' })).toEqual([])
    expect(readTestLoopbackPorts({ NODE_ENV: 'production', NESTLIST_TEST_ALLOW_LOOPBACK_FETCH_PORTS: '4000' })).toEqual([])
    expect(readTestLoopbackPorts({ NODE_ENV: 'development', NESTLIST_TEST_ALLOW_LOOPBACK_FETCH_PORTS: '4000' })).toEqual([])
    expect(readTestLoopbackPorts({ NODE_ENV: 'test', NESTLIST_TEST_ALLOW_LOOPBACK_FETCH_PORTS: '4000, x, 70000' })).toEqual([4000])
  })
})
