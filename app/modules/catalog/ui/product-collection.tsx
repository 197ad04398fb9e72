import { useId, useState } from 'react'
import { Button } from '~/ui'
import type { ProductCardView as ProductCardData } from '../catalog.service.server'
import { ProductCard } from './product-card'

/** Products a collection shows before '+ N More' (spec §9). */
export const COLLECTION_DEFAULT_VISIBLE = 4

type ProductCollectionProps = {
  collection: { id: number; title: string; teaser: string; products: ProductCardData[] }
  /** How many products show while collapsed; null shows them all (the landing page). */
  maxVisible?: number | null
}

/** The label of the toggle: '+ N More' while collapsed, 'View Less' while expanded. */
export function collectionToggleLabel(hidden: number, expanded: boolean) {
  return expanded ? 'View Less' : `+ ${hidden} More`
}

/** A curated collection: title, teaser and products, with a '+ N More' / 'View Less' toggle when limited. */
export function ProductCollection({ collection, maxVisible = COLLECTION_DEFAULT_VISIBLE }: ProductCollectionProps) {
  const [expanded, setExpanded] = useState(false)
  const headingId = useId()
  const listId = useId()
  const limit = maxVisible === null ? collection.products.length : Math.max(0, maxVisible)
  const hidden = Math.max(0, collection.products.length - limit)
  const shown = expanded || hidden === 0 ? collection.products : collection.products.slice(0, limit)
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-bold sm:text-2xl">
        {collection.title}
      </h2>
      <p className="mt-1 max-w-prose text-muted">{collection.teaser}</p>
      <ul id={listId} className="mt-4 grid grid-cols-2 gap-x-3 gap-y-6 sm:gap-x-5 md:grid-cols-4" aria-label={collection.title}>
        {shown.map((product, index) => (
          <li key={product.productId}>
            <ProductCard product={product} position={index + 1} />
          </li>
        ))}
      </ul>
      {hidden > 0 ? (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" size="sm" aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded((v) => !v)}>
            {collectionToggleLabel(hidden, expanded)}
          </Button>
        </div>
      ) : null}
    </section>
  )
}
