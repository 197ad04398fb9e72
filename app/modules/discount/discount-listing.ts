// The shop view of what the registry discount covers (/registry-discount): the listing engine's
// exclusions, from the same configuration the cart discount uses.
import { REGISTRY_DISCOUNT, type RegistryDiscountConfig } from '../config/app-config'
import type { ListingQuery } from '../search/search.types'

/** The listing exclusions for the registry discount: named brands, diapers and wipes, and anything not a shop product. */
export function registryDiscountExclusions(config: RegistryDiscountConfig = REGISTRY_DISCOUNT): NonNullable<ListingQuery['exclude']> {
  return { brands: config.excludedBrandSlugs, categories: config.excludedCategorySlugs, shopProductsOnly: true }
}
