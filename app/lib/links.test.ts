import { describe, expect, test } from 'vitest'
import { absoluteUrl, publicOrigin } from './links'

describe('link building rules', () => {
  test('absolute URLs are built from the host', () => {
    expect(absoluteUrl('/store/strollers', 'https://nestlist.example')).toBe('https://nestlist.example/store/strollers')
    expect(absoluteUrl('store', 'http://localhost:3000')).toBe('http://localhost:3000/store')
  })

  test('paths starting with http, // or # stay unchanged', () => {
    expect(absoluteUrl('https://help.example/returns', 'https://nestlist.example')).toBe('https://help.example/returns')
    expect(absoluteUrl('http://x.example', 'https://nestlist.example')).toBe('http://x.example')
    expect(absoluteUrl('//cdn.example/a.png', 'https://nestlist.example')).toBe('//cdn.example/a.png')
    expect(absoluteUrl('#reviews', 'https://nestlist.example')).toBe('#reviews')
  })

  test('a host starting with my. or my- maps to the main public host', () => {
    expect(publicOrigin('https://my.nestlist.example')).toBe('https://nestlist.example')
    expect(publicOrigin('https://my-nestlist.example')).toBe('https://nestlist.example')
    expect(absoluteUrl('/store', 'https://my.nestlist.example:8443')).toBe('https://nestlist.example:8443/store')
    expect(publicOrigin('https://mystore.example')).toBe('https://mystore.example')
    expect(publicOrigin('http://my.localhost')).toBe('http://my.localhost')
    expect(publicOrigin('http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000')
  })
})
