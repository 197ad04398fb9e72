import { redirect, useRouteLoaderData } from 'react-router'
import type { CategoryNavItem } from '~/modules/catalog/catalog.service.server'
import { firstIssue, pageInput, searchTermInput } from '~/modules/catalog/catalog.validation'
import { categoryPath, isShortCode } from '~/modules/catalog/product-path'
import { CategoryNav } from '~/modules/catalog/ui/category-nav'
import { pageHref, Pagination } from '~/modules/catalog/ui/pagination'
import { ProductGrid } from '~/modules/catalog/ui/product-grid'
import { ShopError } from '~/modules/catalog/ui/shop-error'
import type { loader as rootLoader } from '~/root'
import type { Route } from './+types/search'
import { badRequest, domainErrorCode, notFound, orNotFound } from './http-errors'

/** /store/search?search_term=… (unified_search=true is accepted too): products matching every word. */
export async function loader({ url, context }: Route.LoaderArgs) {
  // `url`, not request.url: with v8_passThroughRequests the request of a client navigation ends in .data.
  const term = searchTermInput.safeParse(url.searchParams.get('search_term') ?? '')
  if (!term.success) {
    badRequest({ message: `${firstIssue(term.error)} Try a shorter search.`, retryHref: '/store/search', retryLabel: 'Start a new search' })
  }
  const searchTerm = term.data
  const page = pageInput.safeParse(url.searchParams.get('page'))
  if (!page.success) notFound({ message: 'Page numbers are whole numbers from 1.', retryHref: pageHref(url, 1), retryLabel: 'Go to the first page' })

  // Without JavaScript the search box submits here; a short code still leads to its product.
  if (isShortCode(searchTerm) && page.data === 1) {
    const found = await context.services.catalog.productByShortCode(searchTerm).catch((error: unknown) => {
      if (domainErrorCode(error) === 'not_found') return null
      throw error
    })
    if (found) throw redirect(found.path, 302)
  }

  const results = await orNotFound(context.services.catalog.searchProducts({ searchTerm, page: page.data }), {
    retryHref: pageHref(url, 1),
    retryLabel: 'Go to the first page',
  })
  return { searchTerm, results, href: `${url.pathname}${url.search}` }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.searchTerm || 'Search' },
  { name: 'robots', content: 'noindex' },
]

/** The left navigation's categories, from the store navbar the root loader already read. */
function useCategoryNav(): CategoryNavItem[] {
  const root = useRouteLoaderData<typeof rootLoader>('root')
  return (root?.navbar ?? []).map((top) => ({
    title: top.title,
    urlSlug: top.urlSlug,
    path: categoryPath(top.urlSlug),
    children: top.children.map((child) => ({ title: child.title, urlSlug: child.urlSlug, path: categoryPath(child.urlSlug), children: [] })),
  }))
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { searchTerm, results, href } = loaderData
  const nav = useCategoryNav()
  const count = `${results.total.toLocaleString('en-US')} ${results.total === 1 ? 'product' : 'products'}`
  return (
    <div className="grid gap-6 sm:grid-cols-12 sm:gap-8">
      <div className="flex min-w-0 flex-col sm:order-2 sm:col-span-9">
        {searchTerm ? (
          <>
            <h1 className="text-2xl font-extrabold tracking-tight break-words sm:text-3xl">
              <span className="sr-only">Search results for </span>"{searchTerm}"
            </h1>
            {results.total === 0 ? (
              <div className="mt-4 max-w-[480px]">
                <p className="text-lg">Sorry, there are no products matching '{searchTerm.toUpperCase()}'.</p>
                <p className="mt-3 text-muted">Check the spelling, try fewer or more general words, or browse the categories.</p>
              </div>
            ) : (
              <>
                <p className="mt-1 text-muted">{count}</p>
                <div className="mt-6">
                  <ProductGrid products={results.items} label={`Products matching ${searchTerm}`} />
                </div>
                <Pagination className="mt-10" page={results.page} pageCount={results.pageCount} hrefFor={(p) => pageHref(href, p)} />
              </>
            )}
          </>
        ) : (
          <>
            <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Search</h1>
            <p className="mt-2 text-muted">Type a product or a brand into the search box to search the shop, or browse the categories.</p>
          </>
        )}
      </div>
      <aside className="sm:order-1 sm:col-span-3">
        <CategoryNav items={nav} activeSlugSet={[]} />
      </aside>
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopError error={error} />
}
