import { z } from 'zod'
import { INT4_MAX } from '~/lib/input-rules'
import { ANALYTICS_EVENT_NAMES, type AnalyticsEvent, type AnalyticsEventName, MAX_EVENTS_PER_BATCH } from './analytics.events'

// One zod schema per event (spec §7 'Analytics events'); strict, so unknown fields are refused.
const shortText = z.string().max(200)
const slug = z.string().max(300)
const id = z.number().int().nonnegative().max(2_147_483_647)
const ids = z.array(id).max(50)

export const analyticsEventSchemas = {
  page_viewed: z.strictObject({ pathname: z.string().max(2000), search: z.string().max(2000).optional(), referrer: z.string().max(2000).optional() }),
  search_executed: z.strictObject({
    searchTerm: z.string().max(500),
    eventType: z.literal('shop'),
    searchId: shortText.optional(),
    productIds: z.array(id).max(20).optional(),
  }),
  store_category_clicked: z.strictObject({
    categoryName: shortText,
    isLeafCategory: z.boolean(),
    slug,
    location: z.enum(['flyout_nav', 'image_nav', 'left_nav']),
  }),
  list_type_clicked: z.strictObject({
    listType: shortText,
    eventLocation: shortText.optional(),
    // Registry ids are 12 random digits: beyond 32 bits.
    registryId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    registryOwnerId: id.optional(),
  }),
  product_clicked: z.strictObject({
    eventType: z.literal('click'),
    location: z.literal('store_product_card'),
    isRegistryOwner: z.boolean(),
    isFsaHsaEligible: z.boolean(),
    position: z.number().int().min(1).max(100_000),
    productId: id,
    genericProductId: id,
    priceCents: z.number().int().nonnegative().max(INT4_MAX),
    productType: z.enum(['product', 'gift_card']),
    searchId: shortText.optional(),
    previewIds: ids.optional(),
    saleType: z.literal('price_sale').optional(),
  }),
  store_brand_viewed: z.strictObject({ brandId: id, brandName: shortText, isRegistryOwner: z.boolean().optional() }),
  store_landing_viewed: z.strictObject({ isRegistryOwner: z.boolean().optional() }),
  product_collection_viewed: z.strictObject({ collectionId: id.optional(), collectionName: shortText, productIds: ids.optional() }),
  product_collection_clicked: z.strictObject({
    collectionId: id.optional(),
    collectionName: shortText,
    productId: id.optional(),
    position: z.number().int().min(1).max(100_000).optional(),
  }),
  banner_clicked: z.strictObject({ bannerName: shortText, url: z.string().max(2000).optional() }),
  filters_applied: z.strictObject({ filters: z.string().max(4000), categorySlug: slug, sortCriteria: z.string().max(50), sortOrder: z.string().max(10) }),
  filters_panel_toggled: z.strictObject({ focusedSection: shortText, isOpen: z.boolean(), slug }),
  discount_modal_button_clicked: z.strictObject({ button: z.enum(['primary', 'secondary']), label: shortText.optional() }),
} satisfies Record<AnalyticsEventName, z.ZodType>

// Compile-time check that each schema's output matches the client-side union.
type SchemaOf<N extends AnalyticsEventName> = z.infer<(typeof analyticsEventSchemas)[N]>
type Expected<N extends AnalyticsEventName> = Omit<Extract<AnalyticsEvent, { name: N }>, 'name'>
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const schemasMatchUnion: { [N in AnalyticsEventName]: Same<SchemaOf<N>, Expected<N>> } = Object.fromEntries(
  ANALYTICS_EVENT_NAMES.map((n) => [n, true]),
) as { [N in AnalyticsEventName]: true }
void schemasMatchUnion

/** The batch envelope; each event's properties are checked separately against its own schema. */
export const eventBatchInput = z.strictObject({
  anonymousId: z.string().min(1).max(100),
  events: z
    .array(
      z.strictObject({
        name: z.string().max(100),
        properties: z.record(z.string(), z.unknown()),
        path: z.string().max(2000),
        occurredAt: z.string().max(40).optional(),
      }),
    )
    .min(1)
    .max(MAX_EVENTS_PER_BATCH),
})
export type EventBatchInput = z.infer<typeof eventBatchInput>

export type ValidEvent = { name: AnalyticsEventName; properties: Record<string, unknown>; path: string }

const isEventName = (name: string): name is AnalyticsEventName => (ANALYTICS_EVENT_NAMES as readonly string[]).includes(name)

/**
 * Checks every event of a batch against its schema. Returns the valid events, or field errors keyed
 * `events.{i}.name` (unknown event) and `events.{i}.properties.{field}`.
 */
export function validateEvents(batch: EventBatchInput): { ok: true; events: ValidEvent[] } | { ok: false; fields: Record<string, string[]> } {
  const fields: Record<string, string[]> = {}
  const events: ValidEvent[] = []
  batch.events.forEach((event, i) => {
    if (!isEventName(event.name)) {
      ;(fields[`events.${i}.name`] ??= []).push(`Unknown event '${event.name.slice(0, 100)}'.`)
      return
    }
    const result = analyticsEventSchemas[event.name].safeParse(event.properties)
    if (!result.success) {
      for (const issue of result.error.issues) {
        const key = ['events', i, 'properties', ...issue.path].join('.')
        ;(fields[key] ??= []).push(issue.message)
      }
      return
    }
    events.push({ name: event.name, properties: result.data as Record<string, unknown>, path: event.path })
  })
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, events }
}
