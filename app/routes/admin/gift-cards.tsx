import { Link } from 'react-router'
import { StaffPageHeader, StaffSearchForm } from '~/components/staff-page'
import { isDomainError } from '~/lib/errors'
import { formatLongDate } from '~/lib/format'
import { formatCents } from '~/lib/money'
import { requireStaff } from '~/modules/accounts/auth.server'
import { giftCardSupportStrings as t } from '~/modules/giftcards/gift-card-support.strings'
import { Alert, Badge, Card } from '~/ui'
import type { Route } from './+types/gift-cards'

export const meta = () => [{ title: `${t.title} | Nestlist staff` }, { name: 'robots', content: 'noindex' }]
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

/**
 * /admin/gift-cards: staff find gift cards (by the last 4 of a code, an email, or a card or order id) and look up
 * an account's store credit by email. Everyone else gets the 404 page. Both searches are GET forms.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context)
  const url = new URL(request.url)
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 254)
  const email = (url.searchParams.get('email') ?? '').trim().slice(0, 254)
  const support = context.services.giftCardSupport
  const attempt = async <T,>(run: () => Promise<T>): Promise<{ value: T; error: null } | { value: null; error: string }> => {
    try {
      return { value: await run(), error: null }
    } catch (error) {
      if (isDomainError(error) && (error.code === 'invalid_input' || error.code === 'not_found')) return { value: null, error: error.message }
      throw error
    }
  }
  const [cards, credit] = await Promise.all([q ? attempt(() => support.find(q)) : null, email ? attempt(() => support.creditFor(email)) : null])
  return { q, email, cards, credit }
}

const statusVariant = { active: 'success', used_up: 'neutral', redeemed: 'info' } as const

export default function AdminGiftCards({ loaderData }: Route.ComponentProps) {
  const { q, email, cards, credit } = loaderData
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <StaffPageHeader title={t.title}>{t.intro}</StaffPageHeader>
      <StaffSearchForm
        label={t.searchLabel}
        name="q"
        field={t.searchField}
        hint={t.searchHint}
        value={q}
        submitLabel={t.find}
        clear={{ to: email ? `/admin/gift-cards?email=${encodeURIComponent(email)}` : '/admin/gift-cards', label: t.clear }}
        maxLength={254}
        hidden={{ email }}
      />
      {cards?.error ? <Alert tone="error">{cards.error}</Alert> : null}
      {cards?.value ? (
        <section aria-labelledby="cards-title" className="flex flex-col gap-3">
          <h2 id="cards-title" className="text-xl font-bold">
            {t.resultsTitle(cards.value.length)}
          </h2>
          {cards.value.length === 0 ? (
            <p className="text-base text-muted">{t.noResults}</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {cards.value.map((c) => (
                <li key={c.id}>
                  <Card className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
                    <div className="min-w-0">
                      <p className="flex flex-wrap items-center gap-2">
                        <Link to={`/admin/gift-cards/${c.id}`} aria-label={t.open(c.last4)} className="font-mono text-lg font-bold text-berry-700 underline underline-offset-2">
                          ••••{c.last4}
                        </Link>
                        <Badge variant={statusVariant[c.status]}>{t.statusLabels[c.status]}</Badge>
                        {c.emailedAt ? null : <Badge variant="soon">{t.notEmailed}</Badge>}
                      </p>
                      <p className="mt-1 text-sm break-words text-muted">
                        {t.to(c.recipientName, c.recipientEmail)} {t.from(c.senderName)}, {t.boughtBy(c.purchaserEmail, formatLongDate(c.createdAt))}
                      </p>
                    </div>
                    <p className="shrink-0 font-semibold tabular-nums">{t.of(c.balanceCents, c.initialCents)}</p>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}

      <StaffSearchForm
        label={t.creditLabel}
        name="email"
        field={t.creditField}
        hint={t.creditHint}
        value={email}
        submitLabel={t.findCredit}
        clear={{ to: q ? `/admin/gift-cards?q=${encodeURIComponent(q)}` : '/admin/gift-cards', label: t.clear }}
        maxLength={254}
        hidden={{ q }}
      />
      {credit?.error ? <Alert tone="error">{credit.error}</Alert> : null}
      {credit?.value ? (
        <section aria-labelledby="credit-title" className="flex flex-col gap-3">
          <h2 id="credit-title" className="text-xl font-bold break-words">
            {t.creditTitle(credit.value.user.email)}
          </h2>
          <p className="text-base">
            {t.balance}: <span className="font-bold tabular-nums">{formatCents(credit.value.balanceCents)}</span>
          </p>
          {credit.value.entries.length === 0 ? (
            <p className="text-base text-muted">{t.noEntries}</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {credit.value.entries.map((e) => (
                <li key={e.id} className="flex flex-wrap items-baseline justify-between gap-2 rounded-xl border border-line bg-white px-4 py-3 text-sm">
                  <span className="min-w-0 break-words">
                    <span className="font-semibold">{t.creditReasonLabels[e.reason]}</span>
                    {e.note ? <>&nbsp;· {e.note}</> : null}
                    {e.orderId ? (
                      <>
                        &nbsp;·{' '}
                        <Link to={`/bl_admin/orders/${e.orderId}`} className="font-mono text-berry-700 underline underline-offset-2">
                          {t.order} {e.orderId.slice(0, 8)}
                        </Link>
                      </>
                    ) : null}
                  </span>
                  <span className="text-muted">
                    <span className={e.amountCents < 0 ? 'font-semibold text-ink tabular-nums' : 'font-semibold text-sage-800 tabular-nums'}>
                      {e.amountCents < 0 ? `−${formatCents(-e.amountCents)}` : `+${formatCents(e.amountCents)}`}
                    </span>
                    &nbsp;· {formatCents(e.balanceAfterCents)}&nbsp;· {formatLongDate(e.createdAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  )
}
