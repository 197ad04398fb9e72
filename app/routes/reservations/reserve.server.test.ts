// The guest pages' own helpers (the visitor's reservation cookie) and the giver's confirmation email.
import type { AppLoadContext } from 'react-router'
import { describe, expect, test } from 'vitest'
import { sendReservationEmail } from '~/modules/registry/reservation-email.server'
import { rememberReservationCookie, visitorReservationIds } from './reserve.server'

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
    const sent: { to: string; data: { category: string; paragraphs: string[]; action: { label: string; url: string } } }[] = []
    const email = { send: async (m: unknown) => (sent.push(m as (typeof sent)[number]), { id: 1, status: 'kept' as const }) }
    const id = uuid(7)
    const base = {
      id,
      status: 'reserved' as const,
      source: 'reserved' as const,
      quantity: 2,
      giverName: 'June Park',
      giverEmail: 'june@example.test',
      createdAt: '2026-12-01T10:00:00.000Z',
      purchasedAt: null,
      thankYouAddressProvided: false,
      expiresAt: '2026-12-15T10:00:00.000Z',
      cancelReason: null,
      registry: { id: 1, slug: 'riveras', title: 'Baby Rivera', familyName: 'The Riveras' },
    }
    // A gift from another store, the family's address private: 'I bought it', the hold's end, the shower.
    await sendReservationEmail(email, 'http://127.0.0.1:4321', {
      ...base,
      item: { id: 3, title: 'Mug', imageUrl: '', priceCents: 1200, href: 'https://store.example/mug', storeName: 'Store' },
      delivery: { address: null, note: '' },
    })
    const msg = sent[0]!
    expect(msg.to).toBe('june@example.test')
    expect(msg.data.category).toBe('registry_activity')
    expect(msg.data.action.url).toBe(`http://127.0.0.1:4321/email_actions/reservation_purchase/${id}?purchased=1`)
    const text = msg.data.paragraphs.join(' ')
    expect(text).toContain(`http://127.0.0.1:4321/reservations/${id}`)
    expect(text).toContain('until December 15, 2026')
    expect(text).toContain('bring the gift to the shower')
    // A shop gift: 'Buy it now' (through the giver's page, which lets this browser check it out).
    await sendReservationEmail(email, 'http://127.0.0.1:4321', {
      ...base,
      item: { id: 4, title: 'Crib', imageUrl: '', priceCents: 30000, href: null, storeName: 'Nestlist' },
      delivery: { address: null, note: '' },
    })
    expect(sent[1]!.data.action).toEqual({ label: 'Buy it now', url: `http://127.0.0.1:4321/reservations/${id}?buy=1` })
    // Marked bought elsewhere, the family sharing their address with givers: the address is in the email.
    await sendReservationEmail(email, 'http://127.0.0.1:4321', {
      ...base,
      status: 'purchased',
      expiresAt: null,
      item: { id: 3, title: 'Mug', imageUrl: '', priceCents: 1200, href: 'https://store.example/mug', storeName: 'Store' },
      delivery: { address: { name: 'Maya Rivera', line1: '1 Elm St', line2: '', city: 'Portland', state: 'OR', zip: '97201' }, note: 'Porch is fine' },
    })
    const third = sent[2]!.data.paragraphs.join(' ')
    expect(third).toContain('Maya Rivera, 1 Elm St, Portland, OR 97201')
    expect(third).toContain('"Porch is fine"')
  })
})
