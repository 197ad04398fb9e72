import { type ReactNode, useRef } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { isDomainError } from '~/lib/errors'
import { type FormFailure, formFailure } from '~/lib/form-errors'
import { formatLongDate } from '~/lib/format'
import { formatCents } from '~/lib/money'
import { requireUser } from '~/modules/accounts/auth.server'
import { useFocusFirstInvalid } from '~/modules/accounts/ui/use-focus-first-invalid'
import { refundWords } from '~/modules/shipping/refund-words'
import type { PurchaseReturnView, ReturnableLine, ReturnableOrder } from '~/modules/shipping/returns.service.server'
import { RETURN_WINDOW_MONTHS, returnReasons, shippingMessages, UUID_PATTERN } from '~/modules/shipping/shipping.validation'
import { Alert, Badge, Button, Card, Container, FieldError, Label, LinkButton, MetaLine, inputClasses } from '~/ui'
import type { Route } from './+types/purchase'

export const meta = () => [{ title: 'Return a purchase | Nestlist' }, { name: 'robots', content: 'noindex' }]
export const headers = () => ({ 'Cache-Control': 'private, no-store' })


/**
 * /returns/purchase: the signed-in buyer's orders with what can be returned; ?order={id} opens the return
 * form for one of them (404 for anyone else's); ?returned={returnId} shows the refund just made.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const url = new URL(request.url)
  const orderId = url.searchParams.get('order')
  const returnedId = url.searchParams.get('returned')
  try {
    const order = orderId ? await context.services.purchaseReturns.returnableOrder(orderId, user.id) : null
    const orders = order ? [] : await context.services.purchaseReturns.returnableOrders(user.id)
    const justReturned = returnedId && UUID_PATTERN.test(returnedId) ? await context.services.purchaseReturns.get(returnedId, user.id).catch(() => null) : null
    // A fresh key per form shown: a double submit of this form makes one return and one refund.
    return { order, orders, justReturned, idempotencyKey: crypto.randomUUID() }
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_found') throw data(null, { status: 404 })
    throw error
  }
}

type Values = { quantities: Record<string, string>; reason: string; note: string }
type ActionResult = FormFailure & { values: Values }

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireUser(request, context)
  const form = await request.formData()
  const orderId = String(form.get('orderId') ?? '')
  const quantities: Record<string, string> = {}
  for (const [name, value] of form) if (name.startsWith('qty-')) quantities[name.slice(4)] = String(value)
  const values: Values = { quantities, reason: String(form.get('reason') ?? ''), note: String(form.get('note') ?? '') }
  try {
    const made = await context.services.purchaseReturns.create(
      user.id,
      {
        orderId,
        idempotencyKey: String(form.get('idempotencyKey') ?? ''),
        reason: values.reason,
        note: values.note,
        lines: Object.entries(quantities).map(([id, q]) => ({ orderLineId: id, quantity: q || '0' })),
      },
      { origin: context.services.publicOrigin },
    )
    return redirect(`/returns/purchase?order=${made.orderId}&returned=${made.id}`)
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_found') throw data(null, { status: 404 })
    const failure = formFailure(error)
    return data<ActionResult>({ ...failure, values }, { status: failure.status })
  }
}

const optionWords = (o: { size?: string; color?: string }) => [o.size, o.color].filter(Boolean).join(', ')
// The order number as the order page and Your orders write it: '#9215A8B0'.
const shortId = (id: string) => `#${id.slice(0, 8).toUpperCase()}`

function RefundDone({ made }: { made: PurchaseReturnView }) {
  // The processor did not answer in time: the return is recorded and its refund key finishes it (decision 029).
  if (made.status === 'pending') {
    return (
      <Alert tone="info" title={`Return recorded: refund of ${formatCents(made.refundCents)} in progress`}>
        The card processor has not confirmed the refund yet. We finish it automatically within a few minutes (never twice) and email you a receipt.
      </Alert>
    )
  }
  return (
    <Alert tone="success" title={`Refund of ${formatCents(made.refundCents)} on its way`}>
      We refunded {refundWords(made)}
      {made.shippingCents > 0 ? `, including ${formatCents(made.shippingCents)} shipping` : ''}. Banks usually show it within 5 to 10 business days. We emailed you a receipt.
    </Alert>
  )
}

function PastReturns({ returns }: { returns: PurchaseReturnView[] }) {
  if (returns.length === 0) return null
  return (
    <section aria-labelledby="past-returns" className="mt-8">
      <h2 id="past-returns" className="text-xl font-bold text-ink">
        Returns from this order
      </h2>
      <ul className="mt-3 flex flex-col gap-3">
        {returns.map((r) => (
          <li key={r.id}>
            <Card className="p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <MetaLine className="font-semibold text-ink">{[formatLongDate(r.createdAt), r.reasonLabel]}</MetaLine>
                <Badge variant={r.status === 'refunded' ? 'success' : r.status === 'failed' ? 'discount' : 'info'}>
                  {r.status === 'refunded' ? `Refunded ${formatCents(r.refundCents)}` : r.status === 'failed' ? 'Refund failed' : 'Refund in progress'}
                </Badge>
              </div>
              <ul className="mt-2 text-sm text-muted">
                {r.lines.map((l) => (
                  <li key={l.orderLineId}>
                    {l.quantity} × {l.title}
                    {optionWords(l.options) ? ` (${optionWords(l.options)})` : ''}: {formatCents(l.refundCents)}
                  </li>
                ))}
                {r.shippingCents > 0 ? <li>Shipping: {formatCents(r.shippingCents)}</li> : null}
              </ul>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  )
}

function OrderPicker({ orders }: { orders: ReturnableOrder[] }) {
  if (orders.length === 0) {
    return (
      <div className="mt-8 rounded-card border border-dashed border-line-strong p-6 text-center">
        <p className="font-semibold text-ink">You have no Nestlist Shop orders yet.</p>
        <p className="text-muted">Orders you place while signed in show up here for returns.</p>
        <LinkButton to="/store" className="mt-4">
          Shop Nestlist
        </LinkButton>
      </div>
    )
  }
  return (
    <section aria-labelledby="choose-order" className="mt-8">
      <h2 id="choose-order" className="text-xl font-bold text-ink">
        Choose an order
      </h2>
      <ul className="mt-3 flex flex-col gap-3">
        {orders.map((o) => {
          const returnable = o.lines.filter((l) => l.returnable > 0)
          return (
            <li key={o.id}>
              <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <MetaLine className="font-semibold text-ink">{[`Order ${shortId(o.id)}`, formatLongDate(o.createdAt), formatCents(o.totalCents)]}</MetaLine>
                  <p className="text-sm text-muted">{o.lines.map((l) => `${l.quantity} × ${l.title}`).join(', ')}</p>
                  {!o.canReturn ? (
                    <p className="text-sm text-muted">
                      {o.awaitingShipment ? 'You can return items once they ship.' : (o.lines[0]?.notReturnableReason ?? 'Nothing left to return.')}
                    </p>
                  ) : null}
                </div>
                {o.canReturn ? (
                  <LinkButton to={`/returns/purchase?order=${o.id}`} size="sm" variant="secondary" aria-label={`Return items from order ${shortId(o.id)}`}>
                    Return items
                  </LinkButton>
                ) : (
                  <Badge className="self-start sm:self-center">{o.awaitingShipment ? 'Not shipped yet' : returnable.length === 0 && o.returns.length > 0 ? 'Returned' : 'Not returnable'}</Badge>
                )}
              </Card>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/** One line of the order: what was bought and, when it can be returned now, how many to return. */
function LineCard({ line: l, children }: { line: ReturnableLine; children?: ReactNode }) {
  const notShipped = l.notReturnableReason === shippingMessages.notShippedYet
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold text-ink">
          {l.title}
          {optionWords(l.options) ? <span className="font-normal text-muted"> ({optionWords(l.options)})</span> : null}
        </p>
        <MetaLine className="text-sm text-muted">
          {[
            `${formatCents(l.unitPriceCents)} each`,
            `bought ${l.quantity}`,
            l.returned > 0 ? `${l.returned} returned` : null,
            l.returnable > 0 ? `return by ${formatLongDate(l.returnBy)}` : null,
          ]}
        </MetaLine>
        {notShipped ? (
          <p className="text-sm text-muted">You can return it once it ships.</p>
        ) : l.notReturnableReason && l.returnable === 0 ? (
          <p className="text-sm text-muted">{l.notReturnableReason}</p>
        ) : null}
      </div>
      {notShipped ? <Badge className="shrink-0 self-start sm:self-center">Not shipped yet</Badge> : children}
    </Card>
  )
}

function ReturnForm({ order, idempotencyKey, failure }: { order: ReturnableOrder; idempotencyKey: string; failure: ActionResult | undefined }) {
  const navigation = useNavigation()
  const formRef = useRef<HTMLFormElement>(null)
  useFocusFirstInvalid(formRef, failure)
  const pending = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const linesError = failure?.fields.lines?.[0] ?? (failure?.fields._error ? failure.fields._error[0] : undefined)
  const reasonError = failure?.fields.reason?.[0]
  const noteError = failure?.fields.note?.[0]
  const onlyMessage = failure && !linesError && !reasonError && !noteError
  return (
    <Form ref={formRef} method="post" className="mt-6 flex flex-col gap-6" noValidate>
      <input type="hidden" name="orderId" value={order.id} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {failure ? <Alert tone="error">{onlyMessage ? failure.message : 'Please check the fields marked below.'}</Alert> : null}
      <fieldset aria-describedby={linesError ? 'lines-error' : undefined}>
        <legend className="text-lg font-bold text-ink">What are you returning?</legend>
        <FieldError id="lines-error">{linesError}</FieldError>
        <ul className="mt-3 flex flex-col gap-3">
          {order.lines.map((l) => {
            const id = `qty-${l.id}`
            return (
              <li key={l.id}>
                <LineCard line={l}>
                  {l.returnable > 0 ? (
                    <div className="shrink-0">
                      <Label htmlFor={id}>
                        Quantity to return<span className="sr-only">: {l.title}</span>
                      </Label>
                      <select
                        id={id}
                        name={id}
                        defaultValue={failure?.values.quantities[String(l.id)] ?? '0'}
                        aria-invalid={linesError ? true : undefined}
                        className={`${inputClasses} mt-1 w-28`}
                      >
                        {Array.from({ length: l.returnable + 1 }, (_, q) => (
                          <option key={q} value={q}>
                            {q}
                          </option>
                        ))}
                      </select>
                    </div>
                  ) : null}
                </LineCard>
              </li>
            )
          })}
        </ul>
      </fieldset>
      <div>
        <Label htmlFor="reason">Why are you returning them?</Label>
        <select
          id="reason"
          name="reason"
          defaultValue={failure?.values.reason ?? ''}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? 'reason-error' : undefined}
          className={`${inputClasses} mt-1.5`}
        >
          <option value="" disabled>
            Choose a reason
          </option>
          {returnReasons.map((r) => (
            <option key={r.id} value={r.id}>
              {r.label}
            </option>
          ))}
        </select>
        <FieldError id="reason-error">{reasonError}</FieldError>
      </div>
      <div>
        <Label htmlFor="note" optional>
          Anything we should know?
        </Label>
        <textarea
          id="note"
          name="note"
          rows={3}
          maxLength={500}
          defaultValue={failure?.values.note ?? ''}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? 'note-error' : undefined}
          className={`${inputClasses} mt-1.5`}
        />
        <FieldError id="note-error">{noteError}</FieldError>
      </div>
      <p className="text-sm text-muted">
        The refund goes to the card you paid with: what you paid for these items and their tax. Shipping is refunded once the whole order is returned.
      </p>
      <div>
        <Button type="submit" pending={pending} pendingLabel="Refunding…">
          Return and refund
        </Button>
      </div>
    </Form>
  )
}

export default function ReturnPurchase({ loaderData, actionData }: Route.ComponentProps) {
  const { order, orders, justReturned, idempotencyKey } = loaderData
  const failure = actionData as ActionResult | undefined
  return (
    <Container size="md" className="py-8 sm:py-12">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={order ? '/returns/purchase' : '/returns'} className="font-semibold text-berry-700 underline underline-offset-2">
          {order ? 'All your orders' : 'Returns and refunds'}
        </Link>
      </nav>
      <h1 className="mt-3 text-3xl font-bold text-ink">{order ? `Return items from order ${shortId(order.id)}` : 'Return a purchase'}</h1>
      <p className="mt-2 text-muted">
        {order
          ? `Ordered ${formatLongDate(order.createdAt)}. You have ${RETURN_WINDOW_MONTHS} months from delivery.`
          : `Choose the order. You have ${RETURN_WINDOW_MONTHS} months from delivery to return what you bought.`}{' '}
        <Link to="/returns" className="font-semibold text-berry-700 underline underline-offset-2">
          Our return policy
        </Link>
      </p>
      {justReturned ? (
        <div className="mt-6">
          <RefundDone made={justReturned} />
        </div>
      ) : null}
      {order ? (
        order.canReturn ? (
          <ReturnForm key={idempotencyKey} order={order} idempotencyKey={idempotencyKey} failure={failure} />
        ) : order.awaitingShipment ? (
          <section aria-labelledby="not-shipped" className="mt-6">
            <h2 id="not-shipped" className="text-lg font-bold text-ink">
              Nothing from this order has shipped yet
            </h2>
            <p className="mt-1 text-muted">You can return items once they ship. We email you the tracking number when they do.</p>
            <ul className="mt-3 flex flex-col gap-3">
              {order.lines.map((l) => (
                <li key={l.id}>
                  <LineCard line={l} />
                </li>
              ))}
            </ul>
          </section>
        ) : (
          <p className="mt-6 rounded-card border border-dashed border-line-strong p-4 text-muted">
            {order.lines.every((l) => l.returned >= l.quantity) ? 'Everything from this order has been returned.' : 'Nothing in this order can be returned now.'}{' '}
            {order.lines.find((l) => l.notReturnableReason && l.returned < l.quantity)?.notReturnableReason ?? ''}
          </p>
        )
      ) : (
        <OrderPicker orders={orders} />
      )}
      {order ? <PastReturns returns={order.returns} /> : null}
    </Container>
  )
}
