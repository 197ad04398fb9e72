// The gift tracker's list: every gift (items, cash funds, group gifts) with giver, message, date, thank-you address
// or 'Ask for their address', and the 'Received' and 'Thank-you sent' checkboxes. Each change saves at once with
// scripts, or with its Save button before they load; a failure shows in the gift's row.
import { useFetcher } from 'react-router'
import { useScripted } from '~/lib/use-scripted'
import { addressLine, giftDescription, giftKindLabel, type GiftTrackerLine } from '~/modules/registry/gift-tracker'
import { Badge, type BadgeVariant, Button } from '~/ui'

/** A gift as the page shows it (no giver email: the page does not need it; the CSV has it). */
export type GiftLine = Omit<GiftTrackerLine, 'giverEmail'>

export type ThankYouResult =
  | { ok: true; id: string; intent?: string; sent?: boolean; at: number; notice?: string }
  | { ok: false; id: string | null; intent?: string; message: string; at: number }

const kindVariant: Record<GiftLine['kind'], BadgeVariant> = {
  nestlist_order: 'success',
  bought_elsewhere: 'info',
  reserved: 'neutral',
  cash_fund: 'success',
  group_gift: 'success',
}

export const giftDay = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

const isCash = (g: Pick<GiftLine, 'kind'>) => g.kind === 'cash_fund' || g.kind === 'group_gift'

/** "Grandma Rose gave $50.00 to Diaper fund", "Aunt May gave 2 × Swaddle". */
export function giftHeading(g: GiftLine) {
  return `${g.giverName || 'A guest'} ${g.kind === 'group_gift' ? 'chipped in' : 'gave'} ${giftDescription(g)}`
}

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
  const headingId = `gift-${gift.id}`
  const address = gift.thankYouAddress
  return (
    <li className="rounded-card border border-line bg-white p-4 shadow-card sm:p-5">
      <article aria-labelledby={headingId} className="grid gap-3 md:grid-cols-[1fr_auto] md:items-start">
        <div className="min-w-0">
          <h3 id={headingId} className="font-bold break-words">
            {giftHeading(gift)}
          </h3>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
            <Badge variant={kindVariant[gift.kind]}>{giftKindLabel(gift)}</Badge>
            <span>
              <time dateTime={gift.date}>{giftDay(gift.date)}</time>
              {isCash(gift) ? null : <>&nbsp;· Quantity {gift.quantity}</>}
              {gift.itemRemoved ? <>&nbsp;· Since removed from your registry</> : null}
            </span>
          </p>
          {gift.message ? (
            <blockquote className="mt-2 border-l-4 border-peach-200 pl-3 text-sm break-words text-ink italic">“{gift.message}”</blockquote>
          ) : null}
          <div className="mt-2 text-sm">
            {address ? (
              <address className="not-italic break-words">
                <span className="font-semibold">Thank-you address: </span>
                {addressLine(address)}
              </address>
            ) : gift.canAskForAddress || gift.addressRequestedAt ? (
              <AddressRequest gift={gift} />
            ) : (
              <p className="text-muted">No thank-you address given.</p>
            )}
          </div>
        </div>
        <div className="flex flex-col gap-2 md:items-end">
          {isCash(gift) ? (
            <p className="inline-flex min-h-11 items-center text-sm font-semibold text-sage-700">Received</p>
          ) : (
            <Toggle gift={gift} intent="received" name="received" label="Received" checked={gift.received} />
          )}
          <Toggle gift={gift} intent="thank-you" name="sent" label="Thank-you sent" checked={gift.thankYouSent} />
        </div>
      </article>
    </li>
  )
}

/** One checkbox that saves at once (a hidden 'false' first, so an unticked box sends false). */
function Toggle({ gift, intent, name, label, checked }: { gift: GiftLine; intent: string; name: string; label: string; checked: boolean }) {
  const fetcher = useFetcher<ThankYouResult>()
  const scripted = useScripted()
  const failed = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data : undefined
  const errorId = `gift-${gift.id}-${intent}-error`
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-2 md:justify-end">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={gift.id} />
      <input type="hidden" name={name} value="false" />
      <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-line-strong px-3 text-sm font-semibold has-[:checked]:border-sage-700 has-[:checked]:bg-sage-50">
        <input
          type="checkbox"
          name={name}
          value="true"
          // Uncontrolled so a tick shows at once; a new saved value remounts it.
          key={String(checked)}
          defaultChecked={checked}
          onChange={(e) => {
            if (!scripted) return
            const form = new FormData()
            form.set('intent', intent)
            form.set('id', gift.id)
            form.append(name, 'false')
            if (e.currentTarget.checked) form.append(name, 'true')
            fetcher.submit(form, { method: 'post' })
          }}
          className="size-5 accent-sage-700"
          aria-describedby={failed ? errorId : undefined}
        />
        {label}
        <span className="sr-only"> for {giftHeading(gift)}</span>
      </label>
      {scripted ? null : (
        <Button type="submit" size="sm" variant="secondary">
          Save<span className="sr-only"> {label.toLowerCase()}</span>
        </Button>
      )}
      {failed ? (
        <p id={errorId} role="alert" className="w-full text-sm font-medium text-berry-700 md:max-w-xs md:text-right">
          {failed.message}
        </p>
      ) : null}
    </fetcher.Form>
  )
}

/**
 * 'Ask for their address': emails the giver a link to add one (once a day at most). One component for both states
 * (not asked yet, asked on a date), so its message stays after the list reloads with the new state.
 */
function AddressRequest({ gift }: { gift: GiftLine }) {
  const fetcher = useFetcher<ThankYouResult>()
  const done = fetcher.state === 'idle' ? fetcher.data : undefined
  const errorId = `gift-${gift.id}-ask-error`
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="ask-address" />
      <input type="hidden" name="id" value={gift.id} />
      <span className="text-muted">
        No thank-you address yet.
        {gift.addressRequestedAt ? (
          <>
            {' '}
            You asked {gift.giverName || 'them'} on <time dateTime={gift.addressRequestedAt}>{giftDay(gift.addressRequestedAt)}</time>.
          </>
        ) : null}
      </span>
      {gift.canAskForAddress ? (
        <Button
          type="submit"
          size="sm"
          variant="secondary"
          pending={fetcher.state !== 'idle'}
          pendingLabel="Asking…"
          aria-describedby={done && !done.ok ? errorId : undefined}
        >
          {gift.addressRequestedAt ? 'Ask again' : 'Ask for their address'}
        </Button>
      ) : null}
      <p role="status" className="w-full empty:hidden">
        {done?.ok && done.notice ? <span className="font-medium text-sage-700">{done.notice}</span> : null}
      </p>
      {done && !done.ok ? (
        <p id={errorId} role="alert" className="w-full font-medium text-berry-700">
          {done.message}
        </p>
      ) : null}
    </fetcher.Form>
  )
}
