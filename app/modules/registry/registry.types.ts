// Shapes the registry module returns. Purpose-built: a guest's view has no field for the owner's address
// or email, so it cannot leak them. No server imports.
import type { Expecting, PlanningStage, RegistryType, SearchLevel } from './registry.constants'
import type { PostalAddress } from './registry.schema'
import type { OpenOptionChoice } from '~/modules/catalog/product-options'

export type { PostalAddress }

export type GuestItem = {
  id: number
  categoryId: number
  productId: number | null
  /** /gp/... for shop products, the store link for items from other stores. */
  href: string | null
  title: string
  imageUrl: string
  storeName: string
  priceCents: number
  quantityNeeded: number
  /** How many are still wanted (needed minus reserved minus purchased). */
  quantityStillNeeded: number
  note: string
  mostWanted: boolean
  /** A group gift: guests chip in towards it (cash funds module) instead of reserving or buying it whole. */
  groupGift: boolean
  options: Record<string, string>
  position: number
  /** Guest view only: sold by the Nestlist shop and in stock, so guests can 'Buy from Nestlist'. */
  buyFromShop?: boolean
  /** Guest view only: the product's options the family left open (any color), for the giver to choose, with their stock. */
  openOptions?: OpenOptionChoice[]
}

export type GuestCategory = { id: number; title: string; position: number }

/** What anyone with the link sees (spec: family names, arrival month, welcome note, items by category). */
export type GuestRegistry = {
  id: number
  slug: string
  registryType: RegistryType
  title: string
  familyName: string
  welcomeNote: string
  /** 'YYYY-MM' or null: guests see the month only. */
  arrivalMonth: string | null
  /** City and state where gifts ship, never the street. */
  shipsTo: { city: string; state: string } | null
  categories: GuestCategory[]
  items: GuestItem[]
}

export type OwnerItem = GuestItem & {
  quantityReserved: number
  quantityPurchased: number
  removed: boolean
}

export type SetupGoal = { key: 'add_10_items' | 'add_shipping_address' | 'share_registry' | 'add_welcome_note'; label: string; done: boolean; href: string }

export type RegistryStats = { items: number; reserved: number; purchased: number; stillNeeded: number }

/** The owner's full view of their registry (collaborators see the same; `role` says which they are). */
export type OwnerRegistry = Omit<GuestRegistry, 'items' | 'categories'> & {
  ownerId: number
  role: 'owner' | 'collaborator'
  arrivalDate: string | null
  isArrivalDateKnown: boolean
  planningStage: PlanningStage | null
  expecting: Expecting | null
  showerDate: string | null
  guestCount: string | null
  guestTypes: string[]
  searchLevel: SearchLevel
  shippingAddress: PostalAddress | null
  /** Show the gift address to a giver who reserved or bought elsewhere (to them only); the family's delivery note. */
  shareAddressWithGivers: boolean
  giftDeliveryNote: string
  surprise: boolean
  surpriseRevealDate: string | null
  /** True while 'keep it a surprise' hides who reserved or bought what. */
  surpriseActive: boolean
  categories: (GuestCategory & { isDefault: boolean; itemCount: number })[]
  items: OwnerItem[]
  stats: RegistryStats
  goals: SetupGoal[]
  createdAt: string
}

/** A registry as /find lists it. */
export type FoundRegistry = {
  id: number
  slug: string
  title: string
  familyName: string
  registryType: RegistryType
  arrivalMonth: string | null
  shipsTo: { city: string; state: string } | null
}

/** Every kind of gift a registry receives (the family's notices and the gift tracker). */
export type GiftKind = 'reserved' | 'bought_elsewhere' | 'nestlist_order' | 'cash_fund' | 'group_gift'
