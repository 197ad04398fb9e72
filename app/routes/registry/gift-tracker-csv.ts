import { requireUser } from '~/modules/accounts/auth.server'
import { filterGifts, giftFilterOf, giftsCsv } from '~/modules/registry/gift-tracker'
import { notFound } from '../store/http-errors'
import type { Route } from './+types/gift-tracker-csv'
import { trackedRegistry } from './gift-tracker'

/**
 * /registry/gift-tracker.csv?registry={id}: the gift tracker as a spreadsheet, with the page's filters (show, kind,
 * received). Only the registry's owner and collaborators get it (404 for anyone else), and while the surprise is on
 * it holds the header alone, as the page lists nothing.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const url = new URL(request.url)
  const registry = await trackedRegistry(context, url.searchParams.get('registry') ?? undefined, user.id)
  if (!registry) notFound()
  const tracker = await context.services.giftTracker.list(registry.id, user.id)
  const csv = giftsCsv(filterGifts(tracker.gifts, giftFilterOf(url.searchParams)))
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="nestlist-gifts-${registry.slug.replace(/[^a-z0-9-]/gi, '')}.csv"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
