import { redirect } from 'react-router'
import { ShopError } from '~/modules/catalog/ui/shop-error'
import type { Route } from './+types/short-code'
import { orNotFound } from './http-errors'

/** /store/code/{code}: a short code (a letter and three digits, any case) leads to its product page. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await orNotFound(context.services.catalog.productByShortCode(params.code))
  throw redirect(found.path, 302)
}

export const meta: Route.MetaFunction = () => [{ title: 'Product not found | Nestlist' }, { name: 'robots', content: 'noindex' }]

// Never rendered: the loader always redirects or answers 404. A component keeps this a page route,
// so the 404 is the site's HTML page rather than an empty response.
export default function ShortCode() {
  return null
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopError error={error} />
}
