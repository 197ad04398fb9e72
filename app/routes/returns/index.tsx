import { Link } from 'react-router'
import { RETURN_WINDOW_MONTHS } from '~/modules/shipping/shipping.validation'
import { Card, Container, Icon, LinkButton } from '~/ui'

export const meta = () => [
  { title: 'Returns and refunds | Nestlist' },
  { name: 'description', content: `Return Nestlist Shop items within ${RETURN_WINDOW_MONTHS} months for a refund to your original payment. Registry gifts can be returned for store credit.` },
]

/** /returns: the return policy, and the two ways in (your own order, or a gift you received). */
export default function Returns() {
  return (
    <Container size="md" className="py-8 sm:py-12">
      <h1 className="text-3xl font-bold text-ink">Returns and refunds</h1>
      <p className="mt-2 text-lg text-muted">Changed your mind, or it is the wrong size? You have {RETURN_WINDOW_MONTHS} months.</p>

      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        <Card className="flex flex-col gap-3 p-5">
          <Icon name="return" className="size-7 text-berry-700" />
          <h2 className="text-xl font-bold text-ink">Something you bought</h2>
          <p className="text-muted">Return items from your own Nestlist Shop order. The refund goes back to the card you paid with.</p>
          <LinkButton to="/returns/purchase" className="mt-auto self-start">
            Return a purchase
          </LinkButton>
        </Card>
        <Card className="flex flex-col gap-3 p-5">
          <Icon name="gift" className="size-7 text-berry-700" />
          <h2 className="text-xl font-bold text-ink">A gift you received</h2>
          <p className="text-muted">Return a gift from your registry for Nestlist store credit. We never tell the giver that you returned it.</p>
          <LinkButton to="/returns/gift" variant="secondary" className="mt-auto self-start">
            Return a gift
          </LinkButton>
        </Card>
      </div>

      <section aria-labelledby="policy" className="mt-10 flex flex-col gap-6 text-ink">
        <h2 id="policy" className="text-2xl font-bold">
          Our return policy
        </h2>
        <div>
          <h3 className="text-lg font-bold">How long you have</h3>
          <p className="mt-1 text-muted">
            {RETURN_WINDOW_MONTHS} months from the day an item was delivered. Until it is delivered, the {RETURN_WINDOW_MONTHS} months count from the day you ordered. Each item’s last day to return is shown when you start a return.
          </p>
        </div>
        <div>
          <h3 className="text-lg font-bold">What you can return</h3>
          <ul className="mt-1 list-disc pl-5 text-muted">
            <li>Anything sold by the Nestlist Shop, new or gently tried, in the condition you received it.</li>
            <li>Part of an order: choose the items and how many of each.</li>
            <li>Electronic gift cards cannot be returned.</li>
            <li>A gift you bought for someone’s registry belongs to them: the family can return it for store credit.</li>
          </ul>
        </div>
        <div>
          <h3 className="text-lg font-bold">Your refund</h3>
          <ul className="mt-1 list-disc pl-5 text-muted">
            <li>Goes back to the card you paid with, the moment you submit the return. Banks usually show it within 5 to 10 business days.</li>
            <li>Is what you paid for the items: their price less any discount you got on them, plus the tax you paid on them.</li>
            <li>Includes the shipping you paid once every item of the order has been returned.</li>
          </ul>
        </div>
        <div>
          <h3 className="text-lg font-bold">Gifts waiting to ship</h3>
          <p className="mt-1 text-muted">
            Registry gifts from the shop are held and shipped to the family together. Families can send them any time from{' '}
            <Link to="/shipments" className="font-semibold text-berry-700 underline underline-offset-2">
              your shipments
            </Link>
            .
          </p>
        </div>
      </section>
    </Container>
  )
}
