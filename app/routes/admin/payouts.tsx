import { data } from 'react-router'
import { formatLongDate } from '~/lib/format'
import { type FormFailure, formFailure } from '~/lib/form-errors'
import { formatCents } from '~/lib/money'
import { requireStaff } from '~/modules/accounts/auth.server'
import { payoutCopy } from '~/modules/cash-funds/cash-funds.strings'
import { type PayoutFormFailure, StaffPayoutCard } from '~/modules/cash-funds/ui/staff-payout-card'
import { StaffPageHeader } from '~/components/staff-page'
import { Alert } from '~/ui'
import type { Route } from './+types/payouts'

export const meta = () => [{ title: 'Bank transfer payouts | Nestlist staff' }, { name: 'robots', content: 'noindex' }]
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

/**
 * /admin/payouts (decision 030, h14): staff see the families owed cash fund money by bank transfer, record each
 * transfer they sent, and the transfers sent. Everyone else gets the 404 page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context)
  const actor = { userId: staff.user.id, role: staff.user.role }
  const [owed, history] = await Promise.all([context.services.cashFunds.owedPayouts(actor), context.services.cashFunds.payoutHistory(actor, 50)])
  return { owed, history }
}

type PayoutResult = { ok: true; registryId: number; message: string } | (FormFailure & PayoutFormFailure)

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context)
  const form = await request.formData()
  const registryId = /^\d{1,15}$/.test(String(form.get('registryId') ?? '')) ? Number(form.get('registryId')) : 0
  const values = { reference: String(form.get('reference') ?? '').slice(0, 200) }
  const accountLast4 = String(form.get('accountLast4') ?? '')
  try {
    const { payout, created } = await context.services.cashFunds.recordPayout(
      { userId: staff.user.id, role: staff.user.role },
      {
        registryId,
        reference: values.reference,
        contributionIds: form.getAll('contributionId').map(String).slice(0, 1000),
        redemptionIds: form.getAll('redemptionId').map(String).slice(0, 1000),
        ...(accountLast4 ? { accountLast4 } : {}),
      },
    )
    const family = payout.familyName ?? 'the family'
    return data<PayoutResult>({
      ok: true,
      registryId,
      message: created ? payoutCopy.recorded(payout.amountCents, family, payout.accountLast4, payout.reference) : payoutCopy.repeated(payout.amountCents, family, payout.reference),
    })
  } catch (error) {
    const failure = formFailure(error)
    return data<PayoutResult>({ ...failure, registryId, values }, { status: failure.status })
  }
}

export default function AdminPayouts({ loaderData, actionData }: Route.ComponentProps) {
  const { owed, history } = loaderData
  const result = actionData as PayoutResult | undefined
  const failure = result && !result.ok ? result : undefined
  // A failure for a registry no longer listed (someone else paid it meanwhile) is said at the top.
  const orphan = failure && !owed.some((o) => o.registryId === failure.registryId) ? failure : undefined
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <StaffPageHeader title="Bank transfer payouts" success={result?.ok ? result.message : null}>
        Families who chose to receive cash fund money by bank transfer, oldest debt first. Send the transfer from the bank, then record it here with the bank&apos;s
        reference: the family is emailed and their gift tracker shows each gift sent.
      </StaffPageHeader>
      {orphan ? <Alert tone="error">{orphan.message}</Alert> : null}
      <section aria-labelledby="owed-title" className="flex flex-col gap-3">
        <h2 id="owed-title" className="text-xl font-bold">
          Owed by bank transfer
          {owed.length > 0 ? <span className="font-normal text-muted">&nbsp;· {formatCents(owed.reduce((s, o) => s + o.totalCents, 0))} to {owed.length === 1 ? '1 family' : `${owed.length} families`}</span> : null}
        </h2>
        {owed.length === 0 ? (
          <p className="text-base text-muted">Nothing is owed by bank transfer right now.</p>
        ) : (
          <ul className="flex flex-col gap-4">
            {owed.map((o) => (
              <li key={o.registryId}>
                <StaffPayoutCard owed={o} failure={failure && failure.registryId === o.registryId ? failure : undefined} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="sent-title" className="flex flex-col gap-3">
        <h2 id="sent-title" className="text-xl font-bold">
          Transfers sent
        </h2>
        {history.length === 0 ? (
          <p className="text-base text-muted">No transfers recorded yet.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {history.map((p) => (
              <li key={p.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-xl border border-line bg-white px-4 py-3 text-sm">
                <span className="min-w-0 break-words">
                  <span className="font-semibold">{p.familyName ?? 'A deleted registry'}</span>
                  {p.registryTitle ? <span className="text-muted">&nbsp;· {p.registryTitle}</span> : null}
                  <span className="block text-muted">
                    ****{p.accountLast4}&nbsp;· reference <span className="font-mono break-all text-ink">{p.reference}</span>&nbsp;· {p.itemCount === 1 ? '1 gift' : `${p.itemCount} gifts`}
                  </span>
                </span>
                <span className="text-muted">
                  <span className="font-semibold text-ink tabular-nums">{formatCents(p.amountCents)}</span>&nbsp;· {p.sentBy ? `by ${p.sentBy}` : 'by Nestlist staff'}&nbsp;· {formatLongDate(p.sentAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
