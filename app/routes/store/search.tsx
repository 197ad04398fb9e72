import { redirect } from 'react-router'
import { isDomainError } from '~/lib/errors'
import { firstIssue, pageInput, searchTermInput } from '~/modules/catalog/catalog.validation'
import { isShortCode } from '~/modules/catalog/product-path'
import { pageHref, Pagination } from '~/modules/catalog/ui/pagination'
import { ProductGrid } from '~/modules/catalog/ui/product-grid'
import { ShopError } from '~/modules/catalog/ui/shop-error'
import type { Route } from './+types/search'
import { badRequest, notFound, orNotFound } from './http-errors'

/** /store/search?search_term=… (unified_search=true is accepted too): products matching every word. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
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
      if (isDomainError(error) && error.code === 'not_found') return null
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

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { searchTerm, results, href } = loaderData
  const count = `${results.total.toLocaleString('en-US')} ${results.total === 1 ? 'product' : 'products'}`
  return (
    <div>
      {searchTerm ? (
        <>
          <h1 className="text-2xl font-extrabold tracking-tight break-words sm:text-3xl">
            <span className="sr-only">Search results for </span>"{searchTerm}"
          </h1>
          {results.total === 0 ? (
            <p className="mt-4 max-w-[480px] text-lg">Sorry, there are no products matching '{searchTerm.toUpperCase()}'.</p>
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
          <p className="mt-2 text-muted">Type a product or a brand into the search box to search the shop.</p>
        </>
      )}
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopError error={error} />
}
