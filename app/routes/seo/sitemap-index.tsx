import { publicOrigin } from '~/lib/links'
import type { Route } from './+types/sitemap-index'
import { sitemapFiles, sitemapIndex, xmlResponse } from './sitemap'

/** /sitemap.xml: the sitemap index. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { productFiles } = await context.services.storefront.sitemapIndex()
  return xmlResponse(sitemapIndex(publicOrigin(url.origin), sitemapFiles(productFiles)))
}
