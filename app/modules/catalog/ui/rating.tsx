import { useId } from 'react'
import { cx } from '~/ui'
import type { ProductCard } from '../catalog.service.server'
import { formatCount } from '~/lib/format'

/** The rating row is hidden for cash funds, favors, gift cards and crowdfunds, and when there are no reviews. */
export function showsRating(product: Pick<ProductCard, 'isCashFund' | 'isFavor' | 'isElectronicGiftCard' | 'isCrowdfund' | 'productType' | 'rating' | 'reviewCount'>): boolean {
  if (product.isCashFund || product.isFavor || product.isElectronicGiftCard || product.isCrowdfund) return false
  if (product.productType !== 'product') return false
  return product.reviewCount > 0 && product.rating !== null
}

const STAR = 'M12 2.5l2.9 6 6.6.8-4.9 4.6 1.3 6.6L12 17.2l-5.9 3.3 1.3-6.6L2.5 9.3l6.6-.8L12 2.5z'

/** Five stars in one SVG: the filled row is clipped to the rating (one element per card, not ten). */
function Stars({ rating, className }: { rating: number; className?: string }) {
  const clipId = `stars-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`
  const width = (Math.max(0, Math.min(5, rating)) / 5) * 120
  const stars = [0, 1, 2, 3, 4].map((i) => <path key={i} d={STAR} transform={`translate(${i * 24} 0)`} />)
  return (
    <svg viewBox="0 0 120 24" className={cx('shrink-0', className)} aria-hidden="true" focusable="false">
      <defs>
        <clipPath id={clipId}>
          <rect width={width} height="24" />
        </clipPath>
      </defs>
      <g fill="#d8ccd2">{stars}</g>
      <g fill="#8a2a4b" clipPath={`url(#${clipId})`}>
        {stars}
      </g>
    </svg>
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
        {size === 'lg' ? `${rating.toFixed(1)} · ${reviews}` : `(${formatCount(reviewCount)})`}
      </span>
    </p>
  )
}
