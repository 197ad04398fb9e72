import { data, Link, redirect } from 'react-router'
import { isDomainError } from '~/lib/errors'
import { formFailure } from '~/lib/form-errors'
import { getViewer, requireUser } from '~/modules/accounts/auth.server'
import { cancellationMessages } from '~/modules/orders/cancellations.validation'
import { CancelItem, CancelledItems, CancelledNotice, type CancelFailure } from '~/modules/orders/ui/cancel-item'
import { type AddressChangeFailure, CHANGE_ADDRESS_INTENT, ChangeShippingAddress } from '~/modules/orders/ui/change-address'
import { orderAddressMessages as addressMessages } from '~/modules/orders/order-address.validation'
import { addressValuesFrom, emptyAddress } from '~/modules/accounts/ui/address-fields'
import { orderAccessKeys } from '~/modules/orders/checkout.server'
import { checkoutStrings as t, optionText } from '~/modules/orders/checkout.strings'
import { SummaryRow } from '~/modules/orders/ui/order-summary'
import { orNotFound } from '~/routes/store/http-errors'
import { formatCents } from '~/lib/money'
import { joinMeta } from '~/lib/format'
import { Alert, Badge, Card, Container, Icon, LinkButton } from '~/ui'
import { WAREHOUSES } from '~/modules/orders/warehouses'
import { ShipmentStatusBadge } from '~/modules/shipping/ui/shipment-parts'
import type { Route } from './+types/show'

export const meta = () => [{ title: 'Your order | Nestlist' }, { name: 'robots', content: 'noindex' }]
// An order is personal: never kept by a shared cache.
export const headers = () => ({ 'Cache-Control': 'private, no-store' })

/**
 * /orders/{id}: the order for the signed-in buyer who placed it, or for the browser that placed it as a guest
 * (its short-lived access cookie holds that checkout's key; docs/decisions/022). Anyone else: 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await getViewer(request, context)
  const order = await orNotFound(context.services.orders.forViewer(params.id, { userId: session?.user.id ?? null, checkoutKeys: orderAccessKeys(request) }))
  const url = new URL(request.url)
  // Cancel item (docs/decisions/024, h13): only for the signed-in buyer who placed it.
  const cancel = session ? await context.services.orderCancellations.forOrder(order.id, session.user.id) : null
  const cancelledId = url.searchParams.get('cancelled')
  const justCancelled = cancel && cancelledId ? await context.services.orderCancellations.get(cancelledId, session!.user.id).catch(() => null) : null
  const confirmLine = Number(url.searchParams.get('cancel')) || null
  // Returns made from this order, and whether more can be returned (the signed-in buyer only).
  const returnable = session ? await context.services.purchaseReturns.returnableOrder(order.id, session.user.id).catch(() => null) : null
  const returns = returnable
    ? {
        canReturn: returnable.canReturn,
        list: returnable.returns.map((r) => ({ id: r.id, createdAt: r.createdAt, status: r.status, refundCents: r.refundCents, reasonLabel: r.reasonLabel })),
      }
    : null
  const boxes = await context.services.orders.boxesOf(order)
  // Change shipping address (docs/decisions/031): the signed-in buyer's own order only.
  const addressChange = session && order.shipsTo.kind === 'buyer' ? await context.services.orderAddress.forOrder(order.id, session.user.id).catch(() => null) : null
  const addressNote = url.searchParams.get('address')
  return {
    addressChange,
    addressNote: addressNote === 'changed' || addressNote === 'unchanged' ? addressNote : null,
    boxes,
    returns,
    order,
    justPlaced: url.searchParams.get('placed') === '1',
    signedIn: !!session,
    cancel,
    justCancelled,
    confirmLine,
    // A fresh key per page shown (and per line): a double submit cancels once and refunds once.
    cancelKey: crypto.randomUUID(),
  }
}

/** 'Cancel item': cancels units of a line not shipped yet, then shows the order with the refund. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { user } = await requireUser(request, context)
  const form = await request.formData()
  if (form.get('intent') === CHANGE_ADDRESS_INTENT) return changeAddress(request, params.id, user.id, form, context)
  const values = { lineId: String(form.get('lineId') ?? ''), quantity: String(form.get('quantity') ?? '') }
  if (form.get('intent') !== 'cancel') throw data(null, { status: 400 })
  try {
    const made = await context.services.orderCancellations.create(
      user.id,
      params.id,
      { idempotencyKey: String(form.get('idempotencyKey') ?? ''), lines: [{ orderLineId: values.lineId, quantity: values.quantity }] },
      { origin: context.services.publicOrigin },
    )
    return redirect(`/orders/${made.orderId}?cancelled=${made.id}`)
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_found') throw data(null, { status: 404 })
    const failure = formFailure(error)
    return data<CancelFailure>({ ...failure, values }, { status: failure.status })
  }
}

/** 'Change shipping address': the buyer's own order, before anything ships; the order again with a note, or the form with what was typed. */
async function changeAddress(request: Request, orderId: string, userId: number, form: FormData, context: Route.ActionArgs['context']) {
  const values = addressValuesFrom(form)
  try {
    const { changed } = await context.services.orderAddress.change(userId, { orderId, address: values }, { origin: context.services.publicOrigin, source: 'page' })
    return redirect(`/orders/${orderId}?address=${changed ? 'changed' : 'unchanged'}`)
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_found') throw data(null, { status: 404 })
    const failure = formFailure(error)
    // The service names the fields as the API does (address.zip); the form's are zip, state, …
    const fields = Object.fromEntries(Object.entries(failure.fields).map(([k, v]) => [k.replace(/^address\./, ''), v]))
    return data<AddressChangeFailure>({ ...failure, fields, intent: CHANGE_ADDRESS_INTENT, values }, { status: failure.status })
  }
}

const dateFmt = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

/** A box's tracking number (the buyer's own boxes) and, for a signed-in viewer, its shipment page. */
function BoxFooter({ box, signedIn }: { box: { shipmentId: number; tracking: { carrier: string; number: string } | null } | undefined; signedIn: boolean }) {
  if (!box || (!box.tracking && !signedIn)) return null
  return (
    <div className="mt-3 flex flex-wrap items-baseline justify-between gap-2 text-sm">
      {box.tracking ? <p className="break-all">{t.tracking(box.tracking.carrier, box.tracking.number)}</p> : <span />}
      {/* /shipments/{id} is for signed-in buyers and families (guests follow the emailed tracking). */}
      {signedIn ? (
        <Link to={`/shipments/${box.shipmentId}`} className="font-semibold text-berry-700 underline underline-offset-2">
          {t.shipmentDetails}
        </Link>
      ) : null}
    </div>
  )
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, justPlaced, signedIn, cancel, justCancelled, confirmLine, cancelKey, returns, boxes, addressChange, addressNote } = loaderData
  const boxOf = new Map(boxes.map((b) => [b.warehouseId, b]))
  const answer = actionData as CancelFailure | AddressChangeFailure | undefined
  const addressFailure = answer && 'intent' in answer && answer.intent === CHANGE_ADDRESS_INTENT ? answer : undefined
  const failure = answer && !addressFailure ? (answer as CancelFailure) : undefined
  const refundedCents = (cancel?.cancellations ?? []).reduce((sum, c) => sum + c.refundCents, 0)
  const cancelOf = new Map((cancel?.lines ?? []).map((l) => [l.id, l]))
  // The buyer's own order lists its lines with their ids (to cancel them); anyone else sees the order's lines.
  const rows: { key: string; id: number | null; title: string; options: { size?: string; color?: string }; quantity: number; lineTotalCents: number; warehouseId: number }[] = cancel
    ? cancel.lines.map((l) => ({ ...l, key: String(l.id) }))
    : order.lines.map((l, i) => ({ ...l, id: null, key: `${l.productId}-${i}` }))
  return (
    <Container size="md" className="flex flex-col gap-6 py-8 sm:py-12">
      {justPlaced ? (
        <Alert tone="success" title={t.thanks}>
          {t.thanksBody(order.email)}
        </Alert>
      ) : null}
      {justCancelled ? <CancelledNotice made={justCancelled} /> : null}
      {failure && !cancelOf.get(Number(failure.values.lineId)) ? <Alert tone="error" title={failure.message} /> : null}
      <div>
        <p className="text-sm font-semibold tracking-wide text-berry-800 uppercase">{t.orderTitle}</p>
        <h1 className="mt-1 text-3xl font-bold">{t.orderNumber(order.id)}</h1>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-muted">
          <span>
            {t.placedOn} {dateFmt.format(new Date(order.createdAt))}
          </span>
          <Badge variant={order.status === 'paid' ? 'success' : 'neutral'}>{t.orderStatus[order.status]}</Badge>
        </p>
      </div>

      <Card as="section" aria-labelledby="ships-title" className="flex flex-col gap-2 p-5 sm:p-6">
        <h2 id="ships-title" className="text-xl font-bold">
          {t.shipsToBuyer}
        </h2>
        {order.shipsTo.kind === 'buyer' && !order.shipsTo.address.line1 ? (
          <p className="flex items-start gap-2">
            <Icon name="gift" className="mt-0.5 size-5 shrink-0 text-berry-700" />
            {t.emailedTo}
          </p>
        ) : order.shipsTo.kind === 'registry' ? (
          <>
            <p className="flex items-start gap-2 font-semibold">
              <Icon name="gift" className="mt-0.5 size-5 shrink-0 text-berry-700" />
              {t.giftFamilyIn(order.shipsTo.familyName, order.shipsTo.city, order.shipsTo.state)}
            </p>
            {order.giftMessage ? <p className="text-sm text-muted">{`${t.giftMessage}: “${order.giftMessage}”`}</p> : null}
            <p>
              <Link to={`/list/${order.shipsTo.registryId}`} className="inline-flex min-h-6 items-center font-semibold text-berry-700 underline underline-offset-2">
                Back to {order.shipsTo.familyName}’s registry
              </Link>
            </p>
          </>
        ) : (
          <>
            {addressNote ? (
              <Alert tone={addressNote === 'changed' ? 'success' : 'info'}>{addressNote === 'changed' ? addressMessages.changed : addressMessages.unchanged}</Alert>
            ) : null}
            <address className="not-italic">
              {[order.shipsTo.address.name, order.shipsTo.address.line1, order.shipsTo.address.line2].filter(Boolean).map((l) => (
                <span key={l} className="block">
                  {l}
                </span>
              ))}
              <span className="block">{`${order.shipsTo.address.city}, ${order.shipsTo.address.state} ${order.shipsTo.address.zip}`}</span>
            </address>
            {addressChange?.canChange ? (
              <ChangeShippingAddress
                current={{ ...emptyAddress, ...order.shipsTo.address, phone: (order.shipsTo.address as { phone?: string }).phone ?? '' }}
                failure={addressFailure}
              />
            ) : addressChange?.blocked === 'shipped' ? (
              <p className="text-sm text-muted">{addressChange.reason}</p>
            ) : null}
          </>
        )}
      </Card>

      <Card as="section" aria-labelledby="shipments-title" className="flex flex-col gap-4 p-5 sm:p-6">
        <h2 id="shipments-title" className="text-xl font-bold">
          {t.shipments}
        </h2>
        {order.shipments.length === 0 && cancel ? <p className="text-muted">{cancellationMessages.nothingToShip}</p> : null}
        {order.shipments.map((s, i) => (
          <div key={s.warehouseId} className="rounded-xl border border-line p-4">
            <p className="flex flex-wrap items-center justify-between gap-2 font-semibold">
              <span className="flex items-center gap-2">
                <Icon name="truck" className="size-5 text-berry-700" />
                {s.warehouseId === WAREHOUSES.dotcom ? t.emailedBox : t.shipmentOf(i + 1, order.shipments.length)}
              </span>
              {/* Electronic gift cards leave from Dotcom by email; boxes use the shipment pages' words. */}
              {s.warehouseId === WAREHOUSES.dotcom ? (
                <Badge variant={order.status === 'paid' ? 'success' : 'info'}>{t.emailedStatus(order.status === 'paid')}</Badge>
              ) : (
                <ShipmentStatusBadge status={s.status} />
              )}
            </p>
            <ul className="mt-3 flex flex-col gap-2 text-sm">
              {rows
                .filter((l) => l.warehouseId === s.warehouseId && (cancelOf.get(l.id ?? 0)?.cancelled ?? 0) < l.quantity)
                .map((l) => {
                  const c = l.id === null ? undefined : cancelOf.get(l.id)
                  return (
                    <li key={l.key} id={`line-${l.key}`} className="flex flex-col gap-1">
                      <div className="flex justify-between gap-3">
                        <span>
                          {`${l.quantity - (c?.cancelled ?? 0)} × ${l.title}`}
                          {optionText(l.options) ? <span className="text-muted">{` (${optionText(l.options)})`}</span> : null}
                          {c && c.cancelled > 0 ? <span className="block text-muted">{cancellationMessages.cancelledOf(c.cancelled)}</span> : null}
                        </span>
                        <span className="flex flex-col items-end gap-1 sm:flex-row sm:items-baseline sm:gap-3">
                          {c && c.cancellable > 0 && confirmLine !== l.id ? (
                            <CancelItem key={cancelKey} orderId={order.id} line={c} idempotencyKey={cancelKey} failure={failure} confirming={false} />
                          ) : null}
                          {/* What the units still coming are worth (the line's price per unit times those left). */}
                          <span className="tabular-nums">{formatCents((l.lineTotalCents / l.quantity) * (l.quantity - (c?.cancelled ?? 0)))}</span>
                        </span>
                      </div>
                      {c && c.cancellable > 0 && confirmLine === l.id ? (
                        <CancelItem orderId={order.id} line={c} idempotencyKey={cancelKey} failure={failure} confirming />
                      ) : null}
                    </li>
                  )
                })}
            </ul>
            <BoxFooter box={s.warehouseId === WAREHOUSES.dotcom ? undefined : boxOf.get(s.warehouseId)} signedIn={signedIn} />
          </div>
        ))}
      </Card>

      {cancel ? <CancelledItems cancellations={cancel.cancellations} /> : null}

      <Card as="section" aria-labelledby="payment-title" className="flex flex-col gap-3 p-5 sm:p-6">
        <h2 id="payment-title" className="text-xl font-bold">
          {t.payment}
        </h2>
        {order.payment.cardLast4 ? <p>{t.paidWith(order.payment.cardBrand, order.payment.cardLast4)}</p> : null}
        <dl className="flex flex-col gap-2 text-sm">
          <SummaryRow label={t.subtotal} value={formatCents(order.subtotalCents)} />
          {order.discountCents > 0 ? <SummaryRow label="Registry discount" value={`−${formatCents(order.discountCents)}`} /> : null}
          <SummaryRow label={t.shippingLine} value={order.shippingCents === 0 ? t.free : formatCents(order.shippingCents)} />
          <SummaryRow label="Tax" value={formatCents(order.taxCents)} />
          <SummaryRow label={t.total} value={formatCents(order.totalCents)} strong />
          {refundedCents > 0 ? <SummaryRow label={cancellationMessages.refundedRow} value={`−${formatCents(refundedCents)}`} /> : null}
          {/* Gift cards and store credit paid first; the card paid the rest. */}
          {order.tenders.map((tender) => (
            <SummaryRow key={`${tender.kind}-${tender.last4 ?? ''}`} label={tender.label} value={`−${formatCents(tender.amountCents)}`} />
          ))}
          {order.tenders.length > 0 ? (
            <SummaryRow
              label={order.payment.cardLast4 ? t.paidWith(order.payment.cardBrand, order.payment.cardLast4) : 'Charged to your card'}
              value={formatCents(order.cardChargeCents)}
              strong
            />
          ) : null}
        </dl>
      </Card>
      {returns && (returns.list.length > 0 || returns.canReturn) ? (
        <Card as="section" aria-labelledby="returns-title" className="flex flex-col gap-3 p-5 sm:p-6">
          <h2 id="returns-title" className="text-xl font-bold">
            {t.returnsTitle}
          </h2>
          {returns.list.length > 0 ? (
            <ul className="flex flex-col gap-2 text-sm">
              {returns.list.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center justify-between gap-2">
                  <span>{joinMeta([dateFmt.format(new Date(r.createdAt)), r.reasonLabel])}</span>
                  <Badge variant={r.status === 'refunded' ? 'success' : r.status === 'failed' ? 'discount' : 'info'}>{t.returnStatus(r.status, r.refundCents)}</Badge>
                </li>
              ))}
            </ul>
          ) : null}
          {returns.canReturn ? (
            <LinkButton to={`/returns/purchase?order=${order.id}`} variant="secondary" className="self-start">
              {t.returnItems}
            </LinkButton>
          ) : null}
        </Card>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {signedIn ? (
          <LinkButton to="/settings/your-orders" variant="secondary">
            {t.ordersTitle}
          </LinkButton>
        ) : null}
        <LinkButton to="/store" variant="ghost">
          {t.shopLink}
        </LinkButton>
      </div>
    </Container>
  )
}
