import { redirect } from 'react-router'
import { SiteLink } from '~/lib/site-link'
import { publicOrigin } from '~/lib/links'
import { getViewer } from '~/modules/accounts/auth.server'
import { pageInput } from '~/modules/catalog/catalog.validation'
import { DEFAULT_SORT } from '~/modules/catalog/ui/filters/filter-state'
import { listingQueryFrom, missingPageMessage, tidyHref } from '~/modules/catalog/ui/filters/listing-request'
import { ProductListing } from '~/modules/catalog/ui/product-listing'
import { ShopError } from '~/modules/catalog/ui/shop-error'
import { REGISTRY_DISCOUNT, REGISTRY_DISCOUNT_SHOP_PATH } from '~/modules/config/app-config'
import { formatExpiry } from '~/modules/discount/discount'
import { discountStatus } from '~/modules/discount/discount-status'
import { registryDiscountExclusions } from '~/modules/discount/discount-listing'
import type { Route } from './+types/registry-discount'
import { badRequest, notFound, orNotFound } from './http-errors'

const PATH = REGISTRY_DISCOUNT_SHOP_PATH
const TITLE = `Shop With Your ${REGISTRY_DISCOUNT.percent}% Registry Discount | Nestlist`

/**
 * /registry-discount: the shop filtered to what the registry discount covers (the listing engine with the
 * configured exclusions), headed by the signed-in owner's own discount status.
 */
export async function loader({ request: httpRequest, url, context }: Route.LoaderArgs) {
  const page = pageInput.safeParse(url.searchParams.get('page'))
  const retry = { retryHref: PATH, retryLabel: 'Go to the first page' }
  if (!page.success) notFound({ message: 'Page numbers are whole numbers from 1.', ...retry })
  const tidy = tidyHref(url, DEFAULT_SORT)
  if (tidy) throw redirect(tidy, 303)
  const request = listingQueryFrom(url.searchParams, { exclude: registryDiscountExclusions() }, { page: page.data, defaultSort: DEFAULT_SORT })
  if (request.error !== undefined) badRequest({ message: request.error, retryHref: PATH, retryLabel: 'Clear the filters' })
  const viewer = await getViewer(httpRequest, context)
  const [products, current, brands] = await Promise.all([
    orNotFound(context.services.search.listing(request.query), retry),
    viewer ? context.services.discount.currentFor(viewer.user.id) : null,
    context.services.search.brands(undefined),
  ])
  const missing = missingPageMessage(products)
  if (missing) notFound({ message: missing, ...retry })
  const excludedBrands = brands.filter((b) => REGISTRY_DISCOUNT.excludedBrandSlugs.includes(b.slug)).map((b) => b.name)
  return {
    products,
    signedIn: viewer !== null,
    discount: current?.discount ?? null,
    hasRegistry: current !== null,
    excludedBrands,
    origin: publicOrigin(url.origin),
    href: `${url.pathname}${url.search}`,
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: TITLE },
  { name: 'description', content: `Everything in the Nestlist shop that your ${REGISTRY_DISCOUNT.percent}% registry discount covers.` },
  // Personal status at the top, and a view of the store that search engines already have.
  { name: 'robots', content: 'noindex, follow' },
  ...(loaderData ? [{ tagName: 'link', rel: 'canonical', href: `${loaderData.origin}${PATH}` }] : []),
]

function StatusPanel({ discount, signedIn, hasRegistry }: Pick<Route.ComponentProps['loaderData'], 'discount' | 'signedIn' | 'hasRegistry'>) {
  const pct = `${REGISTRY_DISCOUNT.percent}%`
  const link = 'font-semibold text-berry-700 underline underline-offset-2 hover:text-berry-800'
  if (discount) {
    const s = discountStatus(discount)
    return (
      <div className="flex flex-col gap-2">
        <p className="text-lg font-bold">{discount.isEligible ? 'Your registry discount is ready to use.' : 'Your registry discount is not ready yet.'}</p>
        <ul className="flex flex-col gap-1">
          {s.lines.map((parts) => (
            <li key={parts.join(' ')}>{parts.join(' ')}</li>
          ))}
        </ul>
        {discount.reason === 'registry_too_new' ? <p>It starts once your registry has been active for {discount.eligibilityRegistryCreationMinDays} days.</p> : null}
        {discount.reason === 'not_started' ? <p>It starts {discount.eligibilityPreArrivalDays} days before your arrival date.</p> : null}
        {discount.reason === 'expired' ? <p>Your registry discount ended on {discount.eligibilityEndsAt ? formatExpiry(discount.eligibilityEndsAt) : 'its expiry date'}.</p> : null}
        {discount.reason === 'arrival_date_unknown' ? (
          <p>
            Add your baby's arrival date in{' '}
            <SiteLink to="/settings/registry" className={link}>
              your registry settings
            </SiteLink>{' '}
            to see when your discount starts.
          </p>
        ) : null}
        {discount.isEligible && discount.eligibilityEndsAt ? <p className="font-semibold">Use it by {formatExpiry(discount.eligibilityEndsAt)}.</p> : null}
      </div>
    )
  }
  if (hasRegistry) return <p>The {pct} registry discount is for baby registries. Everything below is what it covers.</p>
  return (
    <p>
      Baby registries get {pct} off these items, from {REGISTRY_DISCOUNT.preArrivalDays} days before the due date once the registry has been active for{' '}
      {REGISTRY_DISCOUNT.registryCreationMinDays} days.{' '}
      {signedIn ? (
        <SiteLink to="/registry/new" className={link}>
          Start a baby registry
        </SiteLink>
      ) : (
        <SiteLink to={`/login?redirect_path=${encodeURIComponent(PATH)}`} className={link}>
          Sign in to see your discount
        </SiteLink>
      )}
    </p>
  )
}

export default function RegistryDiscountPage({ loaderData }: Route.ComponentProps) {
  const { products, discount, signedIn, hasRegistry, excludedBrands, href } = loaderData
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-4">
        <h1 className="text-3xl font-extrabold tracking-tight">Shop with your {REGISTRY_DISCOUNT.percent}% registry discount</h1>
        <section aria-label="Your registry discount" className="rounded-card bg-berry-50 p-4 text-ink ring-1 ring-berry-100 sm:p-5">
          <StatusPanel discount={discount} signedIn={signedIn} hasRegistry={hasRegistry} />
          <p className="mt-3 text-sm text-muted">
            *Product exclusions apply and are subject to change. Not included: gift cards, shipping and handling, diapers and wipes
            {excludedBrands.length ? `, and ${excludedBrands.join(' and ')} products` : ''}. Not combinable with other offers; not redeemable for cash.
          </p>
        </section>
      </header>
      <ProductListing result={products} href={href} label="Products the registry discount covers" defaultSort={DEFAULT_SORT} />
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopError error={error} />
}
