import { redirect } from 'react-router'
import { categorySlugInput } from '~/modules/catalog/catalog.validation'
import { ShopError } from '~/modules/catalog/ui/shop-error'
import type { Route } from './+types/catalog-redirects'
import { notFound } from './http-errors'

/**
 * Where an old /catalog address now lives, built only from parsed values (never the raw path), so no
 * input can send a shopper off the site. Null when there is no equivalent.
 */
export function catalogTarget(pathname: string, searchParams: URLSearchParams): string | null {
  const segments = pathname.split('/').filter(Boolean)
  if (segments[0] !== 'catalog') return null
  const rest = segments.slice(1)
  if (rest.length === 0) return '/store'
  if (rest.length === 1 && rest[0] === 'search') {
    const term = searchParams.get('search_term')
    return term === null ? '/store/search' : `/store/search?${new URLSearchParams({ search_term: term }).toString()}`
  }
  // /catalog/{category} (any depth): the category is the last segment, as on the store.
  const slug = categorySlugInput.safeParse(decodeURIComponentSafe(rest.at(-1) ?? ''))
  return slug.success ? `/store/${slug.data}` : null
}

function decodeURIComponentSafe(value: string) {
  try {
    return decodeURIComponent(value)
  } catch {
    return ''
  }
}

/** /catalog, /catalog/{category} and /catalog/search?search_term=: permanent redirects to the store. */
export function loader({ url }: Route.LoaderArgs) {
  const target = catalogTarget(url.pathname, url.searchParams)
  if (!target) notFound()
  throw redirect(target, 301)
}

export const meta: Route.MetaFunction = () => [{ title: 'Page not found | Nestlist' }, { name: 'robots', content: 'noindex' }]

// Never rendered: the loader always redirects or answers 404.
export default function CatalogRedirect() {
  return null
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopError error={error} />
}
