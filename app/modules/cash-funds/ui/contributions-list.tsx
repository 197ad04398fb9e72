import { Form, Link, useNavigation } from 'react-router'
import { formatCents } from '~/lib/money'
import { formatLongDate } from '~/lib/format'
import { Badge, Button } from '~/ui'
import { contributionStatusLabels, contributionTotalsCopy as tc, payoutCopy } from '../cash-funds.strings'
import { contributionTotals } from '../contribution-totals'

export type ContributionLine = {
  id: string
  /** cash_fund or group_gift (a chip-in towards a registry item). */
  kind: 'cash_fund' | 'group_gift'
  /** The group gift (registry item) of a chip-in; null for a cash fund gift. */
  regItemId: number | null
  fundTitle: string
  amountCents: number
  status: 'pending' | 'confirmed' | 'cancelled'
  giverName: string
  message: string
  createdAt: string
  /** A charged chip-in still in its group gift's fund (the family has not used the fund yet). */
  waitingInGroupGift: boolean
  /** How the money reaches the family (null while it is not theirs yet). */
  payout: 'store_credit' | 'bank_transfer' | null
  /** A bank transfer: when Nestlist sent it; null while it waits for the transfer (h14). */
  sentToBankAt: string | null
}

/**
 * The family's view of every cash fund gift (gift tracker): who gave, how much, to which fund, and their
 * message. A gift still being charged can be confirmed (charged now) or declined (the hold released).
 */
export function ContributionsList({ contributions }: { contributions: ContributionLine[] }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' ? String(navigation.formData?.get('id') ?? '') : null
  const totals = contributionTotals(contributions)
  const toSendCents = contributions.reduce((sum, c) => (c.status === 'confirmed' && c.payout === 'bank_transfer' && !c.sentToBankAt ? sum + c.amountCents : sum), 0)
  return (
    <section aria-labelledby="cash-gifts-title" className="flex flex-col gap-4">
      <div>
        <h2 id="cash-gifts-title" className="text-xl font-bold text-ink">
          Cash fund and group gifts
        </h2>
        <p className="text-sm text-muted">{tc.received(totals.receivedCents)}</p>
        {totals.waitingCents > 0 ? <p className="text-sm text-ink">{tc.waiting(totals.waitingCents)}</p> : null}
        {toSendCents > 0 ? <p className="text-sm text-ink">{payoutCopy.toSend(toSendCents)}</p> : null}
        {totals.chargingCents > 0 ? <p className="text-sm text-muted">{tc.charging(totals.chargingCents)}</p> : null}
      </div>
      <ul className="flex flex-col divide-y divide-line rounded-card border border-line bg-white">
        {contributions.map((c) => (
          <li key={c.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <p className="font-semibold text-ink">
                {c.kind === 'group_gift' ? (
                  <>
                    {c.giverName} chipped in {formatCents(c.amountCents)} <span className="font-normal text-muted">towards {c.fundTitle} (group gift)</span>
                  </>
                ) : (
                  <>
                    {c.giverName} gave {formatCents(c.amountCents)} <span className="font-normal text-muted">to {c.fundTitle}</span>
                  </>
                )}
              </p>
              {c.message ? <p className="mt-1 break-words text-ink">“{c.message}”</p> : null}
              <p className="mt-1 text-sm text-muted">{formatLongDate(c.createdAt)}</p>
              {c.status === 'confirmed' && c.payout === 'bank_transfer' && c.sentToBankAt ? (
                <p className="mt-1 text-sm font-semibold text-sage-800">{payoutCopy.sentOn(formatLongDate(c.sentToBankAt))}</p>
              ) : null}
            </div>
            <div className="flex shrink-0 flex-wrap items-center gap-2">
              {c.waitingInGroupGift ? (
                <Badge variant="neutral">{tc.waitingBadge}</Badge>
              ) : c.status === 'confirmed' && c.payout === 'bank_transfer' ? (
                // Bank transfers (h14): sent by Nestlist's payouts team, or still to send.
                c.sentToBankAt ? (
                  <Badge variant="success">{payoutCopy.sentBadge}</Badge>
                ) : (
                  <Badge variant="neutral">{payoutCopy.waiting}</Badge>
                )
              ) : (
                <Badge variant={c.status === 'confirmed' ? 'success' : 'neutral'}>{contributionStatusLabels[c.status]}</Badge>
              )}
              {c.status === 'pending' ? (
                <>
                  <Form method="post">
                    <input type="hidden" name="intent" value="confirm-contribution" />
                    <input type="hidden" name="id" value={c.id} />
                    <Button type="submit" size="sm" pending={busy === c.id} pendingLabel="Charging…">
                      Charge now
                    </Button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="intent" value="cancel-contribution" />
                    <input type="hidden" name="id" value={c.id} />
                    <Button type="submit" size="sm" variant="ghost">
                      Decline
                    </Button>
                  </Form>
                </>
              ) : null}
              {c.waitingInGroupGift && c.regItemId !== null ? (
                <Link to={`/registry/items/${c.regItemId}/group-gift`} className="inline-flex min-h-11 items-center text-sm font-semibold text-berry-700 underline underline-offset-2">
                  {tc.useFund}
                  <span className="sr-only"> of {c.fundTitle}</span>
                </Link>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
