import { publicOrigin } from '~/lib/links'
import type { Route } from './+types/sitemap-file'
import { STATIC_GUIDE_PATHS, STATIC_SHOP_PATHS, urlSet, xmlResponse } from './sitemap'

const notFound = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })

/** /sitemaps/pages.xml and /sitemaps/products-{n}.xml. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const name = params.file
  if (name === 'pages.xml') {
    // Registries join only when their owners chose 'public' (search level google); never private ones.
    const [index, registrySlugs] = await Promise.all([context.services.storefront.sitemapIndex(), context.services.registry.publicSlugs()])
    const registries = registrySlugs.map((slug) => `/${slug}`)
    return xmlResponse(urlSet(publicOrigin(url.origin), [...STATIC_SHOP_PATHS, ...STATIC_GUIDE_PATHS, ...index.categories, ...index.brands, ...index.guides, ...registries]))
  }
  const match = /^products-([1-9]\d{0,3})\.xml$/.exec(name)
  if (!match) return notFound()
  const paths = await context.services.storefront.sitemapProducts(Number(match[1]))
  if (paths.length === 0) return notFound()
  return xmlResponse(urlSet(publicOrigin(url.origin), paths))
}
