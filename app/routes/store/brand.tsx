import { publicOrigin } from '~/lib/links'
import { useEffect } from 'react'
import { redirect } from 'react-router'
import { track } from '~/modules/analytics/track'
import { pageInput } from '~/modules/catalog/catalog.validation'
import { FaqSection } from '~/modules/catalog/ui/faq-section'
import { DEFAULT_SORT } from '~/modules/catalog/ui/filters/filter-state'
import { listingView } from '~/modules/catalog/product-card.server'
import { listingQueryFrom, missingPageMessage, tidyHref } from '~/modules/catalog/ui/filters/listing-request'
import { ProductListing } from '~/modules/catalog/ui/product-listing'
import { ShopByGuides } from '~/modules/catalog/ui/shop-by-guides'
import { ShopError } from '~/modules/catalog/ui/shop-error'
import { sharedPageHeaders } from '~/lib/shared-pages'
import { RegistryDiscountBanner } from '~/modules/discount/ui/registry-discount-banner'
import type { Route } from './+types/brand'
import { badRequest, notFound, orNotFound } from './http-errors'

/** Brand logos are round, 180 by 180 (spec §9). */
export const BRAND_LOGO_SIZE = 180

/** /store/b/{slug}/{brandId}: a brand page; a wrong slug for the id moves permanently to the right one. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const brand = await orNotFound(context.services.storefront.brand(params.brandId))
  if (params.slug !== brand.slug || params.brandId !== String(brand.id)) {
    throw redirect(`${brand.brandPageUrl}${url.search}`, 301)
  }
  const page = pageInput.safeParse(url.searchParams.get('page'))
  const retry = { retryHref: brand.brandPageUrl, retryLabel: 'Go to the first page' }
  if (!page.success) notFound({ message: 'Page numbers are whole numbers from 1.', ...retry })
  const tidy = tidyHref(url, DEFAULT_SORT)
  if (tidy) throw redirect(tidy, 303)
  const request = listingQueryFrom(url.searchParams, { brandId: brand.id }, { page: page.data, defaultSort: DEFAULT_SORT })
  if (request.error !== undefined) badRequest({ message: request.error, retryHref: brand.brandPageUrl, retryLabel: 'Clear the filters' })
  const listing = await orNotFound(context.services.search.listing(request.query), retry)
  const missing = missingPageMessage(listing)
  if (missing) notFound({ message: missing, ...retry })
  return { brand, listing: listingView(listing), origin: publicOrigin(url.origin), href: `${url.pathname}${url.search}` }
}

/** The same page for everyone (app/lib/shared-pages.ts): kept by shared caches for a few seconds. */
export const headers: Route.HeadersFunction = () => sharedPageHeaders()

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: 'Brand not found | Nestlist' }, { name: 'robots', content: 'noindex' }]
  const { brand, listing, origin, href } = loaderData
  const base = `${origin}${brand.brandPageUrl}`
  const title = brand.meta.seoTitle ?? `${brand.title} | Nestlist`
  // Filtered and sorted views point search engines at the plain page.
  const filtered = /[?&](?!page=)[^=&]+=/.test(new URL(href, origin).search)
  return [
    { title: listing.page > 1 ? `${title} (page ${listing.page})` : title },
    ...(filtered ? [{ name: 'robots', content: 'noindex, follow' }] : []),
    { name: 'description', content: brand.meta.seoDescription ?? `Shop ${brand.title} baby products at Nestlist.` },
    { tagName: 'link', rel: 'canonical', href: listing.page > 1 ? `${base}?page=${listing.page}` : base },
  ]
}

export default function BrandPage({ loaderData }: Route.ComponentProps) {
  const { brand, listing, href } = loaderData
  // Spec §7 'store brand viewed': once per brand shown (not again when only the filters or page change).
  useEffect(() => {
    track({ name: 'store_brand_viewed', brandId: brand.id, brandName: brand.title })
  }, [brand.id, brand.title])
  return (
    <div className="flex flex-col gap-10">
      <RegistryDiscountBanner className="-mb-4" />
      <header className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-center sm:gap-8 sm:text-left">
        <img
          src={brand.logoUrl}
          alt={`${brand.title} logo`}
          width={BRAND_LOGO_SIZE}
          height={BRAND_LOGO_SIZE}
          className="size-[180px] shrink-0 rounded-full border border-line bg-white object-cover shadow-card"
        />
        <div className="min-w-0">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{brand.title}</h1>
          {brand.description ? <p className="mt-3 max-w-prose leading-relaxed text-muted">{brand.description}</p> : null}
        </div>
      </header>
      <section aria-labelledby="brand-products-heading">
        <ProductListing
          key={brand.id}
          result={listing}
          href={href}
          label={`${brand.title} products`}
          heading={
            <h2 id="brand-products-heading" className="text-xl font-bold">
              {brand.title} products
            </h2>
          }
        />
      </section>
      <ShopByGuides guides={brand.guides} />
      <FaqSection faqs={brand.frequentlyAskedQuestions} />
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopError error={error} />
}
