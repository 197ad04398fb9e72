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

  test('non-strings and absurdly long values fall back', () => {
    expect(safeRedirectPath(undefined)).toBe('/')
    expect(safeRedirectPath(null)).toBe('/')
    expect(safeRedirectPath(['/a'])).toBe('/')
    expect(safeRedirectPath('/' + 'a'.repeat(3000))).toBe('/')
  })
})
