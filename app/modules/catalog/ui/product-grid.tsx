import { memo } from 'react'
import { SiteLink } from '~/lib/site-link'
import { Skeleton } from '~/ui'
import type { ProductCardView as ProductCardData } from '../catalog.service.server'
import { ProductCard } from './product-card'

/** The spec shows six placeholder cards while the cards are not there yet. */
export const SKELETON_CARDS = 6

/** A guide card appears only with at least 7 product cards and at least one guide (spec §5). */
export const GUIDE_CARD_MIN_PRODUCTS = 7

/** What the grid's guide card shows of a guide. */
export type GuideCardData = { slug: string; title: string; teaser: string | null; imageUrl?: string | null }

/** The guide to show in a grid of `productCount` cards, or null (spec: guide card rule). */
export function gridGuide(productCount: number, guides: readonly GuideCardData[] | null | undefined): GuideCardData | null {
  if (productCount < GUIDE_CARD_MIN_PRODUCTS) return null
  return guides?.[0] ?? null
}

/** Cards from this index on skip layout and paint until near the screen (`.render-card-when-near`). */
const RENDER_WHEN_NEAR_FROM = 6

/** Where the guide card sits: after the sixth product card, two rows down on desktop. */
const GUIDE_AFTER = 6

type ProductGridProps = {
  /** null or undefined while loading: the grid shows skeleton cards. */
  products: ProductCardData[] | null | undefined
  /** Names the list for assistive technology, e.g. 'Strollers products'. */
  label: string
  slugSet?: string[]
  /** Guides of the listing; the first becomes a card in the grid when the rule allows. */
  guides?: GuideCardData[] | null
}

function GuideCard({ guide }: { guide: GuideCardData }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-card bg-sage-100 p-4 has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-berry-700 has-[a:focus-visible]:outline-solid">
      {guide.imageUrl ? (
        <img src={guide.imageUrl} alt="" width={500} height={900} loading="lazy" decoding="async" className="mb-3 aspect-[5/4] w-full rounded-card object-cover" />
      ) : null}
      <p className="text-xs font-bold tracking-wide text-sage-700 uppercase">Guide</p>
      <h3 className="mt-1 text-lg leading-snug font-bold">
        <SiteLink to={`/hello-baby/${guide.slug}`} className="outline-none after:absolute after:inset-0">
          {guide.title}
        </SiteLink>
      </h3>
      {guide.teaser ? <p className="mt-2 line-clamp-4 text-sm text-muted">{guide.teaser}</p> : null}
      <span className="mt-auto pt-3 text-sm font-semibold text-berry-700 underline underline-offset-4 group-hover:text-berry-800" aria-hidden="true">
        Read More
      </span>
    </article>
  )
}

/**
 * Three columns on desktop, two on phones; inside the grid, card links load the whole page. Memoised: a listing
 * re-renders when its filter controls change (first of all right after hydration), and 18 cards need not with it.
 */
export const ProductGrid = memo(function ProductGrid({ products, label, slugSet, guides }: ProductGridProps) {
  // Gaps and columns here are the ones .render-card-when-near (app.css) reserves room by; change them together.
  const grid = 'card-grid grid grid-cols-2 gap-x-3 gap-y-6 sm:gap-x-5 lg:grid-cols-3'
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
  const guide = gridGuide(products.length, guides)
  const items = products.map((product, index) => (
    // Cards past the first six (below the first screen) are laid out and painted only as they near it (app.css).
    <li key={product.productId} className={index >= RENDER_WHEN_NEAR_FROM ? 'render-card-when-near' : undefined}>
      <ProductCard product={product} reloadDocument slugSet={slugSet} eager={index < 3} position={index + 1} />
    </li>
  ))
  if (guide) {
    items.splice(
      GUIDE_AFTER,
      0,
      <li key={`guide-${guide.slug}`} data-guide-card="">
        <GuideCard guide={guide} />
      </li>,
    )
  }
  return (
    <ul className={grid} aria-label={label}>
      {items}
    </ul>
  )
})
