// The registry discount and feature flags as the pages and the API read them: eligibility is always
// computed here, from the registry and the configuration, never trusted from the browser.
import { type FeatureFlags, REGISTRY_DISCOUNT, type RegistryDiscountConfig, featureFlagsFrom } from '../config/app-config'
import { type BirthdayPromptUser, birthdayPromptFacts } from '../birthday-prompt/birthday-prompt'
import type { RegistryService } from '../registry/registry.service.server'
import { type DiscountCohort, type DiscountRegistryFacts, type RegistryDiscount, discountCohortOf, registryDiscountFor } from './discount'

export type DiscountDeps = {
  registry: Pick<RegistryService, 'ownedBy'>
  clock?: () => Date
  /** NESTLIST_FEATURE_FLAGS ('name=on,other=off'). */
  featureFlags?: string
  config?: RegistryDiscountConfig
  /** Whether the user's single-use discount already went on an order (the orders service knows). */
  usedBy?: (userId: number) => Promise<boolean>
}

/** What a shop page needs for the discount banner and modal; null when the banner is not shown. */
export type ShopDiscount = { discount: RegistryDiscount; modalFlag: boolean }

/** The shop pages' extras for the signed-in user: the discount banner and (on /store) the birthday prompt's facts. */
export type ShopExtras = { discountBanner: ShopDiscount | null; birthdayPrompt: BirthdayPromptUser | null }

export function createDiscountService({ registry, clock = () => new Date(), featureFlags, config = REGISTRY_DISCOUNT, usedBy }: DiscountDeps) {
  const flags: FeatureFlags = featureFlagsFrom(featureFlags)
  const service = {
    /** The feature flags in force (defaults with the NESTLIST_FEATURE_FLAGS overrides). */
    flags(): FeatureFlags {
      return { ...flags }
    },

    config(): RegistryDiscountConfig {
      return config
    },

    /** The discount data for one registry (null for registries that are not baby registries). */
    forRegistry(facts: DiscountRegistryFacts): RegistryDiscount | null {
      return registryDiscountFor(facts, clock(), config)
    },

    /** The signed-in user's current (newest) registry with its discount data, or null without a registry. */
    async currentFor(userId: number): Promise<{ registryId: number; discount: RegistryDiscount | null; cohort: DiscountCohort | null } | null> {
      const [current] = await registry.ownedBy(userId)
      if (!current) return null
      const discount = service.forRegistry(current)
      return { registryId: current.id, discount, cohort: discountCohortOf(discount, config) }
    },

    /**
     * One read of the user's registries for a shop page. The discount banner only for a signed-in user whose
     * current registry is eligible, and only when the page has no home banner ads (spec §2 'Registry
     * discount banner'). The birthday prompt's facts only when the page offers it (/store) and its flag is
     * on (spec §2 store landing); the browser applies the remaining trigger rules (dismissed flag, delay).
     */
    async shopExtrasFor(
      user: { id: number; createdAt: Date } | null,
      options: { homeBannerAds?: number; birthdayPrompt?: boolean } = {},
    ): Promise<ShopExtras> {
      if (!user) return { discountBanner: null, birthdayPrompt: null }
      const owned = await registry.ownedBy(user.id)
      const current = owned[0]
      return {
        // A single-use discount that an order already took is not offered again (one indexed read, eligible owners only).
        discountBanner: await service.discountBannerOf(current && (options.homeBannerAds ?? 0) === 0 ? current : null, async () => (usedBy ? usedBy(user.id) : false)),
        birthdayPrompt: options.birthdayPrompt === true ? service.birthdayPromptOf(user, owned) : null,
      }
    },

    /** The birthday prompt's facts for a signed-in user on a page that offers it: with its flag on and a registry owned (newest first). */
    birthdayPromptOf(user: { id: number; createdAt: Date }, owned: readonly { id: number; ownerId: number; registryType: string }[]): BirthdayPromptUser | null {
      return flags.birthday_list_adoption_modal && owned.length > 0 ? birthdayPromptFacts(user, owned) : null
    },

    /**
     * The discount banner for a user's current registry (null: none, or a page with home banner ads): shown when the
     * registry is eligible and, for a single-use discount, `used` (asked only then) says no order took it yet.
     */
    async discountBannerOf(current: DiscountRegistryFacts | null | undefined, used: () => boolean | Promise<boolean>): Promise<ShopDiscount | null> {
      const discount = current ? service.forRegistry(current) : null
      if (!discount?.isEligible) return null
      if (!discount.eligibleForMultiuseDiscount && (await used())) return null
      return { discount, modalFlag: flags.registry_discount_modal }
    },
  }
  return service
}

export type DiscountService = ReturnType<typeof createDiscountService>
