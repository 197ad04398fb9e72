import { Link } from 'react-router'
import { buttonClasses } from '~/ui'
import type { CashFundView } from '../cash-funds.service.server'
import { FundProgress } from './fund-progress'

/** A cash fund on the registry's guest page: what it is for, the total raised (never who gave) and 'Contribute'. */
export function CashFundCard({ fund }: { fund: Omit<CashFundView, 'registryId' | 'productId'> }) {
  const id = `fund-${fund.id}`
  return (
    <article aria-labelledby={`${id}-title`} className="flex h-full flex-col gap-3 rounded-card border border-line bg-white p-4 shadow-card">
      <div className="flex items-start gap-3">
        <img src={fund.imageUrl} alt="" width={64} height={64} className="size-16 shrink-0 rounded-xl border border-line bg-cream-100 object-cover" />
        <div className="min-w-0">
          <h3 id={`${id}-title`} className="font-bold leading-snug text-ink">
            {fund.title}
          </h3>
          {fund.description ? <p className="mt-0.5 text-sm text-muted">{fund.description}</p> : null}
        </div>
      </div>
      <div className="mt-auto flex flex-col gap-3">
        <FundProgress raisedCents={fund.raisedCents} goalCents={fund.goalCents} count={fund.contributionCount} id={id} />
        <Link to={`/cash_funds/${fund.id}`} className={buttonClasses({ size: 'sm', className: 'self-start' })} aria-describedby={`${id}-title`}>
          Contribute
        </Link>
      </div>
    </article>
  )
}
