// The thank-you manager (gift-tracker.server.ts): every kind of gift in one list with message and address, the
// surprise rule for all of them, who may read and change it, the toggles, 'Ask for their address', and the CSV.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { registryApiHarness, type RegistryApiHarness } from '../../../tests/support/registry-api'
import { cashFundContributions, cashFunds } from '../cash-funds/cash-funds.schema'
import type { EmailSender, SendEmailInput } from '../email/email.types'
import { payments } from '../payments/payments.schema'
import { registryCollaborators } from './collaborators.schema'
import { createGiftTracker, csvCell, filterGifts, giftFilterOf, giftsCsv, type GiftTrackerLine } from './gift-tracker.server'
import { regItems, registries, reservations } from './registry.schema'

let h: RegistryApiHarness
let products: number[]
let now = new Date('2026-12-02T12:00:00Z')
const sent: SendEmailInput[] = []
const email: EmailSender = {
  async send(input) {
    sent.push(input as SendEmailInput)
    return { status: 'sent' } as never
  },
}
let tracker: ReturnType<typeof createGiftTracker>

beforeAll(async () => {
  h = await registryApiHarness(93_000)
  products = await h.createProducts(4)
  tracker = createGiftTracker({ db: h.database.db, email, publicOrigin: 'https://nestlist.test', clock: () => now })
})

afterAll(async () => {
  await h?.drop()
})

const codeOf = (p: Promise<unknown>) => p.then(() => 'ok', (e: { code?: string }) => e.code)
const address = { name: 'June Park', line1: '9 Oak Ave', line2: '', city: 'Austin', state: 'TX', zip: '78701' }
let n = 0

async function contribution(registryId: number, target: { cashFundId?: number; regItemId?: number }, over: Partial<typeof cashFundContributions.$inferInsert> = {}) {
  const [payment] = await h.database.db
    .insert(payments)
    .values({ idempotencyKey: randomUUID(), purpose: 'cash_fund', provider: 'test', amountCents: 5000, status: 'captured', capturedCents: 5000, cardBrand: 'visa', cardLast4: '4242' })
    .returning()
  const [c] = await h.database.db
    .insert(cashFundContributions)
    .values({
      registryId,
      ...target,
      amountCents: 5000,
      status: 'confirmed',
      giverName: 'Grandpa Joe',
      giverEmail: `joe${++n}@example.test`,
      message: 'For the college fund',
      idempotencyKey: randomUUID(),
      paymentId: payment!.id,
      confirmedAt: now,
      ...over,
    })
    .returning()
  return c!
}

/** A registry with one gift of every kind (and a pending cash gift, which is not a gift yet). */
async function registryWithEveryGift() {
  const owner = await h.signUp('Owner')
  const helper = await h.signUp('Helper')
  const stranger = await h.signUp('Stranger')
  const giver = await h.signUp('Giver')
  const registry = await h.createRegistry(owner.cookie)
  await h.database.db.insert(registryCollaborators).values({ registryId: registry.id, userId: helper.id, invitedBy: owner.id })
  const items: number[] = []
  for (const productId of products) {
    const item = await h.call('POST', `/api/v3/registries/${registry.id}/reg_items`, { cookie: owner.cookie, body: { productId, quantity: 2 } })
    expect(item.status, item.text).toBe(201)
    items.push(item.json.id as number)
  }
  const giverInput = (name: string, message: string) => ({ quantity: 1, giverName: name, giverEmail: `${name.split(' ')[0]!.toLowerCase()}${++n}@example.test`, giftMessage: message })
  const reserved = await h.services.reservations.reserve(items[0]!, giverInput('Aunt June', 'For naps'), giver.id)
  const elsewhere = await h.services.reservations.boughtElsewhere(items[1]!, giverInput('Uncle Ray', 'From the lake'))
  const shopped = await h.services.reservations.boughtElsewhere(items[2]!, giverInput('Cousin Bo', 'Shipped to you'))
  await h.database.db.update(reservations).set({ source: 'nestlist_order', thankYouAddress: address }).where(eq(reservations.id, shopped.id))
  await h.database.db.update(regItems).set({ groupGift: true, groupGiftGoalCents: 20000 }).where(eq(regItems.id, items[3]!))
  const [fund] = await h.database.db.insert(cashFunds).values({ registryId: registry.id, title: 'College fund', imageUrl: '/img/fund.jpg' }).returning()
  await contribution(registry.id, { cashFundId: fund!.id }, { thankYouAddress: address })
  await contribution(registry.id, { regItemId: items[3]! }, { giverName: 'Nana Kim', message: 'Chipping in', confirmedAt: new Date(now.getTime() - 1000) })
  await contribution(registry.id, { cashFundId: fund!.id }, { giverName: 'Still Pending', status: 'pending', confirmedAt: null })
  return { owner, helper, stranger, giver, registry, items, reserved, elsewhere, shopped }
}

describe('the gift tracker lists every gift', () => {
  test('items reserved, bought elsewhere and bought on Nestlist, cash fund gifts and chip-ins, each with message and address', async () => {
    const f = await registryWithEveryGift()
    const view = await tracker.list(f.registry.id, f.owner.id)
    expect(view.surpriseActive).toBe(false)
    const byKind = Object.fromEntries(view.gifts.map((g) => [g.kind, g]))
    expect(Object.keys(byKind).sort()).toEqual(['bought_elsewhere', 'cash_fund', 'group_gift', 'nestlist_order', 'reserved'])
    expect(view.gifts.some((g) => g.giverName === 'Still Pending')).toBe(false)
    expect(byKind.reserved).toMatchObject({ giverName: 'Aunt June', message: 'For naps', thankYouAddress: null, received: false, canAskForAddress: true, source: 'reserved' })
    expect(byKind.bought_elsewhere).toMatchObject({ giverName: 'Uncle Ray', message: 'From the lake' })
    expect(byKind.nestlist_order).toMatchObject({ giverName: 'Cousin Bo', message: 'Shipped to you', thankYouAddress: address, canAskForAddress: false })
    expect(byKind.cash_fund).toMatchObject({ itemTitle: 'College fund', amountCents: 5000, message: 'For the college fund', thankYouAddress: address, received: true, source: null })
    expect(byKind.group_gift).toMatchObject({ giverName: 'Nana Kim', message: 'Chipping in', amountCents: 5000, received: true, canAskForAddress: false })
    expect(byKind.cash_fund!.id).toMatch(/^c[0-9a-f]{32}$/)
    expect(byKind.reserved!.id).toMatch(/^[0-9a-f]{32}$/)
    // Gift ids are not the givers' keys.
    expect(view.gifts.map((g) => g.id)).not.toContain(f.reserved.id)
    expect(view.counts).toEqual({ gifts: 5, thankYouSent: 0, toThank: 5, notReceived: 3 })
    // A collaborator sees the same list.
    expect((await tracker.list(f.registry.id, f.helper.id)).gifts).toEqual(view.gifts)
  })

  test('while the surprise is on, no gift of any kind is listed or changed until the reveal date', async () => {
    const f = await registryWithEveryGift()
    const ids = (await tracker.list(f.registry.id, f.owner.id)).gifts.map((g) => g.id)
    await h.database.db.update(registries).set({ surprise: true, surpriseRevealDate: '2026-12-10' }).where(eq(registries.id, f.registry.id))
    for (const who of [f.owner.id, f.helper.id]) {
      expect(await tracker.list(f.registry.id, who)).toEqual({ surpriseActive: true, gifts: [], counts: { gifts: 0, thankYouSent: 0, toThank: 0, notReceived: 0 } })
    }
    for (const id of ids) {
      expect(await codeOf(tracker.update(id, f.owner.id, { thankYouSent: true }))).toBe('not_found')
      expect(await codeOf(tracker.askForAddress(id, f.owner.id))).toBe('not_found')
    }
    const before = now
    now = new Date('2026-12-10T08:00:00Z')
    try {
      const view = await tracker.list(f.registry.id, f.owner.id)
      expect(view.surpriseActive).toBe(false)
      expect(view.gifts.map((g) => g.id).sort()).toEqual([...ids].sort())
    } finally {
      now = before
    }
  })

  test('a stranger and a guest who gave cannot read or change the tracker', async () => {
    const f = await registryWithEveryGift()
    const ids = (await tracker.list(f.registry.id, f.owner.id)).gifts.map((g) => g.id)
    for (const who of [f.stranger.id, f.giver.id]) {
      expect(await codeOf(tracker.list(f.registry.id, who))).toBe('not_found')
      for (const id of ids) {
        expect(await codeOf(tracker.update(id, who, { thankYouSent: true, received: true }))).toBe('not_found')
        expect(await codeOf(tracker.askForAddress(id, who))).toBe('not_found')
      }
    }
    // The giver's own key names no gift in the tracker either.
    expect(await codeOf(tracker.update(f.reserved.id, f.owner.id, { thankYouSent: true }))).toBe('not_found')
    expect(sent.filter((m) => m.to.startsWith('aunt'))).toEqual([])
    expect((await tracker.list(f.registry.id, f.owner.id)).counts.thankYouSent).toBe(0)
  })
})

describe('received and thank-you sent', () => {
  test('the family ticks and unticks received and thank-you sent on item and cash gifts', async () => {
    const f = await registryWithEveryGift()
    const gifts = (await tracker.list(f.registry.id, f.helper.id)).gifts
    const item = gifts.find((g) => g.kind === 'reserved')!
    const cash = gifts.find((g) => g.kind === 'cash_fund')!
    expect(await tracker.update(item.id, f.helper.id, { received: true })).toMatchObject({ id: item.id, received: true, thankYouSent: false })
    expect(await tracker.update(item.id, f.owner.id, { thankYouSent: true })).toMatchObject({ received: true, thankYouSent: true })
    expect(await tracker.update(cash.id, f.owner.id, { thankYouSent: true })).toMatchObject({ id: cash.id, thankYouSent: true, received: true })
    expect((await tracker.list(f.registry.id, f.owner.id)).counts).toEqual({ gifts: 5, thankYouSent: 2, toThank: 3, notReceived: 2 })
    expect(await tracker.update(item.id, f.owner.id, { received: false })).toMatchObject({ received: false, thankYouSent: true })
    // A charged cash gift is received; it cannot be unmarked.
    expect(await codeOf(tracker.update(cash.id, f.owner.id, { received: false }))).toBe('conflict')
    expect(await codeOf(tracker.update(cash.id, f.owner.id, {}))).toBe('invalid_input')
    expect(await codeOf(tracker.update('not-an-id', f.owner.id, { thankYouSent: true }))).toBe('not_found')
  })

  test('filters keep the gifts asked for', async () => {
    const f = await registryWithEveryGift()
    const gifts = (await tracker.list(f.registry.id, f.owner.id)).gifts
    await tracker.update(gifts.find((g) => g.kind === 'group_gift')!.id, f.owner.id, { thankYouSent: true })
    const view = (await tracker.list(f.registry.id, f.owner.id)).gifts
    const kinds = (q: string) => filterGifts(view, giftFilterOf(new URLSearchParams(q))).map((g) => g.kind).sort()
    expect(kinds('')).toHaveLength(5)
    expect(kinds('show=thanked')).toEqual(['group_gift'])
    expect(kinds('show=to-thank')).toEqual(['bought_elsewhere', 'cash_fund', 'nestlist_order', 'reserved'])
    expect(kinds('kind=items')).toEqual(['bought_elsewhere', 'nestlist_order', 'reserved'])
    expect(kinds('kind=cash')).toEqual(['cash_fund'])
    expect(kinds('kind=group&show=to-thank')).toEqual([])
    expect(kinds('received=no')).toEqual(['bought_elsewhere', 'nestlist_order', 'reserved'])
  })
})

describe('ask for their address', () => {
  test('emails the giver a link once per 24 hours; the address they save there shows in the tracker', async () => {
    const f = await registryWithEveryGift()
    const gift = (await tracker.list(f.registry.id, f.owner.id)).gifts.find((g) => g.kind === 'reserved')!
    const before = sent.length
    const asked = await tracker.askForAddress(gift.id, f.helper.id)
    expect(asked).toMatchObject({ canAskForAddress: false, addressRequestedAt: now.toISOString() })
    expect(sent.length).toBe(before + 1)
    const mail = sent.at(-1)! as SendEmailInput<'notice'>
    expect(mail).toMatchObject({ to: gift.giverEmail, template: 'notice', data: { category: 'registry_activity' } })
    expect(mail.data.action!.url).toBe(`https://nestlist.test/reservations/${f.reserved.id}`)

    // Refused, and said so, within 24 hours.
    const again = await tracker.askForAddress(gift.id, f.owner.id).catch((e: Error & { code?: string }) => e)
    expect(again).toMatchObject({ code: 'conflict' })
    expect((again as Error).message).toMatch(/already asked Aunt June .* last 24 hours/)
    expect(sent.length).toBe(before + 1)

    // The giver opens the link: their gift page saves the address, which the tracker then shows.
    const reservationId = mail.data.action!.url.split('/').at(-1)!
    await h.services.reservations.setThankYouAddress(reservationId, address)
    const after = (await tracker.list(f.registry.id, f.owner.id)).gifts.find((g) => g.id === gift.id)!
    expect(after).toMatchObject({ thankYouAddress: address, canAskForAddress: false })

    // A day later, with the address given, there is nothing to ask.
    const was = now
    now = new Date(now.getTime() + 25 * 3_600_000)
    try {
      expect(await codeOf(tracker.askForAddress(gift.id, f.owner.id))).toBe('conflict')
    } finally {
      now = was
    }
    expect(sent.length).toBe(before + 1)
  })

  test('may ask again after 24 hours; not for cash gifts', async () => {
    const f = await registryWithEveryGift()
    const gifts = (await tracker.list(f.registry.id, f.owner.id)).gifts
    const gift = gifts.find((g) => g.kind === 'bought_elsewhere')!
    await tracker.askForAddress(gift.id, f.owner.id)
    const was = now
    now = new Date(now.getTime() + 24 * 3_600_000)
    try {
      const before = sent.length
      expect((await tracker.list(f.registry.id, f.owner.id)).gifts.find((g) => g.id === gift.id)!.canAskForAddress).toBe(true)
      await tracker.askForAddress(gift.id, f.owner.id)
      expect(sent.length).toBe(before + 1)
    } finally {
      now = was
    }
    const group = gifts.find((g) => g.kind === 'group_gift')!
    expect(await codeOf(tracker.askForAddress(group.id, f.owner.id))).toBe('conflict')
  })
})

describe('CSV export', () => {
  test('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('a, b')).toBe('"a, b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    for (const bad of ['=HYPERLINK("x")', '+1', '-2+3', '@SUM(A1)']) expect(csvCell(bad).replace(/^"/, '')).toMatch(/^'/)
    expect(csvCell('=1+1')).toBe("'=1+1")
    expect(csvCell(null)).toBe('')
  })

  test('one row per gift after a header, with giver, message and address', () => {
    const line: GiftTrackerLine = {
      id: 'c'.padEnd(33, '0'),
      kind: 'cash_fund',
      itemTitle: 'College fund',
      quantity: 1,
      amountCents: 5000,
      source: null,
      status: 'confirmed',
      date: '2026-12-01T10:00:00.000Z',
      giverName: '=cmd|calc',
      giverEmail: 'joe@example.test',
      message: 'Love, "Grandpa"',
      thankYouAddress: address,
      received: true,
      thankYouSent: false,
      itemRemoved: false,
      addressRequestedAt: null,
      canAskForAddress: false,
    }
    const csv = giftsCsv([line])
    const [header, row] = csv.split('\r\n')
    expect(header).toBe('Date,Kind,Gift,Quantity,Amount,Giver,Giver email,Message,Thank-you address,Received,Thank-you sent')
    expect(row).toBe(`2026-12-01,Cash fund gift,College fund,,50.00,'=cmd|calc,joe@example.test,"Love, ""Grandpa""","June Park, 9 Oak Ave, Austin, TX 78701",Yes,No`)
    expect(csv.endsWith('\r\n')).toBe(true)
  })
})
