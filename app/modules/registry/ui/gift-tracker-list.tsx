// The gift tracker's list: every gift with giver, item, quantity, date, source, thank-you address and a
// 'Thank-you sent' checkbox that saves at once (or with its Save button before scripts load).
import { useFetcher } from 'react-router'
import type { TrackedGift } from '~/modules/registry/reservations.service.server'
import { Badge, type BadgeVariant, Button } from '~/ui'
import { useScripted } from './add-to-registry'

/** A gift as the page shows it (no giver email: the tracker does not need it). */
export type GiftLine = Omit<TrackedGift, 'giverEmail'>

export type ThankYouResult = { ok: true; id: string; sent: boolean; at: number; notice?: string } | { ok: false; id: string | null; message: string; at: number }

const sourceLabel = (g: Pick<GiftLine, 'source' | 'status'>): { label: string; variant: BadgeVariant } =>
  g.source === 'nestlist_order'
    ? { label: 'Bought on Nestlist', variant: 'success' }
    : g.source === 'bought_elsewhere'
      ? { label: 'Bought elsewhere', variant: 'info' }
      : g.status === 'purchased'
        ? { label: 'Bought', variant: 'success' }
        : { label: 'Reserved', variant: 'neutral' }

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

export function GiftTrackerList({ gifts }: { gifts: GiftLine[] }) {
  return (
    <ul className="flex flex-col gap-3" aria-label="Gifts">
      {gifts.map((g) => (
        <GiftRow key={g.id} gift={g} />
      ))}
    </ul>
  )
}

function GiftRow({ gift }: { gift: GiftLine }) {
  const fetcher = useFetcher<ThankYouResult>()
  const scripted = useScripted()
  const failed = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data : undefined
  const source = sourceLabel(gift)
  const address = gift.thankYouAddress
  const headingId = `gift-${gift.id}`
  return (
    <li className="rounded-card border border-line bg-white p-4 shadow-card sm:p-5">
      <article aria-labelledby={headingId} className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start">
        <div className="min-w-0">
          <h3 id={headingId} className="font-bold break-words">
            {gift.giverName ?? 'A guest'} <span className="font-normal text-muted">gave</span> {gift.quantity > 1 ? `${gift.quantity} × ` : ''}
            {gift.itemTitle}
          </h3>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
            <Badge variant={source.variant}>{source.label}</Badge>
            <span>
              <time dateTime={gift.date}>{day(gift.date)}</time>&nbsp;· Quantity {gift.quantity}
              {gift.itemRemoved ? <>&nbsp;· Item since removed from your registry</> : null}
            </span>
          </p>
          <div className="mt-2 text-sm">
            {address ? (
              <address className="not-italic">
                <span className="font-semibold">Thank-you address: </span>
                {[address.name, address.line1, address.line2, `${address.city}, ${address.state} ${address.zip}`].filter(Boolean).join(', ')}
              </address>
            ) : (
              <p className="text-muted">No thank-you address given.</p>
            )}
          </div>
        </div>
        <fetcher.Form method="post" className="flex flex-wrap items-center gap-2 sm:justify-end">
          <input type="hidden" name="intent" value="thank-you" />
          <input type="hidden" name="id" value={gift.id} />
          <input type="hidden" name="sent" value="false" />
          <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-line-strong px-3 text-sm font-semibold has-[:checked]:border-sage-700 has-[:checked]:bg-sage-50">
            <input
              type="checkbox"
              name="sent"
              value="true"
              // Uncontrolled so a tick shows at once; a new saved value remounts it.
              key={String(gift.thankYouSent)}
              defaultChecked={gift.thankYouSent}
              onChange={(e) => {
                if (!scripted) return
                const form = new FormData()
                form.set('intent', 'thank-you')
                form.set('id', gift.id)
                form.append('sent', 'false')
                if (e.currentTarget.checked) form.append('sent', 'true')
                fetcher.submit(form, { method: 'post' })
              }}
              className="size-5 accent-sage-700"
              aria-describedby={failed ? `${headingId}-error` : undefined}
            />
            Thank-you sent
            <span className="sr-only"> to {gift.giverName ?? 'this guest'} for {gift.itemTitle}</span>
          </label>
          {scripted ? null : (
            <Button type="submit" size="sm" variant="secondary">
              Save
            </Button>
          )}
          {failed ? (
            <p id={`${headingId}-error`} role="alert" className="w-full text-sm font-medium text-berry-700">
              {failed.message}
            </p>
          ) : null}
        </fetcher.Form>
      </article>
    </li>
  )
}
