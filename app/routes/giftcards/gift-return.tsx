import { Link } from 'react-router'
import { isDomainError } from '~/lib/errors'
import { formatLongDate } from '~/lib/format'
import { formatCents } from '~/lib/money'
import { requireUser } from '~/modules/accounts/auth.server'
import { useHydrated } from '~/modules/catalog/ui/filters/use-hydrated'
import { giftReturnStatusLabels } from '~/modules/giftcards/giftcards.validation'
import { Badge, Button, Card, Container, LinkButton } from '~/ui'
import type { Route } from './+types/gift-return'

export const meta = ({ data }: Route.MetaArgs) => [
  { title: data?.giftReturn.returnCode ? `Return ${data.giftReturn.returnCode} | Nestlist` : 'Returned gift | Nestlist' },
  { name: 'robots', content: 'noindex' },
]
export const headers = () => ({ 'Cache-Control': 'private, no-store' })

/** `?print=1`: the page alone, without the shop's header and footer, to print and put in the box. */
export const handle = { bare: (location: { pathname: string; search: string }) => new URLSearchParams(location.search).get('print') === '1' }

/**
 * /returns/gift/{id}: one gift return for the family (owner or collaborator; anyone else the 404 page). For a
 * shipped gift: the return code, where to send it, and that the credit comes when it arrives; printable.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  try {
    return { giftReturn: await context.services.giftCards.giftReturnFor(params.id, user.id), printing: new URL(request.url).searchParams.get('print') === '1' }
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_found') throw new Response('Not Found', { status: 404 })
    throw error
  }
}

const optionWords = (o: { size?: string; color?: string }) => [o.size, o.color].filter(Boolean).join(', ')

/** Printing needs JavaScript; without it the page says to use the browser's Print command. */
function PrintButton() {
  if (!useHydrated()) return <p className="text-sm text-muted">Use your browser’s Print command to print this page.</p>
  return (
    <Button type="button" onClick={() => window.print()}>
      Print this page
    </Button>
  )
}

export default function GiftReturn({ loaderData }: Route.ComponentProps) {
  const { giftReturn: r, printing } = loaderData
  const item = `${r.quantity} × ${r.title}${optionWords(r.options) ? ` (${optionWords(r.options)})` : ''}`
  const badge = r.status === 'awaiting_return_shipment' ? 'soon' : 'success'
  return (
    <Container size="md" className="py-8 sm:py-12 print:py-0">
      {printing ? null : (
        <Link to="/returns/gift" className="text-sm font-semibold text-berry-700 underline underline-offset-2 print:hidden">
          ← Your gift returns
        </Link>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink">{r.returnCode ? `Return ${r.returnCode}` : 'Returned gift'}</h1>
        <Badge variant={badge}>{giftReturnStatusLabels[r.status]}</Badge>
      </div>
      <p className="mt-2 text-muted">
        {item}&nbsp;· {r.registryTitle}&nbsp;· returned {formatLongDate(r.createdAt)}&nbsp;· {r.reasonLabel}
      </p>

      {r.status === 'awaiting_return_shipment' && r.returnAddress ? (
        <>
          <Card as="section" aria-labelledby="label-heading" className="mt-6 border-2 border-dashed border-ink p-5 sm:p-6">
            <h2 id="label-heading" className="text-sm font-bold tracking-wide text-muted uppercase">
              Return label: ship to
            </h2>
            <address className="mt-2 text-lg leading-snug font-semibold text-ink not-italic">
              {r.returnAddress.name}
              <br />
              {r.returnAddress.line1}
              <br />
              {r.returnAddress.line2}
              <br />
              {r.returnAddress.city}, {r.returnAddress.state} {r.returnAddress.zip}
            </address>
            <p className="mt-4 text-sm font-bold tracking-wide text-muted uppercase">Return code</p>
            <p className="font-mono text-3xl font-extrabold tracking-widest text-ink">{r.returnCode}</p>
            <p className="mt-1 text-sm text-muted">{item}</p>
          </Card>

          <section aria-labelledby="steps-heading" className="mt-8">
            <h2 id="steps-heading" className="text-xl font-bold text-ink">
              How to send it back
            </h2>
            <ol className="mt-3 flex list-decimal flex-col gap-2 pl-5 text-ink">
              <li>Pack the gift securely, in its original packaging if you still have it.</li>
              <li>
                Print this page and put it in the box, or write the return code <span className="font-mono font-bold">{r.returnCode}</span> clearly on the outside.
              </li>
              <li>Send it to the address above with any carrier, and keep the receipt.</li>
              <li>
                When it arrives, we add <strong>{formatCents(r.creditCents)}</strong> of store credit to your account and email you. The person who gave it is never told.
              </li>
            </ol>
          </section>
          <div className="mt-6 flex flex-wrap items-center gap-3 print:hidden">
            {printing ? (
              <PrintButton />
            ) : (
              <LinkButton to={`/returns/gift/${r.id}?print=1`} variant="secondary">
                Printable version
              </LinkButton>
            )}
          </div>
        </>
      ) : (
        <Card as="section" className="mt-6 p-5 sm:p-6">
          <p className="text-ink">
            {r.status === 'received'
              ? `We received it${r.receivedAt ? ` on ${formatLongDate(r.receivedAt)}` : ''}, and ${formatCents(r.creditCents)} of store credit was added to your account.`
              : `It had not left our warehouse, so there is nothing to send back. ${formatCents(r.creditCents)} of store credit was added to your account.`}
          </p>
          <Link to="/settings/gift-cards-and-promos" className="mt-3 inline-block font-semibold text-berry-700 underline underline-offset-2 print:hidden">
            See your store credit
          </Link>
        </Card>
      )}
    </Container>
  )
}
