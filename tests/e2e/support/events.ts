import type { Page } from 'playwright-core'

export type SentEvent = { name: string; properties: Record<string, unknown>; path: string }

/** Every analytics event the page sends to POST /api/v3/events (beacons included), read in a pass-through route. */
export async function recordEvents(page: Page): Promise<SentEvent[]> {
  const events: SentEvent[] = []
  await page.route('**/api/v3/events', async (route) => {
    if (route.request().method() === 'POST') events.push(...((JSON.parse(route.request().postData() ?? '{}') as { events?: SentEvent[] }).events ?? []))
    try {
      await route.fulfill({ response: await route.fetch() })
    } catch {
      // The page closed while a beacon was in flight.
    }
  })
  return events
}
