import { formatCents } from '~/lib/money'
import { cashFundCopy } from '../cash-funds.strings'

/** The amount raised, and with a goal a progress bar (a native <progress>, announced with its label). */
export function FundProgress({ raisedCents, goalCents, count, id }: { raisedCents: number; goalCents: number | null; count: number; id: string }) {
  const label = cashFundCopy.raised(raisedCents, goalCents)
  return (
    <div className="flex flex-col gap-1.5">
      <p id={`${id}-raised`} className="text-sm font-semibold text-ink">
        {label}
        {count > 0 ? <span className="font-normal text-muted">&nbsp;· {count === 1 ? '1 gift' : `${count} gifts`}</span> : null}
      </p>
      {goalCents ? (
        <progress
          aria-labelledby={`${id}-raised`}
          max={goalCents}
          value={Math.min(raisedCents, goalCents)}
          className="h-2.5 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-berry-700 [&::-webkit-progress-bar]:bg-cream-200 [&::-webkit-progress-value]:bg-berry-700"
        >
          {formatCents(raisedCents)}
        </progress>
      ) : null}
    </div>
  )
}
