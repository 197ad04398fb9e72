import { useId } from 'react'
import { SiteLink } from '~/lib/site-link'
import { Icon } from '~/ui'
import type { ProductCardView as ProductCardData } from '../catalog.service.server'
import { ProductCard } from './product-card'

type SalePreviewRowProps = {
  preview: { slug: string; title: string; shopAllLabel: string; href: string; products: ProductCardData[] }
}

/**
 * A sale preview row on /store/sale (spec §9 'Sale preview slugs'): a heading, the first few products of the
 * group on sale and a link to all of them. Four across from 768 px; below that the row scrolls sideways
 * (each card is a link, so the keyboard reaches every one and scrolls it into view).
 */
export function SalePreviewRow({ preview }: SalePreviewRowProps) {
  const headingId = useId()
  const previewIds = preview.products.map((p) => p.productId)
  return (
    <section aria-labelledby={headingId} data-sale-preview={preview.slug} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="text-xl font-bold sm:text-2xl">
          {preview.title}
        </h2>
        <SiteLink to={preview.href} className="inline-flex min-h-10 items-center gap-1 text-sm font-semibold text-berry-700 underline underline-offset-4 hover:text-berry-800">
          {preview.shopAllLabel}
          <Icon name="chevron-right" className="size-4" />
        </SiteLink>
      </div>
      <ul
        aria-label={preview.title}
        className="-mx-4 grid snap-x snap-mandatory auto-cols-[44%] grid-flow-col gap-x-3 overflow-x-auto scroll-px-4 px-4 pt-2 pb-3 sm:-mx-6 sm:auto-cols-[30%] sm:scroll-px-6 sm:px-6 md:mx-0 md:grid-flow-row md:grid-cols-4 md:gap-x-5 md:overflow-visible md:px-0 md:pt-0 md:pb-0"
      >
        {preview.products.map((product, index) => (
          <li key={product.productId} className="snap-start">
            <ProductCard product={product} position={index + 1} previewIds={previewIds} />
          </li>
        ))}
      </ul>
    </section>
  )
}
