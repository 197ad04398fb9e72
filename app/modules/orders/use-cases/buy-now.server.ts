/** Use case: buy now (quick buy), one product checked out on its own, without the cart. */
import { eq } from 'drizzle-orm'
import { DomainError } from '~/lib/errors'
import { cartMessages } from '../../cart/cart.service.server'
import { products } from '../../catalog/catalog.schema'
import { pdpPath } from '../../catalog/product-path'
import { lineBrandTitle } from '../../catalog/line-product-columns.server'
import type { OrdersContext, SourceLine } from '../orders-context.server'

/** Quick buy: one product, its options checked as Add to Cart checks them. */
export async function buyNowLine(ctx: OrdersContext, { productId, quantity, size, color }: { productId: number; quantity: number; size?: string; color?: string }): Promise<SourceLine[]> {
  const { db } = ctx
  const [row] = await db
    .select({ product: products, brand: lineBrandTitle })
    .from(products)
    .where(eq(products.id, productId))
  if (!row) throw new DomainError('not_found', cartMessages.productNotFound)
  const { product, brand } = row
  if (product.productType === 'cash_fund' || product.productType === 'favor') throw new DomainError('invalid_input', cartMessages.notForSale)
  // A gift card needs its amount and recipient: it goes through the cart from the gift card page.
  if (product.productType === 'gift_card') throw new DomainError('invalid_input', cartMessages.giftCardDetails)
  const options: { size?: string; color?: string } = {}
  for (const [field, list, chosen, missing] of [
    ['size', product.options.sizes, size, cartMessages.chooseSize],
    ['color', product.options.colors, color, cartMessages.chooseColor],
  ] as const) {
    if (!list?.length) continue
    if (!chosen) throw new DomainError('invalid_input', missing, { fields: { [field]: [missing] } })
    if (!list.includes(chosen)) throw new DomainError('invalid_input', cartMessages.unknownOption, { fields: { [field]: [cartMessages.unknownOption] } })
    options[field] = chosen
  }
  const unit = product.salePriceCents ?? product.priceCents
  return [
    {
      id: 0,
      cartLineId: null,
      reservationId: null,
      productId: product.id,
      title: product.name,
      brand,
      imageUrl: product.imageUrl,
      href: pdpPath({ slug: product.slug, genericProductId: product.id }),
      options,
      quantity,
      unitPriceCents: unit,
      lineTotalCents: unit * quantity,
      isGiftCard: false,
      unavailable: !product.available || product.stock <= 0 ? cartMessages.soldOut : product.stock < quantity ? `Only ${product.stock} left in stock.` : null,
      gift: null,
      giftCard: null,
    },
  ]
}
