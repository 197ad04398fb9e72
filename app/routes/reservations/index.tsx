import { Link } from 'react-router'
import { requireUser } from '~/modules/accounts/auth.server'
import { formatCents } from '~/lib/money'
import { Badge, Container, Icon, LinkButton } from '~/ui'
import type { Route } from './+types/index'
import { ItemPicture } from '~/modules/registry/ui/item-picture'

export const meta = () => [{ title: 'Your reservations | Nestlist' }, { name: 'robots', content: 'noindex' }]
export const headers = () => ({ 'Cache-Control': 'private, no-store' })

/** /reservations: the signed-in giver's gifts (by account, or by their email once confirmed), grouped by registry. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const all = await context.services.reservations.forUser(user)
  const groups = new Map<number, { registry: (typeof all)[number]['registry']; reservations: typeof all }>()
  for (const r of all) {
    const g = groups.get(r.registry.id) ?? { registry: r.registry, reservations: [] }
    g.reservations.push(r)
    groups.set(r.registry.id, g)
  }
  return { groups: [...groups.values()] }
}

const statusBadge = {
  reserved: <Badge variant="info">Reserved</Badge>,
  purchased: <Badge variant="success">Bought</Badge>,
  cancelled: <Badge variant="neutral">Unreserved</Badge>,
}

export default function Reservations({ loaderData }: Route.ComponentProps) {
  const { groups } = loaderData
  return (
    <Container size="md" className="py-8 sm:py-12">
      <h1 className="text-3xl font-bold text-ink">Your reservations</h1>
      <p className="mt-2 text-muted">Gifts you reserved or bought for families on Nestlist.</p>
      {groups.length === 0 ? (
        <div className="mt-8 rounded-card border border-dashed border-line-strong p-6 text-center">
          <Icon name="gift" className="mx-auto size-8 text-berry-700" />
          <p className="mt-2 font-semibold text-ink">You have not reserved any gifts yet.</p>
          <p className="text-muted">Find a friend’s registry to pick something they need.</p>
          <LinkButton to="/find" className="mt-4">
            Find a registry
          </LinkButton>
        </div>
      ) : (
        <div className="mt-8 flex flex-col gap-8">
          {groups.map((g) => (
            <section key={g.registry.id} aria-labelledby={`reg-${g.registry.id}`}>
              <h2 id={`reg-${g.registry.id}`} className="text-xl font-bold text-ink">
                <Link to={`/${g.registry.slug}`} className="hover:text-berry-700 hover:underline">
                  {g.registry.familyName}
                </Link>
              </h2>
              <p className="text-sm text-muted">{g.registry.title}</p>
              <ul className="mt-3 flex flex-col gap-3">
                {g.reservations.map((r) => (
                  <li key={r.id}>
                    <Link
                      to={`/reservations/${r.id}`}
                      className="flex items-center gap-4 rounded-card border border-line bg-white p-3 shadow-card transition-colors hover:border-berry-700"
                    >
                      <ItemPicture item={r.item} width={64} height={64} className="size-16 shrink-0 rounded-xl border border-line object-cover" />
                      <span className="min-w-0 flex-1">
                        <span className="block font-semibold text-ink">{r.item.title}</span>
                        <span className="block text-sm text-muted">
                          {formatCents(r.item.priceCents)}&nbsp;· Quantity {r.quantity}
                        </span>
                      </span>
                      {statusBadge[r.status]}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </Container>
  )
}
