import { publicOrigin } from '~/lib/links'
import type { Route } from './+types/robots'

/** robots.txt: everything may be crawled except search results and the APIs; the sitemap index is named. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Disallow: /store/search', 'Disallow: /catalog/search', 'Disallow: /api/', 'Disallow: /store/api/', 'Allow: /', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n')
}

export function loader({ url }: Route.LoaderArgs) {
  return new Response(robotsTxt(publicOrigin(url.origin)), { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } })
}
