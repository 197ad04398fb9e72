import { useLocation } from 'react-router'
import { SiteLink } from '~/lib/site-link'
import { jsonKey, StaticMarkup } from '~/lib/static-markup'
import type { AnalyticsEvent } from '~/modules/analytics/analytics.events'
import { clickSaleType, flushEvents, lastSearchId, track } from '~/modules/analytics/track'
import { QuickAddToCart } from '~/modules/cart/ui/quick-add'
import { Badge, cx } from '~/ui'
import type { ProductCardView as ProductCardData } from '../catalog.service.server'
import { Price } from './price'
import { Rating, showsRating } from './rating'

type ProductCardProps = {
  product: ProductCardData
  /** Inside the product grid, card links force a full page load (spec: product card and grid). */
  reloadDocument?: boolean
  /** The category slug chain the shopper came through, carried as navigation state. */
  slugSet?: string[]
  /** Image loading: the first row of a page loads eagerly. */
  eager?: boolean
  /** 1-based position in the list the card is shown in, for the product-clicked event. */
  position?: number
  /** The quick 'Add to Cart' under the card (off where the list has its own action, e.g. adding to a registry). */
  quickAdd?: boolean
  /** The products of the preview row the card is shown in (the sale page's rows), sent with the product-clicked event. */
  previewIds?: readonly number[]
}

/**
 * The spec's product card. The whole card is one link (the title's link stretches over it), so it is
 * one tab stop; hover or focus swaps in the second image when there is one.
 */
export function ProductCard({ product, reloadDocument = false, slugSet, eager = false, position = 1, quickAdd = true, previewIds }: ProductCardProps) {
  const textBadges = product.promotionalBadges.filter((b) => b.type === 'text')
  const imageBadges = product.promotionalBadges.filter((b) => b.type === 'image')
  const second = product.secondaryImageUrl
  const location = useLocation()
  return (
    // The card's class names are short component classes (app.css, 'Product card'): a page repeats them 18+ times.
    // On the server a card is written from a copy per product and page address (app/lib/static-markup.tsx),
    // except where React would preload one of its images in the page's head (an eager image, an image badge).
    // The product's JSON is made once per card object (jsonKey): a card's view is one object per card (cardView).
    <StaticMarkup
      as="article"
      routerContexts
      markupKey={() =>
        eager || imageBadges.length > 0
          ? null
          : `product-card\u0000${reloadDocument}\u0000${quickAdd}\u0000${location.pathname}${location.search}\u0000${jsonKey(product)}`
      }
      className="group pcard">
      <div className="pcard-media">
        <img
          src={product.imageUrl}
          alt=""
          width={400}
          height={400}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="pcard-img"
        />
        {second ? (
          <img
            src={second}
            alt=""
            width={400}
            height={400}
            loading="lazy"
            decoding="async"
            className="pcard-img2"
          />
        ) : null}
        {textBadges.length > 0 ? (
          <ul className={cx('absolute top-2 left-2 flex flex-col items-start gap-1', imageBadges.length > 0 ? 'right-12 sm:right-14' : 'right-2')} aria-label="Offers">
            {textBadges.map((badge) => (
              <li key={badge.text}>
                <Badge variant={badge.variant}>{badge.text}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
        {imageBadges.length > 0 ? (
          <ul className="absolute top-2 right-2 flex flex-col items-end gap-1">
            {imageBadges.map((badge) => (
              <li key={badge.imageUrl}>
                <img src={badge.imageUrl} alt={badge.title} title={badge.title} width={40} height={40} className="size-9 sm:size-10" />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="pcard-body">
        <p className="pcard-brand uppercase">{product.brand.name}</p>
        <h3 className="pcard-title">
          {reloadDocument ? (
            // A full page load: a plain link is all it takes (React Router's Link would resolve the path on every render).
            <a href={product.path} onClick={() => trackProductClick(product, position, previewIds)} className="pcard-link">
              {product.title}
            </a>
          ) : (
            <SiteLink to={product.path} state={slugSet ? { slugSet } : undefined} onClick={() => trackProductClick(product, position, previewIds)} className="pcard-link">
              {product.title}
            </SiteLink>
          )}
        </h3>
        <Price
          price={product.price}
          onSale={product.onSale}
          isElectronicGiftCard={product.isElectronicGiftCard}
          isCashFund={product.isCashFund}
          isFavor={product.isFavor}
        />
        {showsRating(product) && product.rating !== null ? <Rating rating={product.rating} reviewCount={product.reviewCount} /> : null}
        {product.callouts[0] ? <p className="text-xs font-semibold text-sage-700">{product.callouts[0]}</p> : null}
        {quickAdd ? <QuickAddToCart product={product} /> : null}
      </div>
    </StaticMarkup>
  )
}

/** The most preview ids an event carries (the events API takes up to 50). */
const MAX_PREVIEW_IDS = 50

/**
 * Spec §7 'product clicked': which card, where in its list, and, for a card in a preview row (the sale page's
 * gear and essentials rows), the ids of that row's products.
 */
export function productClickedEvent(
  product: ProductCardData,
  position: number,
  context: { searchId?: string; previewIds?: readonly number[] } = {},
): Extract<AnalyticsEvent, { name: 'product_clicked' }> {
  const saleType = clickSaleType(product.onSale ? 'active_sale' : null)
  const previewIds = context.previewIds?.slice(0, MAX_PREVIEW_IDS)
  return {
    name: 'product_clicked',
    eventType: 'click',
    location: 'store_product_card',
    isRegistryOwner: false,
    isFsaHsaEligible: product.fsaHsaEligible,
    position,
    productId: product.productId,
    genericProductId: product.genericProductId,
    priceCents: product.price.current,
    productType: product.productType === 'gift_card' ? 'gift_card' : 'product',
    ...(context.searchId ? { searchId: context.searchId } : {}),
    ...(previewIds?.length ? { previewIds } : {}),
    ...(saleType ? { saleType } : {}),
  }
}

/** Sent at once because the click usually leaves the page. */
function trackProductClick(product: ProductCardData, position: number, previewIds?: readonly number[]) {
  track(productClickedEvent(product, position, { searchId: lastSearchId(), previewIds }))
  flushEvents()
}
