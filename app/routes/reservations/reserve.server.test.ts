// The guest pages' own helpers: the visitor's reservation cookie and the giver's confirmation email.
import type { AppLoadContext } from 'react-router'
import { describe, expect, test } from 'vitest'
import { rememberReservationCookie, sendReservationEmail, visitorReservationIds } from './reserve.server'

describe('the guest pages’ helpers', () => {
  const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`
  const context = { publicUrl: undefined } as unknown as AppLoadContext

  test('the visitor cookie keeps the newest 50 reservation ids, HttpOnly, SameSite=Lax, for a year', () => {
    const held = Array.from({ length: 50 }, (_, i) => uuid(i)).join('.')
    const request = new Request('http://localhost/list/1', { headers: { Cookie: `nestlist_reservations=${held}.not-a-uuid` } })
    expect(visitorReservationIds(request)).toHaveLength(50)
    const cookie = rememberReservationCookie(request, context, uuid(99))
    expect(cookie).toMatch(/; Path=\/; HttpOnly; SameSite=Lax; Max-Age=31536000$/)
    const ids = cookie.split(';')[0]!.split('=')[1]!.split('.')
    expect(ids).toHaveLength(50)
    expect(ids[0]).toBe(uuid(99))
    expect(ids).not.toContain(uuid(49))
    expect(rememberReservationCookie(new Request('https://nestlist.test/x'), context, uuid(1))).toContain('; Secure')
  })

  test('the giver’s email links to the reservation and the "I bought it" page on the public origin (docs/decisions/034)', async () => {
    const sent: unknown[] = []
    const ctx = { publicUrl: undefined, services: { publicOrigin: 'http://127.0.0.1:4321', email: { send: async (m: unknown) => void sent.push(m) } } } as unknown as AppLoadContext
    const id = uuid(7)
    await sendReservationEmail(ctx, {
      id,
      kind: 'reserved',
      giverName: 'June Park',
      giverEmail: 'june@example.test',
      quantity: 2,
      itemTitle: 'Mug',
      familyName: 'The Riveras',
    })
    const msg = sent[0] as { to: string; data: { category: string; paragraphs: string[]; action: { url: string } } }
    expect(msg.to).toBe('june@example.test')
    expect(msg.data.category).toBe('registry_activity')
    expect(msg.data.action.url).toBe(`http://127.0.0.1:4321/email_actions/reservation_purchase/${id}?purchased=1`)
    expect(msg.data.paragraphs.join(' ')).toContain(`http://127.0.0.1:4321/reservations/${id}`)
  })
})
