// The one place for feature flags and the numbers behind the registry discount and the birthday prompt
// (spec §3 'Registry discount', §5 birthday modal trigger, §9 constants). Pure data and small pure
// functions: pages, components, services and GET /api/v3/flag all read from here, so no number is
// repeated elsewhere.

/** The feature flags the front end reads (spec §4 'UI state' featureFlags). */
export type FeatureFlagName = 'registry_discount_modal' | 'birthday_list_adoption_modal'

export type FeatureFlags = Record<FeatureFlagName, boolean>

/** What each flag switches, for the API document and operators. */
export const FEATURE_FLAG_DESCRIPTIONS: Record<FeatureFlagName, string> = {
  registry_discount_modal:
    "On: the registry discount banner's 'Learn more' opens the discount status modal. Off: it goes to the registry discount shop (/registry-discount).",
  birthday_list_adoption_modal:
    'On: signed-in owners on /store who have no birthday wishlist are offered one (the birthday wishlist modal, after 5 seconds, once per browser).',
}

export const FEATURE_FLAG_DEFAULTS: FeatureFlags = {
  registry_discount_modal: true,
  birthday_list_adoption_modal: true,
}

export const FEATURE_FLAG_NAMES = Object.keys(FEATURE_FLAG_DEFAULTS) as FeatureFlagName[]

/**
 * The flags with overrides from the NESTLIST_FEATURE_FLAGS setting ('name=on,other=off'); unknown names
 * and values other than on/off/true/false/1/0 are ignored, so a typo never takes the site down.
 */
export function featureFlagsFrom(setting: string | undefined): FeatureFlags {
  const flags = { ...FEATURE_FLAG_DEFAULTS }
  for (const part of (setting ?? '').split(',')) {
    const [rawName, rawValue] = part.split('=').map((s) => s?.trim().toLowerCase())
    if (!rawName || rawValue === undefined || !(rawName in flags)) continue
    if (['on', 'true', '1'].includes(rawValue)) flags[rawName as FeatureFlagName] = true
    else if (['off', 'false', '0'].includes(rawValue)) flags[rawName as FeatureFlagName] = false
  }
  return flags
}

/** The registry completion discount (spec §3, §9: 15%, from 60 days before arrival, registry active 30 days). */
export type RegistryDiscountConfig = {
  /** Shown as '{percent}%' and applied to eligible lines. */
  percent: number
  /** The filter name of the shop view of eligible items (/registry-discount?filter=...). */
  filterName: string
  /** Usable from this many days before the arrival date… */
  preArrivalDays: number
  /** …until this many days after it (the expiry date is arrival + these days). */
  postArrivalDays: number
  /** The registry must have existed this many days. */
  registryCreationMinDays: number
  /** Multi-use: the discount applies to every order in the window, within the two thresholds below. Otherwise once. */
  multiUse: boolean
  /** Multi-use only: the discount is worked out on at most this much eligible order value (cents). */
  orderThresholdCents: number
  /** Multi-use only: the most one order can save (cents). */
  discountThresholdCents: number
  /** Brands (by slug) whose items the discount never covers. */
  excludedBrandSlugs: readonly string[]
  /** Categories (by slug, with their subcategories) never covered: diapers and wipes. */
  excludedCategorySlugs: readonly string[]
}

export const REGISTRY_DISCOUNT: RegistryDiscountConfig = {
  percent: 15,
  filterName: 'registry_discount',
  preArrivalDays: 60,
  postArrivalDays: 60,
  registryCreationMinDays: 30,
  // Spec §9: 'a one-time-use shop discount'.
  multiUse: false,
  orderThresholdCents: 1_000_00,
  discountThresholdCents: 150_00,
  excludedBrandSlugs: ['bumblebee-basics', 'stroll-and-co'],
  excludedCategorySlugs: ['diapers', 'wipes'],
}

/** Spec §5 and §9: the birthday wishlist prompt. */
export const BIRTHDAY_PROMPT = {
  /** The account must be older than this. */
  accountMinAgeDays: 7,
  /** Wait this long on the page before the modal opens. */
  delayMs: 5_000,
  /** After the call-to-action is recorded, go to the create page after this long (lets the event leave). */
  redirectDelayMs: 100,
  /** Where the call-to-action goes: the create-a-birthday-wishlist page. */
  createPath: '/registry/build/birthday',
  /** localStorage key of the dismissed flag. */
  dismissedStorageKey: 'nestlist.birthdayPromptDismissed',
} as const

/** Where the discount banner goes when the modal flag is off, and the modal's 'Shop your registry'. */
export const REGISTRY_DISCOUNT_SHOP_PATH = '/registry-discount'

/**
 * Group gifts (spec §9 'Group gift goal buffer 10%'): guests chip in towards the item's price × the quantity
 * the family needs, plus this buffer, which covers tax and shipping (docs/decisions/030, h12).
 */
export const GROUP_GIFT_GOAL_BUFFER_PERCENT = 10

/** A group gift's goal in cents: price × quantity + the buffer, rounded up to the cent. */
export function groupGiftGoalCents(priceCents: number, quantity: number): number {
  return Math.ceil((priceCents * quantity * (100 + GROUP_GIFT_GOAL_BUFFER_PERCENT)) / 100)
}

/** Spec §9 'Store-offer icon row: at most 3 icons by default; the rest shown as a count' (registry item cards). */
export const STORE_OFFER_ICONS_MAX = 3

/** Spec §9 'Sale preview slugs: two (gear and essentials)'. */
export type SalePreviewSlug = 'gear' | 'essentials'

export type SalePreview = {
  slug: SalePreviewSlug
  /** The row's heading on /store/sale. */
  title: string
  /** The row's link to its whole filtered listing. */
  shopAllLabel: string
  /** The top-level store categories (navbar slugs) the group covers, with their subcategories. */
  categorySlugs: readonly string[]
}

/**
 * The two preview rows above the sale listing (/store/sale), each the first few products on sale of a group of
 * top-level categories; 'Shop all' opens the sale listing filtered to those categories (categories=…).
 * Gear is what a family buys once and uses for years; essentials what they go through and restock. 'more'
 * (cash funds, gift cards, favors, holiday gifts, keepsakes) is in neither (docs/decisions/018, amendment h16).
 */
export const SALE_PREVIEWS: readonly SalePreview[] = [
  { slug: 'gear', title: 'Gear on sale', shopAllLabel: 'Shop all gear on sale', categorySlugs: ['strollers', 'car-seats', 'carriers', 'nursery', 'playroom'] },
  {
    slug: 'essentials',
    title: 'Essentials on sale',
    shopAllLabel: 'Shop all essentials on sale',
    categorySlugs: ['diapering', 'feeding', 'bath-potty', 'baby-health-safety', 'clothing'],
  },
]

/** Products in a sale preview row: one row of four on desktop, as a product collection shows (spec §9). */
export const SALE_PREVIEW_PRODUCTS = 4
