import { data, Link } from 'react-router'
import { isDomainError } from '~/lib/errors'
import { formatLongDate } from '~/lib/format'
import { formatCents } from '~/lib/money'
import { requireStaff } from '~/modules/accounts/auth.server'
import { returnReasonLabel } from '~/modules/shipping/shipping.validation'
import { ShipmentStatusBadge } from '~/modules/shipping/ui/shipment-parts'
import { StaffShipmentActions } from '~/modules/shipping/ui/staff-shipment-actions'
import { Alert, Badge, Card, PageHeader } from '~/ui'
import { staffShipmentAction, type StaffShipmentResult } from './shipment-actions.server'
import type { Route } from './+types/order'

export const meta = ({ params }: Route.MetaArgs) => [{ title: `Order ${params.id.slice(0, 8).toUpperCase()} | Nestlist staff` }, { name: 'robots', content: 'noindex' }]
// The order carries the shipping address: no shared cache may keep this page.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

/** /bl_admin/orders/{id}: staff's view of one order with its shipments (mark shipped / delivered) and returns. Everyone else gets the 404 page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff(request, context)
  try {
    return { order: await context.services.shipments.staffOrder(params.id) }
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_found') throw data(null, { status: 404 })
    throw error
  }
}

export const action = ({ request, context }: Route.ActionArgs) => staffShipmentAction(request, context)

const optionWords = (o: { size?: string; color?: string }) => [o.size, o.color].filter(Boolean).join(', ')

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order: o } = loaderData
  const result = actionData as StaffShipmentResult | undefined
  const a = o.shippingAddress
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <PageHeader
        eyebrow={
          <Link to="/admin/shipments" className="underline underline-offset-2">
            Staff: shipments
          </Link>
        }
        title={`Order ${o.id}`}
      >
        {formatLongDate(o.createdAt)}&nbsp;· {o.buyerName} ({o.email})&nbsp;· <Badge variant={o.status === 'paid' ? 'success' : 'info'}>{o.status}</Badge>
      </PageHeader>
      {result?.ok ? (
        <Alert tone="success" key={result.message}>
          {result.message}
        </Alert>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <Card className="p-4 sm:p-5">
          <h2 className="text-lg font-bold text-ink">{o.registry ? `Ships to the registry of ${o.registry.familyName}` : 'Ships to'}</h2>
          <address className="mt-2 text-sm text-ink not-italic">
            {a.name}
            <br />
            {a.line1}
            {a.line2 ? `, ${a.line2}` : ''}
            <br />
            {a.city}, {a.state} {a.zip}
          </address>
          {o.addressChanges.length > 0 ? (
            <div className="mt-3 border-t border-line pt-3 text-sm">
              <p className="font-semibold text-ink">
                <Badge variant="info">Address changed</Badge> by the buyer {o.addressChanges.length === 1 ? 'once' : `${o.addressChanges.length} times`}; ship to the address above.
              </p>
              <ul className="mt-2 flex flex-col gap-1 text-muted">
                {o.addressChanges.map((c) => (
                  <li key={c.createdAt}>
                    {formatLongDate(c.createdAt)} ({c.source === 'api' ? 'app' : 'order page'}): was {[c.previousAddress.line1, c.previousAddress.line2, `${c.previousAddress.city}, ${c.previousAddress.state} ${c.previousAddress.zip}`].filter(Boolean).join(', ')}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </Card>
        <Card className="p-4 sm:p-5">
          <h2 className="text-lg font-bold text-ink">Totals</h2>
          <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted">Subtotal</dt>
            <dd className="text-right">{formatCents(o.totals.subtotalCents)}</dd>
            {o.totals.discountCents > 0 ? (
              <>
                <dt className="text-muted">Discount</dt>
                <dd className="text-right">−{formatCents(o.totals.discountCents)}</dd>
              </>
            ) : null}
            <dt className="text-muted">Shipping</dt>
            <dd className="text-right">{formatCents(o.totals.shippingCents)}</dd>
            <dt className="text-muted">Tax</dt>
            <dd className="text-right">{formatCents(o.totals.taxCents)}</dd>
            <dt className="font-bold">Total</dt>
            <dd className="text-right font-bold">{formatCents(o.totals.totalCents)}</dd>
          </dl>
        </Card>
      </div>
      <section aria-labelledby="lines" className="flex flex-col gap-3">
        <h2 id="lines" className="text-xl font-bold text-ink">
          Items
        </h2>
        <Card className="p-0">
          <ul className="divide-y divide-line">
            {o.lines.map((l) => (
              <li key={l.id} className="flex flex-wrap justify-between gap-2 p-4 text-sm">
                <span className="font-semibold text-ink">
                  {l.quantity} × {l.title}
                  {optionWords(l.options) ? <span className="font-normal text-muted"> ({optionWords(l.options)})</span> : null}
                </span>
                <span className="text-muted">
                  {formatCents(l.lineTotalCents)}
                  {l.discountCents ? ` (−${formatCents(l.discountCents)})` : ''}&nbsp;· shipment {l.shipmentId ?? '—'}
                  {l.returned ? `\u00a0· ${l.returned} returned` : ''}
                </span>
              </li>
            ))}
          </ul>
        </Card>
      </section>
      <section aria-labelledby="boxes" className="flex flex-col gap-3">
        <h2 id="boxes" className="text-xl font-bold text-ink">
          Shipments
        </h2>
        {o.shipments.map((s) => (
          <Card key={s.id} className="flex flex-col gap-3 p-4 sm:p-5">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <h3 className="font-semibold text-ink">
                  Shipment {s.id}&nbsp;· warehouse {s.warehouseId}
                  {s.consolidated ? '\u00a0· consolidated registry gifts' : ''}
                </h3>
                <p className="text-sm text-muted">
                  {s.trackingNumber ? `${s.carrier} ${s.trackingNumber}` : 'No tracking yet'}
                  {s.shippedAt ? `\u00a0· shipped ${formatLongDate(s.shippedAt)}` : ''}
                  {s.deliveredAt ? `\u00a0· delivered ${formatLongDate(s.deliveredAt)}` : ''}
                  {s.status === 'held' && s.autoShipOn ? `\u00a0· ships by itself on ${formatLongDate(s.autoShipOn)}` : ''}
                </p>
              </div>
              <ShipmentStatusBadge status={s.status} />
            </div>
            <StaffShipmentActions shipment={s} result={result} />
          </Card>
        ))}
      </section>
      <section aria-labelledby="returns" className="flex flex-col gap-3">
        <h2 id="returns" className="text-xl font-bold text-ink">
          Returns
        </h2>
        {o.returns.length === 0 ? (
          <p className="text-muted">No returns.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {o.returns.map((r) => (
              <li key={r.id} className="text-sm text-ink">
                {formatLongDate(r.createdAt)}&nbsp;· {returnReasonLabel(r.reason)}&nbsp;· {formatCents(r.refundCents)}&nbsp;· {r.status}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
