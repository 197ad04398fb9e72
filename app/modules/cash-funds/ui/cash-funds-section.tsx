import type { ComponentProps } from 'react'
import { CashFundCard } from './cash-fund-card'

/** The registry guest page's cash funds: each with its total raised and a way to contribute. */
export function CashFundsSection({ funds }: { funds: ComponentProps<typeof CashFundCard>['fund'][] }) {
  return (
    <section aria-labelledby="cash-funds-title">
      <h2 id="cash-funds-title" className="text-xl font-bold text-ink">
        Cash funds <span className="text-base font-normal text-muted">({funds.length})</span>
      </h2>
      <p className="mt-1 text-sm text-muted">Give any amount by card. The family sees your name and message; other guests see only the total.</p>
      <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {funds.map((f) => (
          <li key={f.id}>
            <CashFundCard fund={f} />
          </li>
        ))}
      </ul>
    </section>
  )
}
