import { useEffect, useId, useRef, useState } from 'react'
import { track } from '~/modules/analytics/track'
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
  const sectionRef = useCollectionAnalytics(collection)
  return (
    <section ref={sectionRef} aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-bold sm:text-2xl">
        {collection.title}
      </h2>
      <p className="mt-1 max-w-prose text-muted">{collection.teaser}</p>
      <ul id={listId} className="mt-4 grid grid-cols-2 gap-x-3 gap-y-6 sm:gap-x-5 md:grid-cols-4" aria-label={collection.title}>
        {shown.map((product, index) => (
          <li key={product.productId} data-product-id={product.productId} data-position={index + 1}>
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

/**
 * Spec §7 'product collection viewed and clicked': viewed once, when the collection first comes into
 * view (its products' ids); clicked when a product link inside it is followed (which product, where).
 * The click is read from the DOM because the cards may be server copies (app/lib/static-markup.tsx).
 */
function useCollectionAnalytics(collection: ProductCollectionProps['collection']) {
  const ref = useRef<HTMLElement>(null)
  const { id, title, products } = collection
  const productIds = products.map((p) => p.productId).join(',')
  useEffect(() => {
    const section = ref.current
    if (!section) return
    const ids = productIds ? productIds.split(',').map(Number) : []
    let viewed = false
    const viewedNow = () => {
      if (viewed) return
      viewed = true
      track({ name: 'product_collection_viewed', collectionId: id, collectionName: title, productIds: ids.slice(0, 50) })
    }
    let observer: IntersectionObserver | undefined
    if (typeof IntersectionObserver === 'function') {
      observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          viewedNow()
          observer?.disconnect()
        }
      })
      observer.observe(section)
    } else {
      viewedNow()
    }
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null
      const item = link?.closest<HTMLElement>('li[data-product-id]')
      if (!link || !item || !section.contains(item)) return
      track({
        name: 'product_collection_clicked',
        collectionId: id,
        collectionName: title,
        productId: Number(item.dataset.productId),
        position: Number(item.dataset.position),
      })
    }
    section.addEventListener('click', onClick)
    return () => {
      observer?.disconnect()
      section.removeEventListener('click', onClick)
    }
  }, [id, title, productIds])
  return ref
}
