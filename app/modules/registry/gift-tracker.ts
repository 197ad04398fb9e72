// The gift tracker's view of a gift, its filters, words and CSV: pure, so the page (server and browser) and the
// service (gift-tracker.server.ts) share them.
import { formatCents } from '~/lib/money'
import type { GiftKind, PostalAddress } from './registry.types'

export type { GiftKind }

/**
 * One gift in the tracker. `id` is the gift's id (a digest), never the reservation or contribution id. The fields
 * `itemTitle`, `source` and `status` keep the shape the API has always answered (source is null for cash gifts).
 */
export type GiftTrackerLine = {
  id: string
  kind: GiftKind
  /** The item's or fund's title. */
  itemTitle: string
  quantity: number
  /** Cash fund gifts and group-gift chip-ins only, in cents. */
  amountCents: number | null
  source: 'reserved' | 'bought_elsewhere' | 'nestlist_order' | null
  status: 'reserved' | 'purchased' | 'confirmed'
  date: string
  giverName: string
  giverEmail: string
  message: string
  thankYouAddress: PostalAddress | null
  received: boolean
  thankYouSent: boolean
  itemRemoved: boolean
  /** When the family last asked the giver for their address (item gifts only). */
  addressRequestedAt: string | null
  /** 'Ask for their address' applies: an item gift with no address yet, not asked in the last 24 hours. */
  canAskForAddress: boolean
}

export type GiftTrackerCounts = { gifts: number; thankYouSent: number; toThank: number; notReceived: number }

export type GiftTrackerView = { surpriseActive: boolean; gifts: GiftTrackerLine[]; counts: GiftTrackerCounts }

/** The page's filters (the URL query): which gifts to show. */
export type GiftFilter = { show: 'all' | 'to-thank' | 'thanked'; kind: 'all' | 'items' | 'cash' | 'group'; notReceived: boolean }

/** Reads the filters from a URL query; anything unknown means 'all'. */
export function giftFilterOf(params: URLSearchParams): GiftFilter {
  const show = params.get('show')
  const kind = params.get('kind')
  return {
    show: show === 'to-thank' || show === 'thanked' ? show : 'all',
    kind: kind === 'items' || kind === 'cash' || kind === 'group' ? kind : 'all',
    notReceived: params.get('received') === 'no',
  }
}

/** The gifts a filter keeps, in the list's order. */
export function filterGifts(gifts: readonly GiftTrackerLine[], f: GiftFilter): GiftTrackerLine[] {
  return gifts.filter((g) => {
    if (f.show === 'to-thank' && g.thankYouSent) return false
    if (f.show === 'thanked' && !g.thankYouSent) return false
    if (f.kind === 'items' && (g.kind === 'cash_fund' || g.kind === 'group_gift')) return false
    if (f.kind === 'cash' && g.kind !== 'cash_fund') return false
    if (f.kind === 'group' && g.kind !== 'group_gift') return false
    if (f.notReceived && g.received) return false
    return true
  })
}

export function countsOf(gifts: readonly GiftTrackerLine[]): GiftTrackerCounts {
  const thankYouSent = gifts.filter((g) => g.thankYouSent).length
  return { gifts: gifts.length, thankYouSent, toThank: gifts.length - thankYouSent, notReceived: gifts.filter((g) => !g.received).length }
}

/** What kind of gift, in words ('Bought on Nestlist', 'Cash fund gift'). */
export function giftKindLabel(g: Pick<GiftTrackerLine, 'kind' | 'status'>): string {
  switch (g.kind) {
    case 'nestlist_order':
      return 'Bought on Nestlist'
    case 'bought_elsewhere':
      return 'Bought elsewhere'
    case 'reserved':
      return g.status === 'purchased' ? 'Bought' : 'Reserved'
    case 'cash_fund':
      return 'Cash fund gift'
    case 'group_gift':
      return 'Group gift chip-in'
  }
}

/** The gift in a few words: "2 × Swaddle blanket", "$50.00 to Diaper fund". */
export function giftDescription(g: Pick<GiftTrackerLine, 'kind' | 'itemTitle' | 'quantity' | 'amountCents'>): string {
  if (g.kind === 'cash_fund') return `${formatCents(g.amountCents ?? 0)} to ${g.itemTitle}`
  if (g.kind === 'group_gift') return `${formatCents(g.amountCents ?? 0)} towards ${g.itemTitle}`
  return `${g.quantity > 1 ? `${g.quantity} × ` : ''}${g.itemTitle}`
}

/** An address on one line. */
export function addressLine(a: PostalAddress | null): string {
  return a ? [a.name, a.line1, a.line2, `${a.city}, ${a.state} ${a.zip}`].filter(Boolean).join(', ') : ''
}

/**
 * One CSV cell (RFC 4180 quoting). A cell a spreadsheet would read as a formula (starting with = + - @, or a tab
 * or carriage return before one) is prefixed with a single quote, so a giver's name or message cannot run
 * anything on the family's computer.
 */
export function csvCell(value: string | number | boolean | null): string {
  let s = value === null ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s
}

export const GIFT_CSV_HEADER = ['Date', 'Kind', 'Gift', 'Quantity', 'Amount', 'Giver', 'Giver email', 'Message', 'Thank-you address', 'Received', 'Thank-you sent'] as const

/** The tracker as a CSV file (CRLF lines, header first). */
export function giftsCsv(gifts: readonly GiftTrackerLine[]): string {
  const rows = gifts.map((g) => [
    g.date.slice(0, 10),
    giftKindLabel(g),
    g.itemTitle,
    g.amountCents === null ? g.quantity : '',
    g.amountCents === null ? '' : (g.amountCents / 100).toFixed(2),
    g.giverName,
    g.giverEmail,
    g.message,
    addressLine(g.thankYouAddress),
    g.received ? 'Yes' : 'No',
    g.thankYouSent ? 'Yes' : 'No',
  ])
  return [GIFT_CSV_HEADER as readonly (string | number)[], ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n'
}
