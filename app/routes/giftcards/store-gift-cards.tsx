import { data, Link } from 'react-router'
import { formFailure } from '~/lib/form-errors'
import { formatCents } from '~/lib/money'
import { ELECTRONIC_GIFT_CARD_MAX_CENTS, ELECTRONIC_GIFT_CARD_MIN_CENTS } from '~/modules/catalog/catalog.constants'
import { pageCartViewer } from '~/modules/cart/cart-cookie.server'
import { GiftCardForm, type GiftCardFormResult } from '~/modules/giftcards/ui/gift-card-form'
import { Container, Icon } from '~/ui'
import type { Route } from './+types/store-gift-cards'

export const meta = () => [
  { title: 'Nestlist gift cards: send one by email | Nestlist' },
  {
    name: 'description',
    content: `Electronic gift cards from ${formatCents(ELECTRONIC_GIFT_CARD_MIN_CENTS)} to ${formatCents(ELECTRONIC_GIFT_CARD_MAX_CENTS)}, delivered by email with your message.`,
  },
]

/** /store/gift-cards: buy an electronic gift card (amount, design, recipient, message); it goes through the cart. */
export async function loader({ context }: Route.LoaderArgs) {
  return { designs: await context.services.giftCards.designs() }
}

const FIELDS = ['productId', 'amountCents', 'customAmount', 'quantity', 'recipientName', 'recipientEmail', 'senderName', 'message'] as const

/** Adds the gift card to the cart (also the target of the form on gift card product pages). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? '').slice(0, 400)]))
  const { viewer, setCookie } = await pageCartViewer(request, context, {
    create: true,
  })
  const headers = setCookie ? { 'Set-Cookie': setCookie } : undefined
  try {
    const { cart, lineId } = await context.services.cart.addGiftCard(viewer, values)
    const line = cart.lines.find((l) => l.id === lineId)!
    return data<GiftCardFormResult>(
      {
        ok: true,
        at: Date.now(),
        added: {
          amountCents: line.unitPriceCents,
          quantity: line.quantity,
          recipientName: line.giftCard?.recipientName ?? '',
        },
      },
      { headers },
    )
  } catch (error) {
    const failure = formFailure(error)
    return data<GiftCardFormResult>(
      {
        ok: false,
        at: Date.now(),
        message: failure.message,
        fields: failure.fields,
        values,
      },
      { status: failure.status, headers },
    )
  }
}

export default function StoreGiftCards({ loaderData, actionData }: Route.ComponentProps) {
  const { designs } = loaderData
  return (
    <Container size="lg" className="py-8 sm:py-12">
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem] lg:gap-12">
        <div className="min-w-0">
          <p className="text-sm font-semibold tracking-wide text-muted uppercase">Nestlist Shop</p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">Send a Nestlist gift card</h1>
          <p className="mt-3 max-w-prose text-lg text-muted">
            The gift that always fits: any amount from {formatCents(ELECTRONIC_GIFT_CARD_MIN_CENTS)} to {formatCents(ELECTRONIC_GIFT_CARD_MAX_CENTS)}, delivered by email with your
            message, for anything in the Nestlist Shop.
          </p>
          <div className="mt-8">
            {designs.length === 0 ? (
              <p className="rounded-card border border-dashed border-line-strong p-6 text-center text-muted">Gift cards are not on sale right now. Please check back soon.</p>
            ) : (
              <GiftCardForm designs={designs} result={actionData as GiftCardFormResult | undefined} />
            )}
          </div>
        </div>
        <aside aria-labelledby="gift-card-how" className="self-start rounded-card bg-sage-50 p-5 text-sm">
          <h2 id="gift-card-how" className="text-base font-bold text-ink">
            How it works
          </h2>
          <ol className="mt-3 flex list-decimal flex-col gap-2 pl-5 text-ink">
            <li>Choose an amount and add your message.</li>
            <li>Check out like any order.</li>
            <li>We email the code to the recipient as soon as your order is paid, and send you a copy without it.</li>
          </ol>
          <p className="mt-4 flex items-start gap-2 text-ink">
            <Icon name="gift" className="mt-0.5 size-4 text-berry-700" />
            <span>
              Got a gift card? Use its code at checkout, or{' '}
              <Link to="/settings/gift-cards-and-promos" className="font-semibold text-berry-800 underline underline-offset-2">
                add it to your balance
              </Link>
              .
            </span>
          </p>
        </aside>
      </div>
    </Container>
  )
}
