import { Skeleton } from '~/ui'
import type { ProductCard as ProductCardData } from '../catalog.service.server'
import { ProductCard } from './product-card'

/** The spec shows six placeholder cards while the cards are not there yet. */
export const SKELETON_CARDS = 6

type ProductGridProps = {
  /** null or undefined while loading: the grid shows skeleton cards. */
  products: ProductCardData[] | null | undefined
  /** Names the list for assistive technology, e.g. 'Strollers products'. */
  label: string
  slugSet?: string[]
}

/** Three columns on desktop, two on phones; inside the grid, card links load the whole page. */
export function ProductGrid({ products, label, slugSet }: ProductGridProps) {
  const grid = 'grid grid-cols-2 gap-x-3 gap-y-6 sm:gap-x-5 lg:grid-cols-3'
  if (!products) {
    return (
      <ul className={grid} aria-label={label} aria-busy="true">
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <li key={i} className="flex flex-col gap-2 p-1">
            <Skeleton className="aspect-square w-full rounded-card" />
            <Skeleton className="h-3 w-1/3" />
            <Skeleton className="h-4 w-5/6" />
            <Skeleton className="h-4 w-1/4" />
          </li>
        ))}
      </ul>
    )
  }
  return (
    <ul className={grid} aria-label={label}>
      {products.map((product, index) => (
        <li key={product.productId}>
          <ProductCard product={product} reloadDocument slugSet={slugSet} eager={index < 3} />
        </li>
      ))}
    </ul>
  )
}
