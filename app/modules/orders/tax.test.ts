import { describe, expect, test } from 'vitest'
import { DEFAULT_TAX_BASIS_POINTS, taxCentsFor, taxRateFor } from './tax'
import { WAREHOUSES, warehouseFor } from './warehouses'

describe('sales tax table', () => {
  test('named states use their base rate, states without sales tax pay none, every other code pays the default', () => {
    expect(taxRateFor('CA')).toBe(725)
    expect(taxRateFor('ny')).toBe(400)
    expect(taxRateFor('OR')).toBe(0)
    expect(taxRateFor('ID')).toBe(DEFAULT_TAX_BASIS_POINTS)
    expect(taxRateFor('AP')).toBe(DEFAULT_TAX_BASIS_POINTS)
  })

  test('tax is rounded half up to the whole cent with integer arithmetic', () => {
    // 1000 × 7.25% = 72.5 → 73; 1 × 7.25% = 0.0725 → 0; 2000 × 4% = 80 exactly.
    expect(taxCentsFor(1000, 'CA')).toBe(73)
    expect(taxCentsFor(1, 'CA')).toBe(0)
    expect(taxCentsFor(2000, 'NY')).toBe(80)
    expect(taxCentsFor(999_999, 'NJ')).toBe(66_300) // 66,299.93 → 66,300
    expect(taxCentsFor(4599, 'OR')).toBe(0)
    expect(taxCentsFor(0, 'CA')).toBe(0)
  })

  test('amounts that are not whole non-negative cents are refused', () => {
    expect(() => taxCentsFor(10.5, 'CA')).toThrow(RangeError)
    expect(() => taxCentsFor(-1, 'CA')).toThrow(RangeError)
  })
})

describe('warehouse rule', () => {
  test('gift cards leave from Dotcom, registry gifts from CBUS, other products from 46, 47, 59 or 185 by product id', () => {
    expect(warehouseFor({ productId: 7, isGiftCard: true, isRegistryGift: false })).toBe(WAREHOUSES.dotcom)
    expect(warehouseFor({ productId: 7, isGiftCard: false, isRegistryGift: true })).toBe(WAREHOUSES.cbus)
    expect([0, 1, 2, 3, 4].map((productId) => warehouseFor({ productId, isGiftCard: false, isRegistryGift: false }))).toEqual([46, 47, 59, 185, 46])
  })
})
