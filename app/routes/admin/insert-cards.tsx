import { data, Form, Link, useNavigation } from 'react-router'
import { httpStatusOf, isDomainError } from '~/lib/errors'
import { requireStaff } from '~/modules/accounts/auth.server'
import { insertCardStatuses, insertCardStatusLabels, type InsertCardStatus } from '~/modules/insert-cards/insert-cards.validation'
import { Alert, Badge, Button, Card, cx, PageHeader } from '~/ui'
import type { Route } from './+types/insert-cards'

export const meta = () => [{ title: 'Insert card orders | Nestlist staff' }, { name: 'robots', content: 'noindex' }]

// Orders carry shipping addresses: no shared cache may keep this page.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' })
const statusOf = (raw: string | null) => insertCardStatuses.find((s) => s === raw)
const nextStep: Record<InsertCardStatus, { to: InsertCardStatus; label: string } | null> = {
  ordered: { to: 'printed', label: 'Mark printed' },
  printed: { to: 'shipped', label: 'Mark shipped' },
  shipped: null,
}

/** /admin/insert-cards: staff see insert card orders (newest first, by status) and move them along. Everyone else gets the 404 page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context)
  const status = statusOf(new URL(request.url).searchParams.get('status'))
  return { status: status ?? null, orders: await context.services.insertCards.staffList({ status }) }
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request, context)
  const form = await request.formData()
  const id = Number(String(form.get('id') ?? ''))
  const from = statusOf(String(form.get('from') ?? ''))
  if (!from) return data({ ok: false as const, message: 'That action is not available.' }, { status: 400 })
  try {
    const order = await context.services.insertCards.advance(id, from)
    return { ok: true as const, message: `Order ${order.id} is now ${insertCardStatusLabels[order.status].toLowerCase()}.` }
  } catch (error) {
    if (isDomainError(error)) return data({ ok: false as const, message: error.message }, { status: httpStatusOf(error.code) })
    throw error
  }
}

export default function AdminInsertCards({ loaderData, actionData }: Route.ComponentProps) {
  const { status, orders } = loaderData
  const navigation = useNavigation()
  const filters: { label: string; href: string; current: boolean }[] = [
    { label: 'All', href: '/admin/insert-cards', current: status === null },
    ...insertCardStatuses.map((s) => ({ label: insertCardStatusLabels[s], href: `/admin/insert-cards?status=${s}`, current: status === s })),
  ]
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <PageHeader eyebrow="Staff" title="Insert card orders">
        Newest first. Print each order, then mark it shipped; the family sees each step on their insert cards page.
      </PageHeader>
      {actionData ? (
        <Alert tone={actionData.ok ? 'success' : 'error'} key={actionData.message}>
          {actionData.message}
        </Alert>
      ) : null}
      <nav aria-label="Filter by status">
        <ul className="flex flex-wrap gap-2">
          {filters.map((f) => (
            <li key={f.label}>
              <Link
                to={f.href}
                aria-current={f.current ? 'page' : undefined}
                className={cx(
                  'flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold',
                  f.current ? 'border-berry-700 bg-berry-700 text-white' : 'border-line-strong bg-white text-ink hover:bg-berry-50',
                )}
              >
                {f.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {orders.length === 0 ? (
        <p className="text-base text-muted">No orders{status ? ` with status ${insertCardStatusLabels[status].toLowerCase()}` : ''}.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {orders.map((o) => {
            const next = nextStep[o.status]
            return (
              <li key={o.id}>
                <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5">
                  <div className="min-w-0">
                    <p className="font-semibold text-ink">
                      Order {o.id}: {o.quantity} cards for {o.card.familyName}
                    </p>
                    <p className="text-sm break-words text-muted">
                      {o.card.title}&nbsp;· <span className="break-all">{o.card.url}</span>
                    </p>
                    <p className="mt-1 text-sm text-muted">Ordered {dateFormat.format(new Date(o.createdAt))}</p>
                    <address className="mt-2 text-sm text-ink not-italic">
                      {o.shipTo.name}, {o.shipTo.line1}
                      {o.shipTo.line2 ? `, ${o.shipTo.line2}` : ''}, {o.shipTo.city}, {o.shipTo.state} {o.shipTo.zip}
                    </address>
                  </div>
                  <div className="flex shrink-0 flex-col items-start gap-2 sm:items-end">
                    <Badge variant={o.status === 'shipped' ? 'success' : 'info'}>{insertCardStatusLabels[o.status]}</Badge>
                    {next ? (
                      <Form method="post">
                        <input type="hidden" name="id" value={o.id} />
                        <input type="hidden" name="from" value={o.status} />
                        <Button
                          type="submit"
                          size="sm"
                          variant="secondary"
                          pending={navigation.state !== 'idle' && navigation.formData?.get('id') === String(o.id)}
                          pendingLabel="Saving…"
                          aria-label={`${next.label}: order ${o.id}`}
                        >
                          {next.label}
                        </Button>
                      </Form>
                    ) : null}
                  </div>
                </Card>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
