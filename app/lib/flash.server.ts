// One-time messages shown on the next page after a redirect ('You are signed in.'), kept in a short cookie.
// Only known keys travel, so a crafted cookie cannot put arbitrary text on the page.
import { readCookie } from '~/modules/accounts/auth.server'
import { FLASH_COOKIE as COOKIE, type FlashKey, type FlashNote, flashMessages } from './flash'

/** Set-Cookie that carries a message to the next page. */
export function flashCookie(key: FlashKey): string {
  return `${COOKIE}=${key}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60`
}

/** The message waiting for this request (with its text), and the Set-Cookie that clears it. */
export function readFlash(request: Request): { key: FlashKey; note: FlashNote; clear: string } | null {
  const key = readCookie(request.headers.get('Cookie'), COOKIE)
  if (!key || !Object.hasOwn(flashMessages, key)) return null
  const { tone, message } = flashMessages[key as FlashKey]
  return { key: key as FlashKey, note: { key: key as FlashKey, tone, message }, clear: `${COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0` }
}
