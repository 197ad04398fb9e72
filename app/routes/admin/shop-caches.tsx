import { data, Form, useNavigation } from 'react-router'
import { StaffPageHeader } from '~/components/staff-page'
import { formatCount, formatLongDate } from '~/lib/format'
import { requireStaff } from '~/modules/accounts/auth.server'
import type { CacheFigures } from '~/modules/search/shop-caches.server'
import { Button, Card } from '~/ui'
import type { Route } from './+types/shop-caches'

export const meta = () => [{ title: 'Shop caches | Nestlist staff' }, { name: 'robots', content: 'noindex' }]
export const headers: Route.HeadersFunction = () => ({
  'Cache-Control': 'private, no-store',
})

const t = {
  title: 'Shop caches',
  intro:
    'Shoppers get copies of shop content so pages open fast. Product, price, brand and category changes show at once. Guides, reviews, FAQs and stock counts can take up to 20 seconds, and the menu up to 10. After such an edit, refresh to show it on the next page load.',
  refresh: 'Refresh shop caches now',
  refreshing: 'Refreshing…',
  refreshed: (products: number, ms: number) =>
    products > 0 ? `Shop caches refreshed: ${formatCount(products)} products reloaded in ${formatCount(ms)} ms.` : 'Shop caches refreshed. Listings are read from the database directly.',
  index: 'Product listings and search',
  indexReady: (n: number) => `${formatCount(n)} products in memory`,
  indexSql: 'Read from the database directly (the in-memory index is not loaded)',
  following: 'Following database changes',
  notFollowing: 'Not following database changes right now',
  loadedAt: (at: string) => `Loaded ${at}`,
  pages: 'Pages for visitors who are not signed in',
  pagesOff: 'Off on this server',
  reads: 'Shared product and category reads',
  figures: (f: CacheFigures) => `${formatCount(f.entries)} kept${f.bytes === undefined ? '' : ` (${formatBytes(f.bytes)})`}; ${formatCount(f.hits)} served from a copy, ${formatCount(f.misses)} read afresh`,
  last: 'Last refresh by staff',
  never: 'Not refreshed by staff since the server started.',
  lastAt: (at: string, ms: number) => `${at}, took ${formatCount(ms)} ms`,
}

function formatBytes(bytes: number) {
  return bytes < 1024 * 1024 ? `${formatCount(Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** 'November 28, 2026 at 00:58:12 UTC'. */
function formatMoment(iso: string) {
  return `${formatLongDate(iso)} at ${iso.slice(11, 19)} UTC`
}

/** /admin/shop-caches: staff see the shop's copies and drop them after an edit. Everyone else gets the 404 page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context)
  return context.services.shopCaches.status()
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context)
  const refresh = await context.services.shopCaches.refresh(staff.user.id)
  return data({ ok: true as const, message: t.refreshed(refresh.products, refresh.ms) })
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1 border-t border-line py-3 first:border-t-0 first:pt-0 sm:flex-row sm:gap-4">
      <dt className="font-semibold sm:w-72 sm:shrink-0">{label}</dt>
      <dd className="text-muted">{children}</dd>
    </div>
  )
}

export default function AdminShopCaches({ loaderData, actionData }: Route.ComponentProps) {
  const { index, pages, reads, lastRefresh } = loaderData
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formAction === '/admin/shop-caches'
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <StaffPageHeader title={t.title} success={actionData?.ok ? actionData.message : null}>
        {t.intro}
      </StaffPageHeader>
      <Form method="post">
        <Button type="submit" pending={busy} pendingLabel={t.refreshing}>
          {t.refresh}
        </Button>
      </Form>
      <Card as="section" aria-labelledby="caches-title" className="p-4 sm:p-5">
        <h2 id="caches-title" className="sr-only">
          What is kept now
        </h2>
        <dl className="flex flex-col text-sm">
          <Row label={t.index}>
            <span className="block">{index.ready ? t.indexReady(index.products) : t.indexSql}</span>
            {index.ready ? <span className="block">{index.listening ? t.following : t.notFollowing}</span> : null}
            {index.loadedAt ? <span className="block">{t.loadedAt(formatMoment(index.loadedAt))}</span> : null}
          </Row>
          <Row label={t.pages}>{pages ? t.figures(pages) : t.pagesOff}</Row>
          <Row label={t.reads}>{t.figures(reads)}</Row>
          <Row label={t.last}>{lastRefresh ? t.lastAt(formatMoment(lastRefresh.refreshedAt), lastRefresh.ms) : t.never}</Row>
        </dl>
      </Card>
    </div>
  )
}
