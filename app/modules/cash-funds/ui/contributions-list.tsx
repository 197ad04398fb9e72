import { Form, useNavigation } from 'react-router'
import { formatCents } from '~/lib/money'
import { formatLongDate } from '~/lib/format'
import { Badge, Button } from '~/ui'
import { contributionStatusLabels } from '../cash-funds.strings'

export type ContributionLine = {
  id: string
  /** cash_fund or group_gift (a chip-in towards a registry item). */
  kind: 'cash_fund' | 'group_gift'
  fundTitle: string
  amountCents: number
  status: 'pending' | 'confirmed' | 'cancelled'
  giverName: string
  message: string
  createdAt: string
}

/**
 * The family's view of every cash fund gift (gift tracker): who gave, how much, to which fund, and their
 * message. A gift still being charged can be confirmed (charged now) or declined (the hold released).
 */
export function ContributionsList({ contributions }: { contributions: ContributionLine[] }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' ? String(navigation.formData?.get('id') ?? '') : null
  const received = contributions.filter((c) => c.status === 'confirmed').reduce((n, c) => n + c.amountCents, 0)
  return (
    <section aria-labelledby="cash-gifts-title" className="flex flex-col gap-4">
      <div>
        <h2 id="cash-gifts-title" className="text-xl font-bold text-ink">
          Cash fund and group gifts
        </h2>
        <p className="text-sm text-muted">{formatCents(received)} received in all.</p>
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
            </div>
            <div className="flex shrink-0 flex-wrap items-center gap-2">
              <Badge variant={c.status === 'confirmed' ? 'success' : 'neutral'}>{contributionStatusLabels[c.status]}</Badge>
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
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
