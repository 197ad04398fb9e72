// One wording for stock on the product page, product cards and the cart (no server imports).

/** 'Only 3 left' from this many down; above it, just 'In stock'. */
export const LOW_STOCK_AT = 5

/** 'Sold out', 'Only 3 left', 'In stock'. */
export function stockLabel(quantity: number): string {
  if (quantity <= 0) return 'Sold out'
  if (quantity <= LOW_STOCK_AT) return `Only ${quantity} left`
  return 'In stock'
}
