import { createHash } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { CSP_DIRECTIVES, cspWithScriptHashes, inlineScriptsOf } from './csp.server'

const directivesOf = (policy: string) => new Map(policy.split('; ').map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)]))

describe('cspWithScriptHashes', () => {
  test('allows an inline script by the SHA-256 of its exact text, base64, as browsers compute it', () => {
    // The CSP specification's own example: <script>alert('Hello, world.');</script>.
    expect(directivesOf(cspWithScriptHashes(["alert('Hello, world.');"])).get('script-src')).toEqual(["'self'", "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='"])
    // The text's UTF-8 bytes, whitespace and all: a changed character is another hash.
    const code = '\n  window.greeting = "héllo 😀";\n'
    const hash = `'sha256-${createHash('sha256').update(Buffer.from(code, 'utf8')).digest('base64')}'`
    expect(directivesOf(cspWithScriptHashes([code])).get('script-src')).toEqual(["'self'", hash])
    expect(cspWithScriptHashes([code.trim()])).not.toContain(hash)
  })

  test('one hash per distinct script, in order; no nonce, no unsafe-inline for scripts', () => {
    const policy = cspWithScriptHashes(['a()', 'b()', 'a()'])
    const scripts = directivesOf(policy).get('script-src')!
    expect(scripts).toHaveLength(3)
    expect(scripts[0]).toBe("'self'")
    expect(scripts.slice(1).every((s) => /^'sha256-[A-Za-z0-9+/]{43}='$/.test(s))).toBe(true)
    expect(policy).not.toMatch(/nonce|script-src[^;]*unsafe-inline/)
    expect(cspWithScriptHashes([])).toMatch(/^script-src 'self'; /)
  })

  test('every other directive is the pages’ own, kebab-cased', () => {
    const directives = directivesOf(cspWithScriptHashes(['x()']))
    expect(directives.get('default-src')).toEqual(["'self'"])
    expect(directives.get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:'])
    expect(directives.get('object-src')).toEqual(["'none'"])
    expect(directives.get('base-uri')).toEqual(["'self'"])
    expect(directives.get('form-action')).toEqual(["'self'", 'https://www.amazon.com'])
    expect(directives.get('frame-ancestors')).toEqual(["'none'"])
    expect(directives.size).toBe(Object.keys(CSP_DIRECTIVES).length + 1)
  })
})

describe('inlineScriptsOf', () => {
  test('the text of each inline script, exactly; scripts with src are not inline', () => {
    const html = [
      '<!DOCTYPE html><html><head>',
      '<script src="/assets/entry.js"></script>',
      '<script>window.__ctx = {"a":1};</script>',
      '<link rel="modulepreload" href="/assets/x.js">',
      '<script type="module" async="">import "/assets/x.js";\n</script>',
      "<script async src='/assets/y.js' type=\"module\"></script>",
      '<SCRIPT>UPPER()</SCRIPT>',
      '<script></script>',
      '</head><body><p>not a script</p></body></html>',
    ].join('')
    expect(inlineScriptsOf(html)).toEqual(['window.__ctx = {"a":1};', 'import "/assets/x.js";\n', 'UPPER()', ''])
    expect(inlineScriptsOf('<p>none</p>')).toEqual([])
  })

  test('the hashes of a page’s inline scripts allow them all', () => {
    const html = '<script>one()</script><script src="/a.js"></script><script type="module">two()</script>'
    const sources = directivesOf(cspWithScriptHashes(inlineScriptsOf(html))).get('script-src')!
    for (const code of ['one()', 'two()']) expect(sources).toContain(`'sha256-${createHash('sha256').update(code).digest('base64')}'`)
    expect(sources).toHaveLength(3)
  })
})
