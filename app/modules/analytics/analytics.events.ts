// The spec's analytics events (§7 'Analytics events'), as one discriminated union on `name`.
// Pure types and constants: safe to import from components, routes and the server.

/** Where a store-category click happened: the header flyout, an image grid tile, or the left category nav. */
export type CategoryClickLocation = 'flyout_nav' | 'image_nav' | 'left_nav'

export type AnalyticsEvent =
  /** Sent by the page-view tracker on pathname change (spec §4 'Analytics page view'). */
  | { name: 'page_viewed'; pathname: string; search?: string; referrer?: string }
  /** A search ran: the search box, the mobile bar, or a search page load. productIds: first 20 hero ids. */
  | { name: 'search_executed'; searchTerm: string; eventType: 'shop'; searchId?: string; productIds?: number[] }
  | {
      name: 'store_category_clicked'
      categoryName: string
      isLeafCategory: boolean
      slug: string
      location: CategoryClickLocation
    }
  /** A list type was chosen (the birthday wishlist modal's call-to-action): where, and for whose registry. */
  | { name: 'list_type_clicked'; listType: string; eventLocation?: string; registryId?: number; registryOwnerId?: number }
  | {
      name: 'product_clicked'
      eventType: 'click'
      location: 'store_product_card'
      isRegistryOwner: boolean
      isFsaHsaEligible: boolean
      /** 1-based position in the list the card was shown in. */
      position: number
      productId: number
      genericProductId: number
      /** Integer cents (the card's current price). */
      priceCents: number
      productType: 'product' | 'gift_card'
      searchId?: string
      previewIds?: number[]
      /** Present (as 'price_sale') only when the product's sale type is active_sale (spec §5). */
      saleType?: 'price_sale'
    }
  | { name: 'store_brand_viewed'; brandId: number; brandName: string; isRegistryOwner?: boolean }
  | { name: 'store_landing_viewed'; isRegistryOwner?: boolean }
  | { name: 'product_collection_viewed'; collectionId?: number; collectionName: string; productIds?: number[] }
  | { name: 'product_collection_clicked'; collectionId?: number; collectionName: string; productId?: number; position?: number }
  | { name: 'banner_clicked'; bannerName: string; url?: string }
  | {
      name: 'filters_applied'
      /** The applied filter state as JSON text. */
      filters: string
      /** The category slug, from the last path segment. */
      categorySlug: string
      sortCriteria: string
      sortOrder: string
    }
  | { name: 'filters_panel_toggled'; focusedSection: string; isOpen: boolean; slug: string }
  /** The registry discount status modal's two tracked buttons ('Shop your registry', 'Browse the shop'). */
  | { name: 'discount_modal_button_clicked'; button: 'primary' | 'secondary'; label?: string }

export type AnalyticsEventName = AnalyticsEvent['name']

export const ANALYTICS_EVENT_NAMES = [
  'page_viewed',
  'search_executed',
  'store_category_clicked',
  'list_type_clicked',
  'product_clicked',
  'store_brand_viewed',
  'store_landing_viewed',
  'product_collection_viewed',
  'product_collection_clicked',
  'banner_clicked',
  'filters_applied',
  'filters_panel_toggled',
  'discount_modal_button_clicked',
] as const satisfies readonly AnalyticsEventName[]

/** The endpoint the tracking module posts batches to. */
export const EVENTS_ENDPOINT = '/api/v3/events'
/** Limits shared by client and server: events per batch, and body bytes. */
export const MAX_EVENTS_PER_BATCH = 25
export const MAX_BATCH_BYTES = 32_768

/** The wire shape of one batch. */
export type EventBatch = {
  anonymousId: string
  events: { name: string; properties: Record<string, unknown>; path: string; occurredAt: string }[]
}

/** Spec §5: a click event records sale type price_sale when the sale type is active_sale. */
export function clickSaleType(saleType: string | null | undefined): 'price_sale' | undefined {
  return saleType === 'active_sale' ? 'price_sale' : undefined
}
