// The registry home's 'New since your last visit': the gifts given after the family's visit before this one
// (gift-notices.server.ts decides what a visit is and leaves out everything a surprise hides).
import { Link } from 'react-router'
import { Card } from '~/ui'

export type NewGift = { sentence: string; message: string; at: string }

const when = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })

/** Nothing on a first visit (there is no 'last visit' yet); a short list, or 'nothing new', after that. */
export function NewSinceLastVisit({ since, gifts, total, trackerHref }: { since: string | null; gifts: NewGift[]; total: number; trackerHref: string }) {
  if (!since) return null
  return (
    <Card as="section" aria-labelledby="new-since-heading" className="flex flex-col gap-3 p-5 sm:p-6">
      <h2 id="new-since-heading" className="text-lg font-bold">
        New since your last visit
      </h2>
      {gifts.length === 0 ? (
        <p className="text-muted">No new gifts since {when(since)}.</p>
      ) : (
        <>
          <ul className="flex flex-col divide-y divide-line">
            {gifts.map((g, i) => (
              <li key={i} className="py-2 first:pt-0 last:pb-0">
                <p className="font-semibold">{g.sentence}</p>
                {g.message ? <p className="text-sm text-muted">“{g.message}”</p> : null}
                <p className="text-xs text-muted">{when(g.at)}</p>
              </li>
            ))}
          </ul>
          <p>
            <Link to={trackerHref} className="inline-flex min-h-6 items-center font-semibold text-berry-700 underline underline-offset-2">
              {total > gifts.length ? `See all ${total} in your gift tracker` : 'Say thank you in your gift tracker'}
            </Link>
          </p>
        </>
      )}
    </Card>
  )
}
