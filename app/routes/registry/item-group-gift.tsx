import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { isDomainError } from '~/lib/errors'
import { formFailure } from '~/lib/form-errors'
import { formatLongDate } from '~/lib/format'
import { formatCents } from '~/lib/money'
import { requireUser } from '~/modules/accounts/auth.server'
import { groupGiftCopy, groupGiftMessages, payoutCopy } from '~/modules/cash-funds/cash-funds.strings'
import { GroupGiftProgress } from '~/modules/cash-funds/ui/group-gift-progress'
import { GROUP_GIFT_GOAL_BUFFER_PERCENT } from '~/modules/config/app-config'
import { Alert, Button, Card, Container, Icon, LinkButton, RadioGroup } from '~/ui'
import type { Route } from './+types/item-group-gift'

export const meta = () => [{ title: 'Group gift | Nestlist' }, { name: 'robots', content: 'noindex' }]
export const headers = () => ({ 'Cache-Control': 'private, no-store' })

function itemIdOf(raw: string) {
  if (!/^\d{1,15}$/.test(raw)) throw data(null, { status: 404 })
  return Number(raw)
}

/** The choice's legend: what the registry item left open (size, colour or both). */
function orderChoiceLegend(choice: { size?: string; color?: string }[]) {
  const sizes = new Set(choice.map((o) => o.size)).size > 1
  const colors = new Set(choice.map((o) => o.color)).size > 1
  return sizes && colors ? 'Choose a size and color' : sizes ? 'Choose a size' : colors ? 'Choose a color' : 'Choose which one'
}

/** The checkout after "Order it": store credit applied, and a word about where it came from. */
const orderCheckoutHref = (itemId: number) => `/store/checkout?apply_credit=1&group_gift=${itemId}`

/** /registry/items/{id}/group-gift: the family makes an item a group gift, follows it, and redeems its fund. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  try {
    return await context.services.cashFunds.groupGiftForFamily(itemIdOf(params.itemId), user.id)
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_found') throw data(null, { status: 404 })
    throw error
  }
}

type Intent = 'mark' | 'unmark' | 'redeem' | 'order'
/** `option`: the size/colour choice's error for "Order it", and the choice to keep checked. */
type Result = { ok: true; intent: Intent; message: string } | { ok: false; intent: Intent; message: string; optionError?: string; option?: string }

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user } = await requireUser(request, context)
  const itemId = itemIdOf(params.itemId)
  const form = await request.formData()
  const raw = form.get('intent')
  if (raw !== 'mark' && raw !== 'unmark' && raw !== 'redeem' && raw !== 'order')
    return data<Result>(
      {
        ok: false,
        intent: 'mark',
        message: 'That action is not available here.',
      },
      { status: 400 },
    )
  const intent: Intent = raw
  const service = context.services.cashFunds
  try {
    const { gift, registry, orderChoice } = await service.groupGiftForFamily(itemId, user.id)
    if (intent === 'mark') {
      await service.markGroupGift(registry.id, itemId, user.id)
      return data<Result>({
        ok: true,
        intent,
        message: groupGiftCopy.marked(gift.title),
      })
    }
    if (intent === 'unmark') {
      await service.unmarkGroupGift(registry.id, itemId, user.id)
      return data<Result>({
        ok: true,
        intent,
        message: groupGiftCopy.unmarked(gift.title),
      })
    }
    // "Order it" for a product whose size or colour the registry item left open: the option chosen on the page.
    const option = String(form.get('option') ?? '')
    const chosen = intent === 'order' && orderChoice ? orderChoice.find((o) => o.key === option) : undefined
    if (intent === 'order' && orderChoice && !chosen) {
      return data<Result>({ ok: false, intent, message: groupGiftMessages.chooseOption, optionError: groupGiftMessages.chooseOption }, { status: 422 })
    }
    const { redemption, created, orderLine } = await service.redeemGroupGift(
      { regItemId: itemId, use: intent === 'order' ? 'order' : 'payout', ...(chosen?.size ? { size: chosen.size } : {}), ...(chosen?.color ? { color: chosen.color } : {}) },
      user.id,
    )
    if (redemption.use === 'order') {
      // "Order it": the fund is now store credit; the gift goes into the family's cart once (not again on a
      // second submit, which answers the first redemption), then on to checkout with the credit applied.
      if (created && orderLine) {
        try {
          await context.services.cart.add({ userId: user.id }, orderLine)
        } catch (error) {
          const f = formFailure(error)
          return data<Result>({ ok: true, intent, message: groupGiftCopy.orderedNotInCart(redemption.amountCents, f.message) })
        }
      }
      return redirect(orderCheckoutHref(itemId))
    }
    return data<Result>({
      ok: true,
      intent,
      message: redemption.method === 'store_credit' ? groupGiftCopy.redeemedCredit(redemption.amountCents) : groupGiftCopy.redeemedBank(redemption.amountCents),
    })
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_found') throw data(null, { status: 404 })
    const f = formFailure(error)
    const optionError = intent === 'order' ? (f.fields.option ?? f.fields.size ?? f.fields.color)?.[0] : undefined
    return data<Result>({ ok: false, intent, message: f.message, ...(optionError ? { optionError, option: String(form.get('option') ?? '') } : {}) }, { status: f.status })
  }
}

/** A 409 means the item changed meanwhile (a chip-in, a reservation): show it as it is now. */
export function shouldRevalidate() {
  return true
}

export default function ItemGroupGift({ loaderData, actionData }: Route.ComponentProps) {
  const { gift, registry, isGroupGift, removed, alreadyGiven, chipIns, pendingChipIns, payoutMethod, redemption, orderable, orderChoice } = loaderData
  const failed = actionData && !actionData.ok ? actionData : null
  const canChoose = orderChoice?.some((o) => o.available) ?? true
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' ? String(navigation.formData?.get('intent') ?? '') : null
  const goal = formatCents(gift.goalCents)
  return (
    <Container className="flex max-w-3xl flex-col gap-6 py-8 sm:py-10">
      <Link to="/registry/home" className="inline-flex items-center gap-1 self-start text-sm font-semibold text-berry-700 hover:underline">
        <Icon name="chevron-left" className="size-4" />
        Back to your registry
      </Link>
      <header className="flex items-start gap-4">
        <img src={gift.imageUrl} alt="" width={80} height={80} className="size-20 shrink-0 rounded-card border border-line bg-white object-contain" />
        <div className="min-w-0">
          <h1 className="text-3xl font-extrabold tracking-tight">Group gift</h1>
          <p className="mt-1 text-lg break-words text-ink">
            <span className="font-semibold">{gift.title}</span>&nbsp;· {formatCents(gift.priceCents)}
            {gift.quantityNeeded > 1 ? ` × ${gift.quantityNeeded}` : ''}
          </p>
        </div>
      </header>
      <div aria-live="polite">{actionData ? <Alert tone={actionData.ok ? 'success' : 'error'}>{actionData.message}</Alert> : null}</div>

      {removed ? (
        <Alert tone="info">
          This item is off your registry, so guests no longer see it.{isGroupGift && chipIns > 0 ? ' You can still use what was chipped in.' : ''}
        </Alert>
      ) : null}
      {!isGroupGift ? (
        <Card as="section" aria-labelledby="make-title" className="flex flex-col gap-3 p-5 sm:p-6">
          <h2 id="make-title" className="text-xl font-bold">
            Let guests chip in
          </h2>
          <p className="text-muted">Big-ticket gifts are easier to give together. Guests chip in any amount from $5 until the goal is met, instead of one person buying it.</p>
          <p>
            Goal: <strong>{goal}</strong>. The price plus {GROUP_GIFT_GOAL_BUFFER_PERCENT}% covers tax and shipping.
          </p>
          {removed ? null : alreadyGiven ? (
            <Alert tone="info">{groupGiftMessages.alreadyGiven}</Alert>
          ) : (
            <Form method="post">
              <input type="hidden" name="intent" value="mark" />
              <Button type="submit" pending={busy === 'mark'} pendingLabel="Saving…">
                Make it a group gift
              </Button>
            </Form>
          )}
        </Card>
      ) : (
        <>
          <Card as="section" aria-labelledby="progress-title" className="flex flex-col gap-3 p-5 sm:p-6">
            <h2 id="progress-title" className="text-xl font-bold">
              How it is going
            </h2>
            <GroupGiftProgress gift={gift} id="family-gift" />
            <p className="text-sm text-muted">{gift.goalFixed ? `${groupGiftCopy.bufferReason} ${groupGiftCopy.goalFixed}` : groupGiftCopy.bufferReason}</p>
            {pendingChipIns > 0 ? <p className="text-sm text-ink">{pendingChipIns === 1 ? '1 chip-in is' : `${pendingChipIns} chip-ins are`} still being charged.</p> : null}
            <p className="text-sm">
              <Link to="/registry/gift-tracker" className="font-semibold text-berry-700 underline underline-offset-2">
                See who chipped in in your gift tracker
              </Link>
            </p>
            {chipIns === 0 ? (
              <Form method="post">
                <input type="hidden" name="intent" value="unmark" />
                <Button type="submit" variant="secondary" size="sm" pending={busy === 'unmark'} pendingLabel="Saving…">
                  Stop the group gift
                </Button>
              </Form>
            ) : (
              <p className="text-sm text-muted">{groupGiftMessages.hasChipIns(chipIns)}</p>
            )}
          </Card>

          <Card as="section" aria-labelledby="redeem-title" className="flex flex-col gap-3 p-5 sm:p-6">
            <h2 id="redeem-title" className="text-xl font-bold">
              Use the fund
            </h2>
            {redemption?.orderId ? (
              <Alert tone="success" title="Ordered">
                {groupGiftCopy.orderedWithFund(redemption.amountCents)}{' '}
                <Link to={`/orders/${redemption.orderId}`} className="inline-flex min-h-11 items-center font-semibold text-berry-700 underline underline-offset-2">
                  See the order
                </Link>
              </Alert>
            ) : redemption ? (
              <Alert tone="success" title="Redeemed">
                {redemption.use === 'order'
                  ? groupGiftCopy.redeemedOrder(redemption.amountCents)
                  : redemption.method === 'store_credit'
                    ? groupGiftCopy.redeemedCredit(redemption.amountCents)
                    : loaderData.sentToBankAt
                      ? `${formatCents(redemption.amountCents)}: ${payoutCopy.sentOn(formatLongDate(loaderData.sentToBankAt))}.`
                      : groupGiftCopy.redeemedBank(redemption.amountCents)}{' '}
                The gift counts as received on your registry.
                {redemption.use === 'order' ? (
                  <span className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
                    {loaderData.productHref ? (
                      <Link to={loaderData.productHref} className="inline-flex min-h-11 items-center font-semibold text-berry-700 underline underline-offset-2">
                        See it in the shop
                      </Link>
                    ) : null}
                    <Link to={orderCheckoutHref(redemption.regItemId)} className="inline-flex min-h-11 items-center font-semibold text-berry-700 underline underline-offset-2">
                      Go to checkout
                    </Link>
                  </span>
                ) : null}
              </Alert>
            ) : gift.fundedCents === 0 ? (
              <p className="text-muted">Once guests have chipped in, you can use the money here.</p>
            ) : (
              <>
                <p>
                  {payoutMethod === 'store_credit'
                    ? `Turn the ${formatCents(gift.fundedCents)} collected into Nestlist store credit, then buy the gift (or anything else) in the shop. `
                    : `Send the ${formatCents(gift.fundedCents)} collected to your bank account. `}
                  {gift.fullyFunded ? '' : 'It is not fully funded yet: once you use the fund, guests can no longer chip in.'}
                </p>
                <p className="text-sm text-muted">
                  The money goes the way you chose in your{' '}
                  <Link to="/settings/cash-fund-preferences" className="font-semibold text-berry-700 underline underline-offset-2">
                    cash fund preferences
                  </Link>
                  .
                </p>
                {orderable && gift.fullyFunded ? (
                  <div className="flex flex-col gap-2 rounded-card border border-line p-4">
                    <h3 className="font-bold">Order it</h3>
                    <p>
                      It is fully funded: we turn the {formatCents(gift.fundedCents)} into Nestlist store credit (whatever your cash fund preference), put{' '}
                      {gift.quantityNeeded > 1 ? `${gift.quantityNeeded} of them` : 'it'} in your cart and take you to checkout with the credit applied.
                    </p>
                    {canChoose ? (
                      <Form method="post" className="flex flex-col gap-4">
                        <input type="hidden" name="intent" value="order" />
                        {orderChoice ? (
                          <RadioGroup
                            name="option"
                            legend={orderChoiceLegend(orderChoice)}
                            hint={groupGiftCopy.orderChoiceHint(gift.quantityNeeded)}
                            options={orderChoice.map((o) => ({
                              value: o.key,
                              label: [o.size, o.color].filter(Boolean).join(', '),
                              description: o.available ? groupGiftCopy.optionLeft(o.left) : o.left > 0 ? groupGiftCopy.optionTooFew(o.left) : groupGiftCopy.optionSoldOut,
                              disabled: !o.available,
                            }))}
                            defaultValue={failed?.option ?? (orderChoice.filter((o) => o.available).length === 1 ? orderChoice.find((o) => o.available)?.key : undefined)}
                            error={failed?.optionError}
                            columns={2}
                          />
                        ) : null}
                        <div>
                          <Button type="submit" pending={busy === 'order'} pendingLabel="Ordering…">
                            Order it
                          </Button>
                        </div>
                      </Form>
                    ) : (
                      <Alert tone="info">{groupGiftCopy.noOptionInStock}</Alert>
                    )}
                  </div>
                ) : null}
                <Form method="post">
                  <input type="hidden" name="intent" value="redeem" />
                  <Button type="submit" variant={orderable && gift.fullyFunded ? 'secondary' : 'primary'} pending={busy === 'redeem'} pendingLabel="Redeeming…">
                    {payoutMethod === 'store_credit' ? 'Turn into store credit' : 'Send to my bank account'}
                  </Button>
                </Form>
              </>
            )}
          </Card>
        </>
      )}
      <p>
        <LinkButton to={`/${registry.slug}`} variant="secondary" size="sm" icon={<Icon name="eye" className="size-4" />}>
          See your registry as guests do
        </LinkButton>
      </p>
    </Container>
  )
}
