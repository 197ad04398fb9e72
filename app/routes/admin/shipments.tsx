import { Link } from 'react-router'
import { formatLongDate } from '~/lib/format'
import { requireStaff } from '~/modules/accounts/auth.server'
import { shipmentStatuses, shipmentStatusLabels, type ShipmentStatus } from '~/modules/shipping/shipping.validation'
import { ShipmentStatusBadge } from '~/modules/shipping/ui/shipment-parts'
import { StaffShipmentActions } from '~/modules/shipping/ui/staff-shipment-actions'
import { Card, cx, TextLink } from '~/ui'
import { staffShipmentAction, type StaffShipmentResult } from './shipment-actions.server'
import { StaffPageHeader, StaffSearchForm } from '~/components/staff-page'
import type { Route } from './+types/shipments'

export const meta = () => [{ title: 'Shipments | Nestlist staff' }, { name: 'robots', content: 'noindex' }]
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

const statusOf = (raw: string | null) => shipmentStatuses.find((s) => s === raw)

/** /admin/shipments: staff see shipments (newest first, by status or order id) and move them along. Everyone else gets the 404 page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context)
  const url = new URL(request.url)
  const status = statusOf(url.searchParams.get('status'))
  const order = (url.searchParams.get('order') ?? '').trim()
  const shipments = await context.services.shipments.staffList({ status, orderId: order || undefined })
  return { status: status ?? null, order, shipments }
}

export const action = ({ request, context }: Route.ActionArgs) => staffShipmentAction(request, context)

export default function AdminShipments({ loaderData, actionData }: Route.ComponentProps) {
  const { status, order, shipments } = loaderData
  const result = actionData as StaffShipmentResult | undefined
  const q = (s: ShipmentStatus | null, withOrder = true) => {
    const p = new URLSearchParams()
    if (s) p.set('status', s)
    if (order && withOrder) p.set('order', order)
    const qs = p.toString()
    return qs ? `/admin/shipments?${qs}` : '/admin/shipments'
  }
  const filters = [{ label: 'All', value: null as ShipmentStatus | null }, ...shipmentStatuses.map((s) => ({ label: shipmentStatusLabels[s], value: s as ShipmentStatus | null }))]
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <StaffPageHeader title="Shipments" success={result?.ok ? result.message : null}>
        Newest first. Mark a box shipped with its tracking number (the buyer, or the family and givers, are emailed), then delivered. Held registry gifts wait for the family or their arrival date.
      </StaffPageHeader>
      <StaffSearchForm
        label="Shipments by order"
        name="order"
        field="Order id"
        hint="The full order id, as in the confirmation email."
        value={order}
        submitLabel="Find shipments"
        clear={{ to: q(status, false), label: 'Clear search' }}
        hidden={{ status }}
      />
      <nav aria-label="Filter by status">
        <ul className="flex flex-wrap gap-2">
          {filters.map((f) => (
            <li key={f.label}>
              <Link
                to={q(f.value)}
                aria-current={status === f.value ? 'page' : undefined}
                className={cx(
                  'flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold',
                  status === f.value ? 'border-berry-700 bg-berry-700 text-white' : 'border-line-strong bg-white text-ink hover:bg-berry-50',
                )}
              >
                {f.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {shipments.length === 0 ? (
        <p className="text-base text-muted">
          No shipments{status ? ` with status ${shipmentStatusLabels[status].toLowerCase()}` : ''}
          {order ? ' for that order id' : ''}.
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {shipments.map((s) => (
            <li key={s.id}>
              <Card className="flex flex-col gap-3 p-4 sm:p-5">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h2 className="font-semibold text-ink">
                      Shipment {s.id}&nbsp;· warehouse {s.warehouseId}&nbsp;· {s.itemCount} {s.itemCount === 1 ? 'item' : 'items'}
                    </h2>
                    <p className="text-sm text-muted">
                      {s.registry ? `Registry gifts for ${s.registry.familyName}` : 'Shopper order'}&nbsp;· created {formatLongDate(s.createdAt)}
                      {s.trackingNumber ? `\u00a0· ${s.carrier} ${s.trackingNumber}` : ''}
                    </p>
                    <p className="text-sm break-all text-muted">
                      {s.orderIds.length === 1 ? 'Order ' : 'Orders '}
                      {s.orderIds.map((id, i) => (
                        <span key={id}>
                          {i > 0 ? ', ' : ''}
                          <TextLink to={`/bl_admin/orders/${id}`} className="font-mono">
                            {id}
                          </TextLink>
                        </span>
                      ))}
                    </p>
                  </div>
                  <ShipmentStatusBadge status={s.status} />
                </div>
                <StaffShipmentActions shipment={s} result={result} />
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
