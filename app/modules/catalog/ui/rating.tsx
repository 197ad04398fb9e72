import { cx } from '~/ui'
import type { ProductCardView } from '../catalog.service.server'
import { formatCount } from '~/lib/format'

/** The rating row is hidden for cash funds, favors, gift cards and crowdfunds, and when there are no reviews. */
export function showsRating(product: Pick<ProductCardView, 'isCashFund' | 'isFavor' | 'isElectronicGiftCard' | 'isCrowdfund' | 'productType' | 'rating' | 'reviewCount'>): boolean {
  if (product.isCashFund || product.isFavor || product.isElectronicGiftCard || product.isCrowdfund) return false
  if (product.productType !== 'product') return false
  return product.reviewCount > 0 && product.rating !== null
}

/**
 * Five stars as one element: the grey row and the filled row are plain colours cut to five stars by a clip-path
 * (app.css, `.stars`), the filled one also cut to the rating's width. A card used to carry a 1.5 KB inline SVG
 * here (18 per page), then two SVG backgrounds, which cost a cold page two SVG documents in its first layout.
 */
function Stars({ rating, className }: { rating: number; className?: string }) {
  const percent = Math.round((Math.max(0, Math.min(5, rating)) / 5) * 1000) / 10
  return (
    <span className={cx('stars', className)} aria-hidden="true">
      <span style={{ width: `${percent}%` }} />
    </span>
  )
}

/** Stars and review count, read aloud as 'Rated 4.5 out of 5, 12 reviews'. */
export function Rating({ rating, reviewCount, size = 'sm' }: { rating: number; reviewCount: number; size?: 'sm' | 'lg' }) {
  const reviews = `${formatCount(reviewCount)} ${reviewCount === 1 ? 'review' : 'reviews'}`
  return (
    <p className={cx('flex items-center gap-1.5 text-muted', size === 'lg' ? 'text-sm' : 'text-xs')}>
      <span className="sr-only">
        Rated {rating.toFixed(1)} out of 5, {reviews}
      </span>
      <Stars rating={rating} className={size === 'lg' ? 'h-5 w-25' : 'h-3.5 w-17.5'} />
      <span aria-hidden="true">
        {size === 'lg' ? `${rating.toFixed(1)}\u00a0· ${reviews}` : `(${formatCount(reviewCount)})`}
      </span>
    </p>
  )
}
