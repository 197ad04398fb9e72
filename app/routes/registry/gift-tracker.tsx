import { data, Link } from 'react-router'
import { isDomainError } from '~/lib/errors'
import { formFailure } from '~/lib/form-errors'
import { cashFundCopy } from '~/modules/cash-funds/cash-funds.strings'
import { type ContributionLine, ContributionsList } from '~/modules/cash-funds/ui/contributions-list'
import { requireUser } from '~/modules/accounts/auth.server'
import { type GiftLine, GiftTrackerList, type ThankYouResult } from '~/modules/registry/ui/gift-tracker-list'
import { Alert, Container, Icon, LinkButton } from '~/ui'
import { notFound } from '../store/http-errors'
import type { Route } from './+types/gift-tracker'

export const meta = () => [{ title: 'Gift tracker | Nestlist' }, { name: 'robots', content: 'noindex' }]

/**
 * The registry the tracker shows: /registry/{x}/gift-tracker names it (its owner or a collaborator, else 404);
 * /registry/gift-tracker uses the current one.
 */
async function trackedRegistry(context: Route.LoaderArgs['context'], x: string | undefined, userId: number) {
  if (x === undefined) {
    const current = await context.services.registry.managedBy(userId)
    return current[0] ? { id: current[0].id, title: current[0].title } : null
  }
  const id = Number(x)
  if (!/^\d{1,15}$/.test(x) || !Number.isSafeInteger(id)) notFound()
  const mine = (await context.services.registry.managedBy(userId)).find((r) => r.id === id)
  if (!mine) notFound()
  return { id: mine.id, title: mine.title }
}

/** /registry/gift-tracker and /registry/{x}/gift-tracker: every gift, for thank-you notes. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const registry = await trackedRegistry(context, params.x, user.id)
  if (!registry) return { registry: null, surpriseActive: false, gifts: [] as GiftLine[], counts: { gifts: 0, thankYouSent: 0 }, contributions: [] as ContributionLine[] }
  const [tracker, cashGifts] = await Promise.all([context.services.reservations.giftTracker(registry.id, user.id), context.services.cashFunds.contributionsOf(registry.id, user.id)])
  // The page has no use for givers' email addresses, so they stay on the server.
  const gifts: GiftLine[] = tracker.gifts.map(({ giverEmail: _omit, ...g }) => g)
  const contributions: ContributionLine[] = cashGifts.map((c) => ({ id: c.id, kind: c.kind, regItemId: c.regItemId, fundTitle: c.fundTitle, amountCents: c.amountCents, status: c.status, giverName: c.giverName, message: c.message, createdAt: c.createdAt, waitingInGroupGift: c.waitingInGroupGift, payout: c.payout, sentToBankAt: c.sentToBankAt }))
  return { registry, surpriseActive: tracker.surpriseActive, gifts, counts: tracker.counts, contributions }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user } = await requireUser(request, context)
  const registry = await trackedRegistry(context, params.x, user.id)
  const form = await request.formData()
  const id = String(form.get('id') ?? '').slice(0, 64)
  const at = Date.now()
  // Cash fund gifts still being charged: charge now, or decline (docs/decisions/030).
  const intent = form.get('intent')
  if (registry && (intent === 'confirm-contribution' || intent === 'cancel-contribution')) {
    try {
      const actor = { userId: user.id, role: user.role }
      const done = await (intent === 'confirm-contribution' ? context.services.cashFunds.confirm(id, actor) : context.services.cashFunds.cancel(id, actor))
      const say = done.status === 'cancelled' ? cashFundCopy.declined : cashFundCopy.charged
      return data<ThankYouResult>({ ok: true, id, sent: false, at, notice: say(done.amountCents, done.fundTitle) })
    } catch (error) {
      const failure = formFailure(error)
      return data<ThankYouResult>({ ok: false, id, message: failure.message, at }, { status: failure.status })
    }
  }
  if (!registry || form.get('intent') !== 'thank-you') {
    return data<ThankYouResult>({ ok: false, id: null, message: 'That action is not available here.', at }, { status: 400 })
  }
  const sent = form.getAll('sent').includes('true')
  try {
    await context.services.reservations.setThankYouSent(id, user.id, sent)
    return data<ThankYouResult>({ ok: true, id, sent, at })
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_found') {
      return data<ThankYouResult>({ ok: false, id, message: 'We could not find that gift. Reload the page to see the latest.', at }, { status: 404 })
    }
    throw error
  }
}

export default function GiftTracker({ loaderData, actionData }: Route.ComponentProps) {
  const { registry, surpriseActive, gifts, counts, contributions } = loaderData
  return (
    <Container className="flex flex-col gap-8 py-8 sm:py-10">
      <header className="flex flex-col gap-3">
        <Link to="/registry/home" className="inline-flex items-center gap-1 self-start text-sm font-semibold text-berry-700 hover:underline">
          <Icon name="chevron-left" className="size-4" />
          Back to your registry
        </Link>
        <h1 className="text-3xl font-extrabold tracking-tight">Gift tracker</h1>
        <p className="max-w-prose text-muted">
          {registry ? `Every gift for ${registry.title}, so thank-you notes are easy.` : 'Every gift for your registry, so thank-you notes are easy.'}
        </p>
      </header>

      {actionData && !actionData.ok ? <Alert tone="error">{actionData.message}</Alert> : null}
      {actionData?.ok && actionData.notice ? <Alert tone="success">{actionData.notice}</Alert> : null}

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
          <dl className="grid grid-cols-2 gap-3 sm:max-w-md">
            <div className="rounded-card border border-line bg-white p-4">
              <dt className="text-sm text-muted">Gifts</dt>
              <dd className="text-2xl font-extrabold">{counts.gifts}</dd>
            </div>
            <div className="rounded-card border border-line bg-white p-4">
              <dt className="text-sm text-muted">Thank-yous sent</dt>
              <dd className="text-2xl font-extrabold">
                {counts.thankYouSent}
                <span className="text-base font-semibold text-muted"> of {counts.gifts}</span>
              </dd>
            </div>
          </dl>
          {gifts.length === 0 && contributions.length === 0 ? (
            <Alert tone="info" title="No gifts yet">
              When guests reserve or buy from your registry, you will see each gift here.{' '}
              <Link to="/registry/share" className="font-semibold text-berry-700 underline underline-offset-2">
                Share your registry
              </Link>
            </Alert>
          ) : (
            gifts.length > 0 && <GiftTrackerList gifts={gifts} />
          )}
          {contributions.length > 0 ? <ContributionsList contributions={contributions} /> : null}
        </>
      )}
    </Container>
  )
}
