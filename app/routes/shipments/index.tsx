import { Link } from 'react-router'
import { requireUser } from '~/modules/accounts/auth.server'
import { ShipmentCard } from '~/modules/shipping/ui/shipment-parts'
import { Container, Icon, LinkButton } from '~/ui'
import type { Route } from './+types/index'

export const meta = () => [{ title: 'Your shipments | Nestlist' }, { name: 'robots', content: 'noindex' }]
export const headers = () => ({ 'Cache-Control': 'private, no-store' })

/** /shipments: the signed-in user's boxes (their orders) and, for families, gifts on the way to them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const [shipments, managed] = await Promise.all([context.services.shipments.forUser(user.id), context.services.registry.managedBy(user.id)])
  return { ...shipments, managesRegistry: managed.length > 0 }
}

export default function Shipments({ loaderData }: Route.ComponentProps) {
  const { purchases, gifts, managesRegistry } = loaderData
  return (
    <Container size="md" className="py-8 sm:py-12">
      <h1 className="text-3xl font-bold text-ink">Your shipments</h1>
      <p className="mt-2 text-muted">
        Where your orders are, and gifts on their way to your family. Need to send something back? See <Link to="/returns" className="font-semibold text-berry-700 underline underline-offset-2">returns</Link>.
      </p>

      {managesRegistry || gifts.length > 0 ? (
        <section aria-labelledby="gifts-heading" className="mt-8">
          <h2 id="gifts-heading" className="text-xl font-bold text-ink">
            Gifts on the way to you
          </h2>
          <p className="mt-1 text-sm text-muted">
            Gifts bought from the Nestlist Shop wait and ship together in as few boxes as we can. Choose Ship now whenever you are ready; otherwise they ship two weeks before your arrival date.
          </p>
          {gifts.length === 0 ? (
            <p className="mt-4 rounded-card border border-dashed border-line-strong p-4 text-muted">No gifts from the shop yet. When guests buy from your registry on Nestlist, they show up here.</p>
          ) : (
            <ul className="mt-4 flex flex-col gap-3">
              {gifts.map((s) => (
                <li key={s.id}>
                  <ShipmentCard shipment={s} returnTo="/shipments" />
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}

      <section aria-labelledby="orders-heading" className="mt-10">
        <h2 id="orders-heading" className="text-xl font-bold text-ink">
          Your orders
        </h2>
        {purchases.length === 0 ? (
          <div className="mt-4 rounded-card border border-dashed border-line-strong p-6 text-center">
            <Icon name="truck" className="mx-auto size-8 text-berry-700" />
            <p className="mt-2 font-semibold text-ink">Nothing on its way yet.</p>
            <p className="text-muted">When you order from the Nestlist Shop, each box shows up here with its tracking.</p>
            <LinkButton to="/store" className="mt-4">
              Shop Nestlist
            </LinkButton>
          </div>
        ) : (
          <ul className="mt-4 flex flex-col gap-3">
            {purchases.map((s) => (
              <li key={s.id}>
                <ShipmentCard shipment={s} returnTo="/shipments" />
              </li>
            ))}
          </ul>
        )}
      </section>
    </Container>
  )
}
