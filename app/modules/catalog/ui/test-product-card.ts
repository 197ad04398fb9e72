import type { ProductCard } from '../catalog.service.server'

/** A plain product card for component tests: product `id`, in stock, $10.00, no rating, badges or options; `over` changes any field. */
export const testProductCard = (id: number, over: Partial<ProductCard> = {}): ProductCard => ({
  productId: id,
  genericProductId: id,
  slug: `p-${id}`,
  title: `Product ${id}`,
  shortName: `Product ${id}`,
  brand: { id: 1, name: 'Acme', slug: 'acme' },
  imageUrl: `/images/p-${id}.svg`,
  secondaryImageUrl: null,
  path: `/gp/p-${id}/${id}`,
  productType: 'product',
  isCashFund: false,
  isFavor: false,
  isElectronicGiftCard: false,
  isCrowdfund: false,
  fsaHsaEligible: false,
  rating: null,
  reviewCount: 0,
  price: { current: 1000, regular: 1000, min: 1000, max: 1000, msrp: null },
  onSale: false,
  available: true,
  hasOptions: false,
  promotionalBadges: [],
  callouts: [],
  ...over,
})
