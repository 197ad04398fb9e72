import { formatCents } from '~/lib/money'
import { Badge, Icon } from '~/ui'
import { groupGiftCopy } from '../cash-funds.strings'

export type GroupGiftProgressData = {
  goalCents: number
  fundedCents: number
  contributorCount: number
  fullyFunded: boolean
  redeemed: boolean
}

/**
 * A group gift's progress as guests see it: the amount funded of the goal with a bar (a native <progress>,
 * announced with its label) and how many people chipped in; never who or how much each.
 */
export function GroupGiftProgress({ gift, id }: { gift: GroupGiftProgressData; id: string }) {
  const done = gift.fullyFunded || gift.redeemed
  return (
    <div className="flex flex-col gap-1.5">
      <p className="flex flex-wrap items-center gap-2">
        <Badge variant="primary">
          <Icon name="gift" className="size-3" /> {groupGiftCopy.label}
        </Badge>
        {done ? (
          <span className="flex items-center gap-1 text-sm font-semibold text-sage-800">
            <Icon name="check-circle" className="size-4" /> {gift.redeemed && !gift.fullyFunded ? groupGiftCopy.closed : groupGiftCopy.fullyFunded}
          </span>
        ) : null}
      </p>
      <p id={`${id}-funded`} className="text-sm font-semibold text-ink">
        {groupGiftCopy.funded(gift.fundedCents, gift.goalCents)}
      </p>
      <progress
        aria-labelledby={`${id}-funded`}
        max={gift.goalCents}
        value={Math.min(gift.fundedCents, gift.goalCents)}
        className="h-2.5 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-berry-700 [&::-webkit-progress-bar]:bg-cream-200 [&::-webkit-progress-value]:bg-berry-700"
      >
        {formatCents(gift.fundedCents)}
      </progress>
      <p className="text-sm text-muted">{groupGiftCopy.people(gift.contributorCount)}</p>
    </div>
  )
}
