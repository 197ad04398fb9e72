import { describe, expect, test } from 'vitest'
import { safeRedirectPath } from './safe-redirect'

describe('safeRedirectPath', () => {
  test.each([
    ['/registry/home', '/registry/home'],
    ['/store/search?search_term=crib&sort=newest', '/store/search?search_term=crib&sort=newest'],
    ['/settings#shipping', '/settings#shipping'],
    ['/gp/a%20b/1', '/gp/a%20b/1'],
  ])('keeps the same-host path %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected)
  })

  test.each([
    '//evil.example',
    '//evil.example/path',
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    '%2F%2Fevil.example',
    '/%2F/evil.example',
    '/%2Fevil.example',
    '/%5Cevil.example',
    '%252F%252Fevil.example',
    '/%252F%252Fevil.example',
    'https://evil.example/',
    'http:evil.example',
    'javascript:alert(1)',
    '/\tevil',
    '/\n/evil.example',
    ' //evil.example',
    'evil.example',
    '',
    '%',
  ])('sends %j to the home page instead', (input) => {
    expect(safeRedirectPath(input)).toBe('/')
  })

  // The check is on where the browser ends up: dot segments (plain or encoded) collapse before the host is read.
  test.each([
    '/..//evil.example',
    '/.//evil.example',
    '/x/..//evil.example',
    '/x/../..//evil.example',
    '/%2e%2e//evil.example',
    '/%2E%2E//evil.example',
    '/%2e//evil.example',
    '/.%2e//evil.example',
    '/x/%2e%2e//evil.example/path?q=1',
    '/..%2F/evil.example',
    '/../\\evil.example',
    '/.\\/evil.example',
    '/..\t//evil.example',
    '/..//\nevil.example',
    '/.\r.//evil.example',
  ])('a dot-segment path %j that normalizes to another host falls back', (input) => {
    expect(safeRedirectPath(input)).toBe('/')
    expect(safeRedirectPath(input, '')).toBe('')
  })

  test.each([
    ['/x/../registry/home', '/registry/home'],
    ['/./store', '/store'],
    ['/%2e%2e/store?x=1', '/store?x=1'],
  ])('a dot-segment path %j that stays on this site is kept in its normalized form', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected)
  })

  test('non-strings and absurdly long values fall back', () => {
    expect(safeRedirectPath(undefined)).toBe('/')
    expect(safeRedirectPath(null)).toBe('/')
    expect(safeRedirectPath(['/a'])).toBe('/')
    expect(safeRedirectPath('/' + 'a'.repeat(3000))).toBe('/')
  })
})
