// The one client tracking module. Components call track(); events are queued, batched and sent to
// POST /api/v3/events with navigator.sendBeacon (or fetch keepalive), so a click that navigates away
// still gets delivered. On the server (SSR) every call is a no-op.
import {
  type AnalyticsEvent,
  EVENTS_ENDPOINT,
  type EventBatch,
  MAX_BATCH_BYTES,
  MAX_EVENTS_PER_BATCH,
} from './analytics.events'

export type { AnalyticsEvent, AnalyticsEventName, CategoryClickLocation } from './analytics.events'
export { clickSaleType } from './analytics.events'

/** How long events wait for company before a batch is sent. */
export const FLUSH_DELAY_MS = 1000
const ANONYMOUS_ID_KEY = 'nestlist.anonymousId'
const SEARCH_ID_KEY = 'nestlist.searchId'

type Queued = EventBatch['events'][number]
let queue: Queued[] = []
let timer: ReturnType<typeof setTimeout> | undefined
let listening = false

const inBrowser = () => typeof window !== 'undefined'

/** Records one analytics event (spec §7). Never throws; does nothing during server rendering. */
export function track(event: AnalyticsEvent): void {
  if (!inBrowser()) return
  try {
    const { name, ...properties } = event
    queue.push({ name, properties, path: window.location.pathname, occurredAt: new Date().toISOString() })
    listenForPageHide()
    if (queue.length >= MAX_EVENTS_PER_BATCH) flushEvents()
    else timer ??= setTimeout(flushEvents, FLUSH_DELAY_MS)
  } catch {
    // Analytics must never break the page.
  }
}

/** Sends whatever is queued now (also runs on page hide). Returns the number of events sent. */
export function flushEvents(): number {
  if (timer) clearTimeout(timer)
  timer = undefined
  if (!inBrowser() || queue.length === 0) return 0
  const events = queue
  queue = []
  const anonymousId = anonymousAnalyticsId()
  let sent = 0
  for (const batch of splitBatches(events, anonymousId)) {
    send(JSON.stringify(batch))
    sent += batch.events.length
  }
  return sent
}

/** Splits events into batches that respect the server's count and byte limits; oversized single events are dropped. */
export function splitBatches(events: Queued[], anonymousId: string): EventBatch[] {
  const batches: EventBatch[] = []
  let current: EventBatch = { anonymousId, events: [] }
  const size = (b: EventBatch) => new TextEncoder().encode(JSON.stringify(b)).length
  for (const event of events) {
    if (size({ anonymousId, events: [event] }) > MAX_BATCH_BYTES) continue
    const candidate = { anonymousId, events: [...current.events, event] }
    if (current.events.length >= MAX_EVENTS_PER_BATCH || size(candidate) > MAX_BATCH_BYTES) {
      batches.push(current)
      current = { anonymousId, events: [event] }
    } else {
      current = candidate
    }
  }
  if (current.events.length > 0) batches.push(current)
  return batches
}

function send(body: string) {
  try {
    const blob = new Blob([body], { type: 'application/json' })
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(EVENTS_ENDPOINT, blob)) return
    void fetch(EVENTS_ENDPOINT, {
      method: 'POST',
      body,
      keepalive: true,
      headers: { 'content-type': 'application/json' },
    }).catch(() => {})
  } catch {
    // Ignored: analytics is best effort.
  }
}

function listenForPageHide() {
  if (listening) return
  listening = true
  window.addEventListener('pagehide', () => flushEvents())
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushEvents()
  })
}

/** A random id for this browser, kept in localStorage (segment_anonymous_id in product searches). */
export function anonymousAnalyticsId(): string {
  if (!inBrowser()) return ''
  try {
    let id = window.localStorage.getItem(ANONYMOUS_ID_KEY)
    if (!id) {
      id = crypto.randomUUID()
      window.localStorage.setItem(ANONYMOUS_ID_KEY, id)
    }
    return id
  } catch {
    return 'anonymous'
  }
}

/** Spec: 'After a successful search the search id is stored' (sessionStorage, for product clicks). */
export function storeSearchId(searchId: string | null | undefined): void {
  if (!inBrowser() || !searchId) return
  try {
    window.sessionStorage.setItem(SEARCH_ID_KEY, searchId)
  } catch {
    // Storage can be unavailable (private mode): the id is then simply not carried.
  }
}

/** The id of the last successful search in this tab, if any. */
export function lastSearchId(): string | undefined {
  if (!inBrowser()) return undefined
  try {
    return window.sessionStorage.getItem(SEARCH_ID_KEY) ?? undefined
  } catch {
    return undefined
  }
}

/** Records a search (search_executed) and, when the search answered with an id, stores that id. */
export function trackSearch(input: { searchTerm: string; searchId?: string | null; productIds?: number[] }): void {
  storeSearchId(input.searchId)
  track({
    name: 'search_executed',
    searchTerm: input.searchTerm,
    eventType: 'shop',
    ...(input.searchId ? { searchId: input.searchId } : {}),
    ...(input.productIds ? { productIds: input.productIds.slice(0, 20) } : {}),
  })
}
