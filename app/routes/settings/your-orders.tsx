import { Link } from 'react-router'
import { formatCents } from '~/lib/money'
import { requireUser } from '~/modules/accounts/auth.server'
import { SettingsPageHeader } from '~/modules/accounts/ui/settings-page'
import { checkoutStrings as t } from '~/modules/orders/checkout.strings'
import { Badge, Card, LinkButton } from '~/ui'
import type { Route } from './+types/your-orders'

export const meta = () => [{ title: 'Your orders | Nestlist' }, { name: 'robots', content: 'noindex' }]

const PER_PAGE = 10

/** /settings/your-orders: the signed-in shopper's orders, newest first, ten a page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const page = Number(new URL(request.url).searchParams.get('page') ?? '1')
  const list = await context.services.orders.listForBuyer(user.id, { page: Number.isSafeInteger(page) && page > 0 ? page : 1, perPage: PER_PAGE })
  return { orders: list.orders, page: list.page, pages: Math.max(1, Math.ceil(list.total / list.perPage)) }
}

const dateFmt = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

export default function YourOrders({ loaderData }: Route.ComponentProps) {
  const { orders, page, pages } = loaderData
  return (
    <>
      <SettingsPageHeader title={t.ordersTitle} intro={t.ordersIntro} />
      {orders.length === 0 ? (
        <Card className="flex flex-col items-start gap-4 p-6">
          <p>{t.ordersEmpty}</p>
          <LinkButton to="/store">{t.shopLink}</LinkButton>
        </Card>
      ) : (
        <ul className="flex flex-col gap-4">
          {orders.map((o) => (
            <li key={o.id}>
              <Card className="flex flex-col gap-2 p-5 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <h2 className="text-lg font-bold">
                    <Link to={`/orders/${o.id}`} className="underline-offset-2 hover:underline">
                      {t.orderNumber(o.id)}
                    </Link>
                  </h2>
                  <p className="text-sm text-muted">
                    {`${dateFmt.format(new Date(o.createdAt))}\u00a0· ${t.itemsCount(o.itemCount)}\u00a0· ${formatCents(o.totalCents)}`}
                  </p>
                </div>
                <div className="flex shrink-0 items-center gap-2">
                  {o.registryId !== null ? <Badge variant="info">{t.giftOrder}</Badge> : null}
                  <Badge variant={o.status === 'paid' ? 'success' : 'neutral'}>{t.orderStatus[o.status]}</Badge>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav aria-label="Order pages" className="mt-6 flex flex-wrap items-center gap-3">
          {page > 1 ? (
            <LinkButton to={`?page=${page - 1}`} variant="secondary" size="sm">
              {t.previous}
            </LinkButton>
          ) : null}
          <span className="text-sm text-muted">{t.pageOf(page, pages)}</span>
          {page < pages ? (
            <LinkButton to={`?page=${page + 1}`} variant="secondary" size="sm">
              {t.next}
            </LinkButton>
          ) : null}
        </nav>
      ) : null}
    </>
  )
}
