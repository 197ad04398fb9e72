import { expect } from 'vitest'
import { demoStaff } from './accounts'
import { placeApiOrder } from './api-checkout'

const signIn = async (baseUrl: string, account: { email: string; password: string }) =>
  (await fetch(`${baseUrl}/api/v3/user_session`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(account) })).headers
    .get('set-cookie')!
    .split(';')[0]!

/** Staff read the newest email to `to` in the outbox (/admin/emails), as text. */
export async function newestEmailText(baseUrl: string, to: string): Promise<string> {
  const cookie = await signIn(baseUrl, demoStaff)
  const list = await (await fetch(`${baseUrl}/admin/emails?to=${encodeURIComponent(to)}`, { headers: { Cookie: cookie } })).text()
  const ids = [...list.matchAll(/href="\/admin\/emails\/(\d+)"/g)].map((m) => Number(m[1]))
  if (ids.length === 0) return ''
  const detail = await (await fetch(`${baseUrl}/admin/emails/${Math.max(...ids)}`, { headers: { Cookie: cookie } })).text()
  return detail.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&')
}

/** A $25 gift card bought as a guest through the API; its code read from the recipient's email. */
export async function giftCardCode(baseUrl: string, recipientEmail: string, card: { number: string; expMonth: number; expYear: number; cvc: string }): Promise<string> {
  const page = await (await fetch(`${baseUrl}/store/gift-cards`)).text()
  const productId = Number(page.match(/name="productId" value="(\d+)"/)![1])
  const added = await fetch(`${baseUrl}/api/v3/gift_cards`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ productId, amountCents: 2_500, recipientName: 'Riley', recipientEmail, senderName: 'Sam' }),
  })
  expect(added.status).toBe(201)
  const cartCookie = added.headers.get('set-cookie')!.split(';')[0]!
  const order = await placeApiOrder(baseUrl, cartCookie, { email: 'sam@example.test', name: 'Sam', card }, { 'Idempotency-Key': `e2e-gc-${Date.now()}-${Math.random().toString(36).slice(2)}` })
  expect(order.status).toBe(201)
  return (await newestEmailText(baseUrl, recipientEmail)).match(/code: ([2-9A-HJ-NP-Z]{4}(?:-[2-9A-HJ-NP-Z]{4}){3})/)![1]!
}
