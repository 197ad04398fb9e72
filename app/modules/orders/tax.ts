// Sales tax: a simple, documented per-state table (docs/decisions/020). Integer cents throughout.

/** Base state rates in basis points (1/100 of a percent) for the states we name; others pay the default. */
export const STATE_TAX_BASIS_POINTS: Readonly<Record<string, number>> = {
  // No state sales tax.
  AK: 0,
  DE: 0,
  MT: 0,
  NH: 0,
  OR: 0,
  // Base state rates (local add-ons are left out on purpose: one rate per state keeps it explainable).
  CA: 725,
  NY: 400,
  TX: 625,
  FL: 600,
  IL: 625,
  PA: 600,
  OH: 575,
  WA: 650,
  NJ: 663,
  MA: 625,
}

/** Every other US state, DC, territory and military code. */
export const DEFAULT_TAX_BASIS_POINTS = 500

export const taxRateFor = (state: string): number => STATE_TAX_BASIS_POINTS[state.toUpperCase()] ?? DEFAULT_TAX_BASIS_POINTS

/**
 * Tax on the goods that ship, after their share of the discount: (taxable goods − their discount) × rate,
 * rounded half up to the cent. Shipping and electronic gift cards are not taxed.
 */
export function taxCentsFor(taxableCents: number, state: string): number {
  if (!Number.isInteger(taxableCents) || taxableCents < 0) throw new RangeError('taxable amount must be whole, non-negative cents')
  const bp = taxRateFor(state)
  // Integer arithmetic: floor((x * bp + 5000) / 10000) is x * bp / 10000 rounded half up.
  return Math.floor((taxableCents * bp + 5_000) / 10_000)
}
