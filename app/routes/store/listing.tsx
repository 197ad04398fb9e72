import { publicOrigin } from '~/lib/links'
import { sharedPageHeaders } from '~/lib/shared-pages'
import { redirect } from 'react-router'
import { pageInput } from '~/modules/catalog/catalog.validation'
import { DEFAULT_SORT, type SortState } from '~/modules/catalog/ui/filters/filter-state'
import { listingView } from '~/modules/catalog/product-card.server'
import { listingQueryFrom, missingPageMessage, tidyHref } from '~/modules/catalog/ui/filters/listing-request'
import { ProductListing } from '~/modules/catalog/ui/product-listing'
import { salePreviewForFilters, salePreviews, type SalePreviewView } from '~/modules/catalog/sale-previews.server'
import { hasFilters, parseFilters } from '~/modules/catalog/ui/filters/filter-state'
import { SalePreviewRow } from '~/modules/catalog/ui/sale-preview-row'
import { BEST_MIN_RATING, BEST_MIN_REVIEWS } from '~/modules/search/search-engine'
import type { ListingQuery } from '~/modules/search/search.types'
import { ShopError, shopErrorTitle } from '~/modules/catalog/ui/shop-error'
import type { Route } from './+types/listing'
import { badRequest, notFound, orNotFound } from './http-errors'

type StoreListing = NonNullable<ListingQuery['listing']>

/** New arrivals open newest first; the others by popularity. */
const LISTING_DEFAULT_SORT: Record<StoreListing, SortState> = {
  sale: DEFAULT_SORT,
  new: { sort: 'newest', order: 'desc' },
  'fsa-hsa-eligible': DEFAULT_SORT,
  best: DEFAULT_SORT,
}

type ListingCopy = { path: string; heading: string; title: string; description: string; empty: string }

/** The fixed store listings, by path: what each page is called and says. */
export const LISTINGS: Record<StoreListing, ListingCopy> = {
  sale: {
    path: '/store/sale',
    heading: 'Sale',
    title: 'Baby Gear and Clothes on Sale | Nestlist',
    description: 'Shop baby gear, nursery furniture and clothes on sale at Nestlist. Free shipping on orders over $45.',
    empty: 'Nothing is on sale right now. Check back soon.',
  },
  new: {
    path: '/store/new',
    heading: 'New Arrivals',
    title: 'New Baby Products | Nestlist',
    description: 'The newest baby gear, toys, clothes and nursery finds at Nestlist.',
    empty: 'No new arrivals right now. Check back soon.',
  },
  'fsa-hsa-eligible': {
    path: '/store/fsa-hsa-eligible',
    heading: 'FSA/HSA Eligible',
    title: 'FSA and HSA Eligible Baby Products | Nestlist',
    description: 'Baby health, safety and feeding products you can buy with your FSA or HSA funds at Nestlist.',
    empty: 'No FSA or HSA eligible products right now.',
  },
  best: {
    path: '/best-baby-products',
    heading: 'Best Baby Products',
    title: 'The Best Baby Products, Rated by Parents | Nestlist',
    description: `The best-loved baby products at Nestlist: rated ${BEST_MIN_RATING} stars and up by parents, with at least ${BEST_MIN_REVIEWS} reviews.`,
    empty: 'No products here right now.',
  },
}

/** Which listing a path shows; the route table sends exactly these four paths here. */
export function listingForPath(pathname: string): StoreListing | null {
  const path = pathname.replace(/\/+$/, '')
  const hit = (Object.keys(LISTINGS) as StoreListing[]).find((key) => LISTINGS[key].path === path)
  return hit ?? null
}

/** /store/sale, /store/new, /store/fsa-hsa-eligible and /best-baby-products. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const listing = listingForPath(url.pathname)
  if (!listing) notFound()
  const copy = LISTINGS[listing]
  const page = pageInput.safeParse(url.searchParams.get('page'))
  if (!page.success) notFound({ message: 'Page numbers are whole numbers from 1.', retryHref: copy.path, retryLabel: 'Go to the first page' })
  const retry = { retryHref: copy.path, retryLabel: 'Go to the first page' }
  const defaultSort = LISTING_DEFAULT_SORT[listing]
  const tidy = tidyHref(url, defaultSort)
  if (tidy) throw redirect(tidy, 303)
  const request = listingQueryFrom(url.searchParams, { listing }, { page: page.data, defaultSort })
  if (request.error !== undefined) badRequest({ message: request.error, retryHref: copy.path, retryLabel: 'Clear the filters' })
  // The sale page opens with its gear and essentials rows (spec §9), on its plain first page only: a filtered
  // or later page is the shopper digging into the full listing.
  const filters = parseFilters(url.searchParams)
  const withPreviews = listing === 'sale' && page.data === 1 && !hasFilters(filters)
  // 'Shop all gear on sale' opens the sale listing with the group's categories: headed as the group.
  const group = listing === 'sale' ? salePreviewForFilters(filters) : null
  const [products, previews] = await Promise.all([
    orNotFound(context.services.search.listing(request.query), retry),
    withPreviews ? salePreviews(context.services.search, { sort: defaultSort }) : Promise.resolve<SalePreviewView[]>([]),
  ])
  const missing = missingPageMessage(products)
  if (missing) notFound({ message: missing, ...retry })
  return { listing, groupTitle: group?.title ?? null, products: listingView(products), previews, defaultSort, origin: publicOrigin(url.origin), href: `${url.pathname}${url.search}` }
}

/** The same page for everyone (app/lib/shared-pages.ts): kept by shared caches for a few seconds. */
export const headers: Route.HeadersFunction = () => sharedPageHeaders()

export const meta: Route.MetaFunction = ({ loaderData, error }) => {
  if (!loaderData) return [{ title: shopErrorTitle(error) }, { name: 'robots', content: 'noindex' }]
  const copy = LISTINGS[loaderData.listing]
  const { page } = loaderData.products
  const base = `${loaderData.origin}${copy.path}`
  // Filtered and sorted views point search engines at the plain page.
  const filtered = /[?&](?!page=)[^=&]+=/.test(new URL(loaderData.href, loaderData.origin).search)
  return [
    { title: pageTitle(loaderData.groupTitle ? `${loaderData.groupTitle} | Nestlist` : copy.title, page) },
    ...(filtered ? [{ name: 'robots', content: 'noindex, follow' }] : []),
    { name: 'description', content: copy.description },
    { tagName: 'link', rel: 'canonical', href: page > 1 ? `${base}?page=${page}` : base },
  ]
}

const pageTitle = (title: string, page: number) => (page > 1 ? `${title} (page ${page})` : title)

export default function ListingPage({ loaderData }: Route.ComponentProps) {
  const { listing, groupTitle, products, previews, defaultSort, href } = loaderData
  const copy = LISTINGS[listing]
  const heading = groupTitle ?? copy.heading
  const unfilteredEmpty = products.count === 0 && !/[?&](brands|categories|onSale|minPrice|maxPrice|available|minRating)=/.test(href)
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-extrabold tracking-tight">{heading}</h1>
      {previews.map((preview) => (
        <SalePreviewRow key={preview.slug} preview={preview} />
      ))}
      {unfilteredEmpty ? (
        <p className="max-w-[480px] text-muted">{copy.empty}</p>
      ) : (
        <ProductListing
          key={listing}
          result={products}
          href={href}
          label={`${heading} products`}
          defaultSort={defaultSort}
          heading={previews.length > 0 ? <h2 className="text-xl font-bold sm:text-2xl">Everything on sale</h2> : undefined}
        />
      )}
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopError error={error} />
}
