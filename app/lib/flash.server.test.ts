import { describe, expect, test } from 'vitest'
import { flashCookie, readFlash } from './flash.server'

const withCookie = (cookie: string) => new Request('http://localhost/store', { headers: { Cookie: cookie } })

describe('flash messages', () => {
  test('the next page gets the message with its text and tone, and the cookie is cleared', () => {
    const set = flashCookie('signed_out')
    const flash = readFlash(withCookie(set.split(';')[0]!))
    expect(flash?.note).toEqual({ key: 'signed_out', tone: 'success', message: 'You are signed out. See you soon!' })
    expect(flash?.clear).toMatch(/^nestlist_flash=; .*Max-Age=0/)
  })

  test('only known keys travel: no text from a crafted cookie, nor an inherited name', () => {
    expect(readFlash(withCookie('nestlist_flash=%3Cscript%3E'))).toBeNull()
    expect(readFlash(withCookie('nestlist_flash=constructor'))).toBeNull()
    expect(readFlash(withCookie('nestlist_flash=toString'))).toBeNull()
    expect(readFlash(new Request('http://localhost/store'))).toBeNull()
  })
})
