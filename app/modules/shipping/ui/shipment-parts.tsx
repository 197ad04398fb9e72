// Pieces of the shipment pages: status badge, status timeline, items in a box, and the 'Ship now' form.
import { Form, Link, useNavigation } from 'react-router'
import { formatLongDate } from '~/lib/format'
import { Badge, type BadgeVariant, Button, Card, Icon, cx } from '~/ui'
import type { ShipmentView } from '../shipments.service.server'
import { shipmentStatusLabels, type ShipmentStatus } from '../shipping.validation'

const badgeFor: Record<ShipmentStatus, BadgeVariant> = { held: 'soon', processing: 'info', shipped: 'primary', delivered: 'success', cancelled: 'neutral' }

export function ShipmentStatusBadge({ status }: { status: ShipmentStatus }) {
  return <Badge variant={badgeFor[status]}>{shipmentStatusLabels[status]}</Badge>
}

const optionWords = (o: { size?: string; color?: string }) => [o.size, o.color].filter(Boolean).join(', ')

/** The items in a box: titles, options, quantities and (for the family) who gave them. Never prices. */
export function ShipmentItems({ shipment }: { shipment: ShipmentView }) {
  if (shipment.surpriseActive) {
    return (
      <p className="text-sm text-muted">
        {shipment.itemCount} {shipment.itemCount === 1 ? 'gift' : 'gifts'}. You are keeping it a surprise, so we do not show what they are or who sent them.
      </p>
    )
  }
  return (
    <ul className="flex flex-col gap-1.5">
      {shipment.items.map((item, i) => (
        <li key={i} className="text-sm text-ink">
          <span className="font-semibold">{item.title}</span>
          {optionWords(item.options) ? <span className="text-muted"> ({optionWords(item.options)})</span> : null}
          <span className="text-muted">&nbsp;· Qty {item.quantity}</span>
          {item.giverName ? <span className="text-muted">&nbsp;· from {item.giverName}</span> : null}
        </li>
      ))}
    </ul>
  )
}

/** The tracking line, or why there is none yet. */
export function TrackingLine({ shipment }: { shipment: ShipmentView }) {
  if (shipment.trackingNumber) {
    return (
      <p className="text-sm text-ink">
        <span className="font-semibold">{shipment.carrier}</span> tracking number <span className="font-mono break-all">{shipment.trackingNumber}</span>
      </p>
    )
  }
  if (shipment.role === 'buyer' && shipment.registry && (shipment.status === 'shipped' || shipment.status === 'delivered')) {
    return <p className="text-sm text-muted">Tracking goes to {shipment.registry.familyName}, since it shows where they live.</p>
  }
  return null
}

/** 'Ship now' for held gifts: posts to /shipments/{id}/ship_now (works without JavaScript). */
export function ShipNowForm({ shipment, returnTo }: { shipment: ShipmentView; returnTo: string }) {
  const navigation = useNavigation()
  const action = `/shipments/${shipment.id}/ship_now`
  const pending = navigation.state !== 'idle' && navigation.formAction === action
  if (!shipment.canShipNow) return null
  return (
    <Form method="post" action={action} className="flex flex-col gap-2 sm:items-end">
      <input type="hidden" name="returnTo" value={returnTo} />
      <Button type="submit" size="sm" pending={pending} pendingLabel="Sending…" aria-label={`Ship now: ${shipment.itemCount} ${shipment.itemCount === 1 ? 'gift' : 'gifts'} for ${shipment.registry?.familyName ?? 'your registry'}`}>
        Ship now
      </Button>
    </Form>
  )
}

type Step = { label: string; at: string | null; done: boolean; note?: string }

/** The steps a box goes through, with the dates it reached them. */
export function ShipmentTimeline({ shipment }: { shipment: ShipmentView }) {
  const s = shipment
  const rank: Record<ShipmentStatus, number> = { held: 0, processing: 1, shipped: 2, delivered: 3, cancelled: 4 }
  const steps: Step[] = [
    ...(s.registry
      ? [
          {
            label: 'Waiting to ship together',
            at: s.createdAt,
            done: true,
            note: s.status === 'held' && s.autoShipOn ? `Ships by itself on ${formatLongDate(s.autoShipOn)}, unless the family chooses Ship now sooner.` : undefined,
          },
        ]
      : [{ label: 'Ordered', at: s.createdAt, done: true }]),
    {
      label: 'Preparing to ship',
      at: s.registry ? s.releasedAt : s.createdAt,
      done: rank[s.status] >= 1,
      note: s.releaseReason === 'owner' ? 'The family chose Ship now.' : s.releaseReason === 'automatic' && s.registry ? 'Released as the arrival date neared.' : undefined,
    },
    { label: 'Shipped', at: s.shippedAt, done: rank[s.status] >= 2 },
    { label: 'Delivered', at: s.deliveredAt, done: rank[s.status] >= 3 },
  ]
  return (
    <ol className="flex flex-col gap-0" aria-label="Shipment progress">
      {steps.map((step, i) => (
        <li key={step.label} className="relative flex gap-3 pb-5 last:pb-0">
          {i < steps.length - 1 ? <span aria-hidden="true" className={cx('absolute top-7 left-3.5 h-[calc(100%-1.5rem)] w-0.5', step.done && steps[i + 1]!.done ? 'bg-sage-700' : 'bg-line-strong')} /> : null}
          <span
            aria-hidden="true"
            className={cx('flex size-7 shrink-0 items-center justify-center rounded-full border-2', step.done ? 'border-sage-700 bg-sage-700 text-white' : 'border-line-strong bg-white')}
          >
            {step.done ? <Icon name="check" className="size-4" /> : null}
          </span>
          <div className="min-w-0">
            <p className={cx('font-semibold', step.done ? 'text-ink' : 'text-muted')}>
              {step.label}
              <span className="sr-only">{step.done ? ' (done)' : ' (not yet)'}</span>
            </p>
            {step.done && step.at ? <p className="text-sm text-muted">{formatLongDate(step.at)}</p> : null}
            {step.note ? <p className="text-sm text-muted">{step.note}</p> : null}
          </div>
        </li>
      ))}
    </ol>
  )
}

/** What a box is called: 'Order 7A05A561 · shipment 12', '2 gifts for the Riveras', 'Your gift for the Riveras'. */
export function shipmentTitle(s: ShipmentView) {
  if (s.role === 'family') return `${s.itemCount} ${s.itemCount === 1 ? 'gift' : 'gifts'} for ${s.registry?.familyName ?? 'your registry'}`
  if (s.registry) return `Your gift for ${s.registry.familyName}`
  const order = s.items.find((i) => i.orderId)?.orderId
  return order ? `Order ${order.slice(0, 8).toUpperCase()}\u00a0· shipment ${s.id}` : `Shipment ${s.id}`
}

/** One box in a list: status, what is in it, tracking, and its actions. */
export function ShipmentCard({ shipment, returnTo }: { shipment: ShipmentView; returnTo: string }) {
  const s = shipment
  const heading = shipmentTitle(s)
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-lg font-bold text-ink">
            <Link to={`/shipments/${s.id}`} className="hover:text-berry-700 hover:underline">
              {heading}
            </Link>
          </h3>
          {s.status === 'held' && s.autoShipOn ? (
            <p className="text-sm text-muted">
              {s.role === 'family' ? 'We hold gifts and send them together. ' : 'The family’s gifts are sent together. '}
              Ships on {formatLongDate(s.autoShipOn)}
              {s.role === 'family' ? ' at the latest.' : ' at the latest.'}
            </p>
          ) : null}
        </div>
        <ShipmentStatusBadge status={s.status} />
      </div>
      <ShipmentItems shipment={s} />
      <TrackingLine shipment={s} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to={`/shipments/${s.id}`} className="text-sm font-semibold text-berry-700 underline underline-offset-2">
          Shipment details<span className="sr-only">: {heading}</span>
        </Link>
        <ShipNowForm shipment={s} returnTo={returnTo} />
      </div>
    </Card>
  )
}
