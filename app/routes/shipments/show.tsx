import { data, Link } from 'react-router'
import { isDomainError } from '~/lib/errors'
import { formatLongDate } from '~/lib/format'
import { requireUser } from '~/modules/accounts/auth.server'
import { ShipmentItems, ShipmentStatusBadge, ShipmentTimeline, ShipNowForm, shipmentTitle, TrackingLine } from '~/modules/shipping/ui/shipment-parts'
import { Card, Container } from '~/ui'
import type { Route } from './+types/show'

export const meta = ({ data }: Route.MetaArgs) => [{ title: data ? `Shipment ${data.shipment.id} | Nestlist` : 'Shipment | Nestlist' }, { name: 'robots', content: 'noindex' }]
export const headers = () => ({ 'Cache-Control': 'private, no-store' })

/** /shipments/{id}: one box with its status timeline, for its buyer or the family it goes to (404 for anyone else). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const id = /^\d{1,15}$/.test(params.id) ? Number(params.id) : 0
  try {
    return { shipment: await context.services.shipments.get(id, user.id) }
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_found') throw data(null, { status: 404 })
    throw error
  }
}

export default function ShipmentPage({ loaderData }: Route.ComponentProps) {
  const { shipment: s } = loaderData
  const title = shipmentTitle(s)
  return (
    <Container size="md" className="py-8 sm:py-12">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/shipments" className="font-semibold text-berry-700 underline underline-offset-2">
          Your shipments
        </Link>
      </nav>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold text-ink">{title}</h1>
        <ShipmentStatusBadge status={s.status} />
      </div>
      {s.status === 'held' && s.autoShipOn ? (
        <p className="mt-2 text-muted">
          {s.role === 'family' ? 'We are holding these gifts to send them together.' : 'Gifts for this family are held and sent together.'} They ship on {formatLongDate(s.autoShipOn)} at the latest.
        </p>
      ) : null}
      <div className="mt-6 grid gap-4 md:grid-cols-[1fr_18rem]">
        <Card className="flex flex-col gap-4 p-4 sm:p-6">
          <h2 className="text-lg font-bold text-ink">{s.role === 'family' ? 'In this box' : 'Your items in this box'}</h2>
          <ShipmentItems shipment={s} />
          <TrackingLine shipment={s} />
          {s.items.some((i) => i.orderId) ? (
            <p className="text-sm text-muted">
              From order{' '}
              {[...new Set(s.items.map((i) => i.orderId).filter(Boolean))].map((id, i) => (
                <span key={id}>
                  {i > 0 ? ', ' : ''}
                  <Link to={`/orders/${id}`} className="font-mono font-semibold text-berry-700 underline underline-offset-2">
                    {id!.slice(0, 8).toUpperCase()}
                  </Link>
                </span>
              ))}
              . Need to send something back?{' '}
              <Link to={s.registry ? '/returns' : `/returns/purchase?order=${s.items.find((i) => i.orderId)!.orderId}`} className="font-semibold text-berry-700 underline underline-offset-2">
                Start a return
              </Link>
            </p>
          ) : null}
          <ShipNowForm shipment={s} returnTo={`/shipments/${s.id}`} />
        </Card>
        <Card className="p-4 sm:p-6">
          <h2 className="mb-4 text-lg font-bold text-ink">Progress</h2>
          <ShipmentTimeline shipment={s} />
        </Card>
      </div>
    </Container>
  )
}
