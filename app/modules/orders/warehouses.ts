// The spec's warehouse list (§3) and the rule that picks where a line ships from (docs/decisions/020).

export const WAREHOUSES = {
  wholesaleA: 46,
  wholesaleB: 47,
  wholesaleC: 59,
  dotcom: 49,
  cbus: 164,
  further: 185,
} as const

/** The sites that hold ordinary shop stock, taken in turn by product id. */
const STOCK_SITES = [WAREHOUSES.wholesaleA, WAREHOUSES.wholesaleB, WAREHOUSES.wholesaleC, WAREHOUSES.further] as const

/**
 * Deterministic: electronic gift cards are sent by Dotcom (49); registry gifts leave from CBUS (164), where
 * a family's gifts are consolidated; every other product from one of 46, 47, 59, 185 by product id mod 4.
 */
export function warehouseFor(line: { productId: number; isGiftCard: boolean; isRegistryGift: boolean }): number {
  if (line.isGiftCard) return WAREHOUSES.dotcom
  if (line.isRegistryGift) return WAREHOUSES.cbus
  return STOCK_SITES[line.productId % STOCK_SITES.length]!
}
