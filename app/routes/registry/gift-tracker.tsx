import { data, Form, Link, useSubmit } from 'react-router'
import { formFailure } from '~/lib/form-errors'
import { useScripted } from '~/lib/use-scripted'
import { cashFundCopy } from '~/modules/cash-funds/cash-funds.strings'
import { type ContributionLine, ContributionsList } from '~/modules/cash-funds/ui/contributions-list'
import { requireUser } from '~/modules/accounts/auth.server'
import { addressLine, filterGifts, giftFilterOf, giftKindLabel, type GiftFilter } from '~/modules/registry/gift-tracker'
import { giftDay, giftHeading, type GiftLine, GiftTrackerList, type ThankYouResult } from '~/modules/registry/ui/gift-tracker-list'
import { Alert, Button, Container, cx, Icon, inputClasses, Label, LinkButton } from '~/ui'
import { notFound } from '../store/http-errors'
import type { Route } from './+types/gift-tracker'

export const meta = () => [{ title: 'Gift tracker | Nestlist' }, { name: 'robots', content: 'noindex' }]

/**
 * The registry the tracker shows: /registry/{x}/gift-tracker names it (its owner or a collaborator, else 404);
 * /registry/gift-tracker uses the current one.
 */
export async function trackedRegistry(context: Route.LoaderArgs['context'], x: string | undefined, userId: number) {
  const managed = await context.services.registry.managedBy(userId)
  if (x === undefined) return managed[0] ? { id: managed[0].id, title: managed[0].title, slug: managed[0].slug } : null
  const id = Number(x)
  if (!/^\d{1,15}$/.test(x) || !Number.isSafeInteger(id)) notFound()
  const mine = managed.find((r) => r.id === id)
  if (!mine) notFound()
  return { id: mine.id, title: mine.title, slug: mine.slug }
}

/** The filters as a query string (without '?'), for the print and CSV links. */
function queryOf(f: GiftFilter, extra: Record<string, string> = {}) {
  const q = new URLSearchParams()
  if (f.show !== 'all') q.set('show', f.show)
  if (f.kind !== 'all') q.set('kind', f.kind)
  if (f.notReceived) q.set('received', 'no')
  for (const [k, v] of Object.entries(extra)) q.set(k, v)
  return q.toString()
}

/** /registry/gift-tracker and /registry/{x}/gift-tracker: every gift, for thank-you notes. ?print=1 is the printable list. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const url = new URL(request.url)
  const filter = giftFilterOf(url.searchParams)
  const print = url.searchParams.get('print') === '1'
  const registry = await trackedRegistry(context, params.x, user.id)
  if (!registry) {
    return { registry: null, filter, print, surpriseActive: false, gifts: [] as GiftLine[], counts: { gifts: 0, thankYouSent: 0, toThank: 0, notReceived: 0 }, contributions: [] as ContributionLine[] }
  }
  const [tracker, cashGifts] = await Promise.all([context.services.giftTracker.list(registry.id, user.id), context.services.cashFunds.contributionsOf(registry.id, user.id)])
  // The page has no use for givers' email addresses, so they stay on the server (the CSV download has them).
  const gifts: GiftLine[] = filterGifts(tracker.gifts, filter).map(({ giverEmail: _omit, ...g }) => g)
  const contributions: ContributionLine[] = cashGifts.map((c) => ({ id: c.id, kind: c.kind, regItemId: c.regItemId, fundTitle: c.fundTitle, amountCents: c.amountCents, status: c.status, giverName: c.giverName, message: c.message, createdAt: c.createdAt, waitingInGroupGift: c.waitingInGroupGift, payout: c.payout, sentToBankAt: c.sentToBankAt }))
  return { registry, filter, print, surpriseActive: tracker.surpriseActive, gifts, counts: tracker.counts, contributions }
}

const checkedIn = (form: FormData, name: string) => form.getAll(name).includes('true')

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user } = await requireUser(request, context)
  const registry = await trackedRegistry(context, params.x, user.id)
  const form = await request.formData()
  const id = String(form.get('id') ?? '').slice(0, 64)
  const intent = String(form.get('intent') ?? '')
  const at = Date.now()
  if (!registry) return data<ThankYouResult>({ ok: false, id: null, intent, message: 'That action is not available here.', at }, { status: 400 })
  try {
    const actor = { userId: user.id, role: user.role }
    switch (intent) {
      // Cash fund gifts still being charged: charge now, or decline (docs/decisions/030).
      case 'confirm-contribution':
      case 'cancel-contribution': {
        const done = await (intent === 'confirm-contribution' ? context.services.cashFunds.confirm(id, actor) : context.services.cashFunds.cancel(id, actor))
        const say = done.status === 'cancelled' ? cashFundCopy.declined : cashFundCopy.charged
        return data<ThankYouResult>({ ok: true, id, intent, sent: false, at, notice: say(done.amountCents, done.fundTitle) })
      }
      case 'thank-you': {
        const line = await context.services.giftTracker.update(id, user.id, { thankYouSent: checkedIn(form, 'sent') })
        return data<ThankYouResult>({ ok: true, id, intent, sent: line.thankYouSent, at })
      }
      case 'received': {
        await context.services.giftTracker.update(id, user.id, { received: checkedIn(form, 'received') })
        return data<ThankYouResult>({ ok: true, id, intent, at })
      }
      case 'ask-address': {
        const line = await context.services.giftTracker.askForAddress(id, user.id)
        return data<ThankYouResult>({ ok: true, id, intent, at, notice: `We emailed ${line.giverName || 'the giver'} a link to add their address. It shows here once they do.` })
      }
      default:
        return data<ThankYouResult>({ ok: false, id: null, intent, message: 'That action is not available here.', at }, { status: 400 })
    }
  } catch (error) {
    const failure = formFailure(error)
    return data<ThankYouResult>({ ok: false, id, intent, message: failure.message, at }, { status: failure.status })
  }
}

export default function GiftTracker({ loaderData, actionData }: Route.ComponentProps) {
  const { registry, surpriseActive, gifts, counts, contributions, filter, print } = loaderData
  if (registry && print && !surpriseActive) return <PrintableList title={registry.title} gifts={gifts} filter={filter} />
  const filtered = filter.show !== 'all' || filter.kind !== 'all' || filter.notReceived
  const csvHref = `/registry/gift-tracker.csv${registry ? `?${queryOf(filter, { registry: String(registry.id) })}` : ''}`
  return (
    <Container className="flex flex-col gap-8 py-8 sm:py-10">
      <header className="flex flex-col gap-3">
        <Link to="/registry/home" className="inline-flex min-h-6 items-center gap-1 self-start text-sm font-semibold text-berry-700 hover:underline">
          <Icon name="chevron-left" className="size-4" />
          Back to your registry
        </Link>
        <h1 className="text-3xl font-extrabold tracking-tight">Gift tracker</h1>
        <p className="max-w-prose text-muted">
          {registry ? `Every gift for ${registry.title}, so thank-you notes are easy.` : 'Every gift for your registry, so thank-you notes are easy.'}
        </p>
      </header>

      {/* One message for the page-level actions (charging a cash gift, asking for an address); a toggle's failure shows in its row. */}
      <div aria-live="polite">
        {actionData && !actionData.ok && (actionData.intent === 'confirm-contribution' || actionData.intent === 'cancel-contribution' || !actionData.intent) ? (
          <Alert tone="error">{actionData.message}</Alert>
        ) : null}
        {actionData?.ok && actionData.notice ? <Alert tone="success">{actionData.notice}</Alert> : null}
      </div>

      {!registry ? (
        <Alert tone="info" title="You do not have a registry yet">
          <p>Once friends and family start giving, every gift shows up here.</p>
          <LinkButton to="/registry/new" size="sm" className="mt-2">
            Start your registry
          </LinkButton>
        </Alert>
      ) : surpriseActive ? (
        <section aria-labelledby="surprise-heading" className="rounded-card border border-line bg-peach-50 p-5 sm:p-6">
          <h2 id="surprise-heading" className="flex items-center gap-2 text-lg font-bold">
            <Icon name="gift" className="size-5 text-berry-700" />
            You are keeping it a surprise
          </h2>
          <p className="mt-2 max-w-prose">
            We are not showing who gave what, so nothing spoils the fun. Your gifts will be listed here once the surprise ends, ready for thank-you
            notes.
          </p>
          <p className="mt-3">
            <Link to="/settings/registry" className="font-semibold text-berry-700 underline underline-offset-2">
              Change your surprise setting
            </Link>
          </p>
        </section>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:max-w-3xl">
            <Figure label="Gifts">{counts.gifts}</Figure>
            <Figure label="Thank-yous sent">
              {counts.thankYouSent}
              <span className="text-base font-semibold text-muted"> of {counts.gifts}</span>
            </Figure>
            <Figure label="Still to thank">{counts.toThank}</Figure>
            <Figure label="Not received yet">{counts.notReceived}</Figure>
          </dl>
          {counts.gifts === 0 && contributions.length === 0 ? (
            <Alert tone="info" title="No gifts yet">
              When guests reserve or buy from your registry, you will see each gift here.{' '}
              <Link to="/registry/share" className="font-semibold text-berry-700 underline underline-offset-2">
                Share your registry
              </Link>
            </Alert>
          ) : null}
          {counts.gifts > 0 ? (
            <section aria-labelledby="gifts-heading" className="flex flex-col gap-4">
              <div className="flex flex-wrap items-end justify-between gap-3">
                <h2 id="gifts-heading" className="text-xl font-bold">
                  {filtered ? `Showing ${gifts.length} of ${counts.gifts} ${counts.gifts === 1 ? 'gift' : 'gifts'}` : `All ${counts.gifts} ${counts.gifts === 1 ? 'gift' : 'gifts'}`}
                </h2>
                <div className="flex flex-wrap gap-2">
                  <LinkButton to={`?${queryOf(filter, { print: '1' })}`} variant="secondary" size="sm" icon={<Icon name="list" className="size-4" />}>
                    Printable list
                  </LinkButton>
                  <LinkButton to={csvHref} reloadDocument variant="secondary" size="sm" icon={<Icon name="arrow-right" className="size-4 rotate-90" />}>
                    Download CSV
                  </LinkButton>
                </div>
              </div>
              <GiftFilters filter={filter} />
              {gifts.length > 0 ? (
                <GiftTrackerList gifts={gifts} />
              ) : (
                <Alert tone="info" title="No gifts match these filters">
                  <Link to="." className="font-semibold text-berry-700 underline underline-offset-2">
                    Show all gifts
                  </Link>
                </Alert>
              )}
            </section>
          ) : null}
          {contributions.length > 0 ? <ContributionsList contributions={contributions} /> : null}
        </>
      )}
    </Container>
  )
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="rounded-card border border-line bg-white p-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-2xl font-extrabold">{children}</dd>
    </div>
  )
}

/** The filters: a plain GET form (works before scripts load); with scripts, each change applies at once. */
function GiftFilters({ filter }: { filter: GiftFilter }) {
  const scripted = useScripted()
  const submit = useSubmit()
  const selectClass = cx(inputClasses, 'mt-1.5 appearance-auto')
  return (
    <Form
      method="get"
      className="flex flex-wrap items-end gap-3 rounded-card border border-line bg-cream p-3 sm:p-4"
      aria-label="Filter gifts"
      onChange={(e) => {
        if (scripted) submit(e.currentTarget, { replace: true, preventScrollReset: true })
      }}
    >
      <div className="min-w-40 flex-1 sm:flex-none">
        <Label htmlFor="gift-show">Show</Label>
        <select id="gift-show" name="show" defaultValue={filter.show} className={selectClass}>
          <option value="all">All gifts</option>
          <option value="to-thank">Still to thank</option>
          <option value="thanked">Thank-you sent</option>
        </select>
      </div>
      <div className="min-w-40 flex-1 sm:flex-none">
        <Label htmlFor="gift-kind">Kind of gift</Label>
        <select id="gift-kind" name="kind" defaultValue={filter.kind} className={selectClass}>
          <option value="all">Every kind</option>
          <option value="items">Items</option>
          <option value="cash">Cash fund gifts</option>
          <option value="group">Group gift chip-ins</option>
        </select>
      </div>
      <label className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold">
        <input type="checkbox" name="received" value="no" defaultChecked={filter.notReceived} className="size-5 accent-sage-700" />
        Not received yet
      </label>
      {scripted ? null : (
        <Button type="submit" size="sm" variant="secondary">
          Apply filters
        </Button>
      )}
    </Form>
  )
}

/** ?print=1: the list as a table for paper (the site's header and footer do not print). */
function PrintableList({ title, gifts, filter }: { title: string; gifts: GiftLine[]; filter: GiftFilter }) {
  const scripted = useScripted()
  const back = queryOf(filter)
  return (
    <Container className="flex flex-col gap-4 py-6 print:py-0">
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <Link to={back ? `?${back}` : '.'} className="inline-flex min-h-6 items-center gap-1 text-sm font-semibold text-berry-700 hover:underline">
          <Icon name="chevron-left" className="size-4" />
          Back to the gift tracker
        </Link>
        {scripted ? (
          <Button type="button" size="sm" onClick={() => window.print()}>
            Print
          </Button>
        ) : (
          <span className="text-sm text-muted">Use your browser’s Print command.</span>
        )}
      </div>
      <h1 className="text-2xl font-extrabold tracking-tight">Gifts for {title}</h1>
      {gifts.length === 0 ? (
        <p>No gifts match these filters.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Gifts for {title}, with thank-you addresses</caption>
            <thead>
              <tr className="border-b-2 border-ink">
                <th scope="col" className="py-2 pr-3">Date</th>
                <th scope="col" className="py-2 pr-3">Gift</th>
                <th scope="col" className="py-2 pr-3">Message</th>
                <th scope="col" className="py-2 pr-3">Thank-you address</th>
                <th scope="col" className="py-2 pr-3">Received</th>
                <th scope="col" className="py-2">Thanked</th>
              </tr>
            </thead>
            <tbody>
              {gifts.map((g) => (
                <tr key={g.id} className="border-b border-line align-top break-inside-avoid">
                  <td className="py-2 pr-3 whitespace-nowrap">{giftDay(g.date)}</td>
                  <td className="py-2 pr-3">
                    <span className="font-semibold">{giftHeading(g)}</span>
                    <br />
                    <span className="text-muted">{giftKindLabel(g)}</span>
                  </td>
                  <td className="py-2 pr-3 break-words">{g.message}</td>
                  <td className="py-2 pr-3">{addressLine(g.thankYouAddress)}</td>
                  <td className="py-2 pr-3">{g.received ? 'Yes' : <Unticked />}</td>
                  <td className="py-2">{g.thankYouSent ? 'Yes' : <Unticked />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Container>
  )
}

/** An empty box to tick by hand on paper; read as 'No'. */
function Unticked() {
  return (
    <>
      <span aria-hidden="true">☐</span>
      <span className="sr-only">No</span>
    </>
  )
}
