import { data, Form, Link, useNavigation } from 'react-router'
import { formatLongDate } from '~/lib/format'
import { type FormFailure, fieldError, formFailure } from '~/lib/form-errors'
import { formatCents } from '~/lib/money'
import { requireUser } from '~/modules/accounts/auth.server'
import { GIFT_RETURN_WINDOW_MONTHS, giftReturnReasons, giftReturnStatusLabels } from '~/modules/giftcards/giftcards.validation'
import { Alert, Badge, Button, Card, Container, cx, FieldError, inputClasses, Label, LinkButton } from '~/ui'
import type { Route } from './+types/gift-returns'

export const meta = () => [{ title: 'Return a gift for store credit | Nestlist' }, { name: 'robots', content: 'noindex' }]
export const headers = () => ({ 'Cache-Control': 'private, no-store' })

/** /returns/gift: a registry's family returns gifts bought on Nestlist for store credit (the giver is not told). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const [returnable, returns, managed] = await Promise.all([
    context.services.giftCards.returnableGifts(user.id),
    context.services.giftCards.giftReturnsFor(user.id),
    context.services.registry.managedBy(user.id),
  ])
  return { returnable, returns, hasRegistry: managed.length > 0 }
}

type ActionResult =
  | {
      ok: true
      at: number
      id: string
      title: string
      quantity: number
      creditCents: number
      balanceCents: number
      status: string
      returnCode: string | null
    }
  | (FormFailure & {
      at: number
      orderLineId: string
      quantity: string
      reason: string
    })

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireUser(request, context)
  const form = await request.formData()
  const input = {
    orderLineId: String(form.get('orderLineId') ?? ''),
    quantity: String(form.get('quantity') ?? ''),
    reason: String(form.get('reason') ?? ''),
  }
  try {
    const { giftReturn, balanceCents } = await context.services.giftCards.returnGift(user.id, input)
    return data<ActionResult>({
      ok: true,
      at: Date.now(),
      id: giftReturn.id,
      returnCode: giftReturn.returnCode,
      title: giftReturn.title,
      quantity: giftReturn.quantity,
      creditCents: giftReturn.creditCents,
      balanceCents,
      status: giftReturn.status,
    })
  } catch (error) {
    const failure = formFailure(error)
    return data<ActionResult>({ ...failure, at: Date.now(), ...input }, { status: failure.status })
  }
}

const optionWords = (o: { size?: string; color?: string }) => [o.size, o.color].filter(Boolean).join(', ')

export default function GiftReturns({ loaderData, actionData }: Route.ComponentProps) {
  const { returnable, returns, hasRegistry } = loaderData
  const result = actionData as ActionResult | undefined
  const navigation = useNavigation()
  const submitting = navigation.state !== 'idle' ? navigation.formData?.get('orderLineId')?.toString() : undefined
  const failed = result && !result.ok ? result : undefined
  return (
    <Container size="md" className="py-8 sm:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight text-ink">Return a gift</h1>
      <p className="mt-2 max-w-prose text-muted">
        Got a duplicate, or something you no longer need? Return gifts bought for your registry on Nestlist within {GIFT_RETURN_WINDOW_MONTHS} months for store credit of what was
        paid. The giver is not told. Gifts still waiting in our warehouse are credited at once; gifts that already reached you are credited when they arrive back.
      </p>
      <div className="mt-6 flex flex-col gap-4" aria-live="polite">
        {result?.ok && result.status === 'awaiting_return_shipment' ? (
          <Alert tone="success" title="Return started: send it back to us">
            {result.quantity} × {result.title} had already shipped to you, so please send it back with return code{' '}
            <span className="font-mono font-bold">{result.returnCode}</span>. We add {formatCents(result.creditCents)} of store credit when it arrives.{' '}
            <Link to={`/returns/gift/${result.id}`} className="font-semibold text-berry-800 underline underline-offset-2">
              See the return label and instructions
            </Link>
          </Alert>
        ) : result?.ok ? (
          <Alert tone="success" title="Gift returned">
            {result.quantity} × {result.title}: {formatCents(result.creditCents)} store credit was added to your balance, which is now {formatCents(result.balanceCents)}.{' '}
            <Link to="/settings/gift-cards-and-promos" className="font-semibold text-berry-800 underline underline-offset-2">
              See your balance
            </Link>
          </Alert>
        ) : null}
        {failed && !failed.orderLineId ? <Alert tone="error">{failed.message}</Alert> : null}
      </div>

      <section aria-labelledby="returnable-heading" className="mt-8">
        <h2 id="returnable-heading" className="text-xl font-bold text-ink">
          Gifts you can return
        </h2>
        {!hasRegistry ? (
          <div className="mt-4 rounded-card border border-dashed border-line-strong p-6 text-center">
            <p className="font-semibold text-ink">Gift returns are for gifts received on your Nestlist registry.</p>
            <LinkButton to="/registry/new" className="mt-4">
              Start a registry
            </LinkButton>
          </div>
        ) : returnable.length === 0 ? (
          <p className="mt-4 rounded-card border border-dashed border-line-strong p-6 text-center text-muted">
            No gifts to return. Gifts bought for your registry on Nestlist show up here for {GIFT_RETURN_WINDOW_MONTHS} months.
          </p>
        ) : (
          <ul className="mt-4 flex flex-col gap-4">
            {returnable.map((g) => {
              const left = g.quantity - g.returnedQuantity
              const mine = failed && failed.orderLineId === String(g.orderLineId) ? failed : undefined
              const base = `return-${g.orderLineId}`
              return (
                <li key={g.orderLineId}>
                  <Card as="article" aria-labelledby={`${base}-title`} className="p-4 sm:p-5">
                    <h3 id={`${base}-title`} className="font-bold text-ink">
                      {g.title}
                      {optionWords(g.options) ? <span className="font-normal text-muted"> ({optionWords(g.options)})</span> : null}
                    </h3>
                    <p className="mt-1 text-sm text-muted">
                      {g.registryTitle}&nbsp;· received {formatLongDate(g.boughtAt)}&nbsp;· return by {formatLongDate(g.returnBy)}
                    </p>
                    <p className="mt-1 text-sm text-ink">
                      {left} of {g.quantity} can be returned&nbsp;· {formatCents(g.creditPerUnitCents)} credit each
                    </p>
                    {mine ? (
                      <Alert tone="error" className="mt-3">
                        {mine.message}
                      </Alert>
                    ) : null}
                    <Form method="post" className="mt-4 flex flex-wrap items-end gap-3" key={result?.ok ? `${g.orderLineId}-${result.at}` : g.orderLineId}>
                      <input type="hidden" name="orderLineId" value={g.orderLineId} />
                      <div>
                        <Label htmlFor={`${base}-quantity`}>Quantity</Label>
                        <select id={`${base}-quantity`} name="quantity" defaultValue={mine?.quantity || '1'} className={cx(inputClasses, 'mt-1.5 w-24')}>
                          {Array.from({ length: left }, (_, i) => (
                            <option key={i + 1} value={i + 1}>
                              {i + 1}
                            </option>
                          ))}
                        </select>
                        <FieldError id={`${base}-quantity-error`}>{fieldError(mine, 'quantity')}</FieldError>
                      </div>
                      <div className="min-w-0 flex-1 basis-56">
                        <Label htmlFor={`${base}-reason`}>Reason</Label>
                        <select
                          id={`${base}-reason`}
                          name="reason"
                          required
                          defaultValue={mine?.reason ?? ''}
                          aria-invalid={fieldError(mine, 'reason') ? true : undefined}
                          aria-describedby={fieldError(mine, 'reason') ? `${base}-reason-error` : undefined}
                          className={cx(inputClasses, 'mt-1.5')}
                        >
                          <option value="" disabled>
                            Choose a reason
                          </option>
                          {giftReturnReasons.map((r) => (
                            <option key={r.id} value={r.id}>
                              {r.label}
                            </option>
                          ))}
                        </select>
                        <FieldError id={`${base}-reason-error`}>{fieldError(mine, 'reason')}</FieldError>
                      </div>
                      <Button type="submit" variant="secondary" pending={submitting === String(g.orderLineId)} pendingLabel="Returning…">
                        Return for credit
                      </Button>
                    </Form>
                  </Card>
                </li>
              )
            })}
          </ul>
        )}
      </section>

      {returns.length > 0 ? (
        <section aria-labelledby="returned-heading" className="mt-10">
          <h2 id="returned-heading" className="text-xl font-bold text-ink">
            Returned gifts
          </h2>
          <ul className="mt-4 flex flex-col divide-y divide-line rounded-card border border-line bg-white px-4">
            {returns.map((r) => (
              <li key={r.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
                <span className="min-w-0">
                  <span className="block font-semibold text-ink">
                    {r.quantity} × {r.title}
                  </span>
                  <span className="block text-sm text-muted">
                    {r.reasonLabel}&nbsp;· {formatLongDate(r.createdAt)}
                  </span>
                </span>
                <span className="flex flex-wrap items-center gap-2">
                  <Badge variant={r.status === 'awaiting_return_shipment' ? 'soon' : 'success'}>{giftReturnStatusLabels[r.status]}</Badge>
                  {r.creditPending ? (
                    <span className="text-sm text-muted">{formatCents(r.creditCents)} credit when it arrives</span>
                  ) : (
                    <span className="font-bold text-sage-700">+{formatCents(r.creditCents)}</span>
                  )}
                </span>
                {r.status === 'awaiting_return_shipment' ? (
                  <Link to={`/returns/gift/${r.id}`} className="basis-full text-sm font-semibold text-berry-700 underline underline-offset-2">
                    Return code {r.returnCode}: label and how to send it back
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Container>
  )
}
