import { randomUUID } from 'node:crypto'
import { useEffect, useRef } from 'react'
import { data, Link } from 'react-router'
import { formatCents } from '~/lib/money'
import { getViewer } from '~/modules/accounts/auth.server'
import { groupGiftCopy } from '~/modules/cash-funds/cash-funds.strings'
import { contributeFailure, giftIdParam, giverDefaults, readContributeForm } from '~/modules/cash-funds/contribute-form.server'
import { chipInRange } from '~/modules/cash-funds/group-gifts'
import { ContributeForm, type ContributeFailure } from '~/modules/cash-funds/ui/contribute-form'
import { GroupGiftProgress } from '~/modules/cash-funds/ui/group-gift-progress'
import { Alert, Container, Icon, LinkButton } from '~/ui'
import { orNotFound } from '../store/http-errors'
import type { Route } from './+types/group-gift'

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData ? `Chip in to ${loaderData.gift.title} for ${loaderData.registry.familyName} | Nestlist` : 'Group gift not found | Nestlist',
  },
  { name: 'robots', content: 'noindex' },
]

/** /group_gifts/{itemId}: a guest chips in towards a registry item the family made a group gift (no account needed). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { gift, registry } = await orNotFound(context.services.cashFunds.groupGiftForGuest(giftIdParam(params.itemId)))
  const viewer = await getViewer(request, context)
  return {
    gift,
    registry,
    range: gift.redeemed ? null : chipInRange(gift.leftCents),
    // One key per form shown: sending the same form twice makes one chip-in and one charge.
    idempotencyKey: randomUUID(),
    defaults: giverDefaults(viewer),
  }
}

type ActionResult = { ok: true; message: string; contributionId: string } | ContributeFailure

export async function action({ request, params, context }: Route.ActionArgs) {
  const regItemId = giftIdParam(params.itemId)
  const form = await request.formData()
  const { values, input: fundInput } = readContributeForm(form, 0)
  const { cashFundId: _unused, ...rest } = fundInput
  const input = { ...rest, regItemId }
  const viewer = await getViewer(request, context)
  try {
    const done = await context.services.cashFunds.chipIn(input, viewer?.user.id)
    const message = done.status === 'confirmed' ? groupGiftCopy.chippedIn(done.amountCents, done.fundTitle) : groupGiftCopy.pendingCharge(done.amountCents, done.fundTitle)
    return data<ActionResult>({ ok: true, message, contributionId: done.id })
  } catch (error) {
    return contributeFailure(error, input.idempotencyKey, values)
  }
}

/** A 409 (someone else chipped in, or it is fully funded) changes what is left: reload the progress. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: { actionResult?: unknown; defaultShouldRevalidate: boolean }) {
  const r = actionResult as ActionResult | undefined
  return r && !r.ok ? true : defaultShouldRevalidate
}

export default function GroupGiftPage({ loaderData, actionData }: Route.ComponentProps) {
  const { gift, registry, range, defaults } = loaderData
  const result = actionData as ActionResult | undefined
  const failure = result && !result.ok ? result : null
  const successRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (result?.ok) successRef.current?.focus()
  }, [result])
  const registryHref = `/${registry.slug}`

  return (
    <Container size="md" className="flex flex-col gap-6 py-8 sm:py-10">
      <Link to={registryHref} className="inline-flex items-center gap-1 self-start text-sm font-semibold text-berry-700 hover:underline">
        <Icon name="chevron-left" className="size-4" />
        Back to {registry.familyName}&apos;s registry
      </Link>
      <header className="flex items-start gap-4">
        <img src={gift.imageUrl} alt="" width={96} height={96} className="size-16 shrink-0 rounded-card border border-line bg-cream-100 object-cover sm:size-24" />
        <div className="min-w-0">
          <p className="text-sm font-semibold text-muted">Group gift for {registry.familyName}</p>
          <h1 className="text-2xl font-extrabold tracking-tight break-words text-ink sm:text-3xl">{gift.title}</h1>
          <p className="mt-1 text-muted">
            {formatCents(gift.priceCents)}
            {gift.quantityNeeded > 1 ? ` × ${gift.quantityNeeded}` : ''}&nbsp;· {gift.storeName}
          </p>
        </div>
      </header>
      <div className="flex flex-col gap-2">
        <GroupGiftProgress gift={gift} id="gift" />
        <p className="text-sm text-muted">{groupGiftCopy.bufferReason}</p>
      </div>

      {result?.ok ? (
        <div ref={successRef} tabIndex={-1} className="flex flex-col gap-4 outline-none">
          <Alert tone="success" title="Thank you for chipping in">
            {result.message}
          </Alert>
          <div className="flex flex-wrap gap-3">
            <LinkButton to={registryHref}>Back to the registry</LinkButton>
          </div>
        </div>
      ) : range ? (
        <ContributeForm
          idempotencyKey={loaderData.idempotencyKey}
          failure={failure}
          defaults={defaults}
          heading="Chip in"
          amountHint={
            range.minCents === range.maxCents
              ? `${formatCents(range.maxCents)} is left to fund this gift.`
              : `From ${formatCents(range.minCents)} up to ${formatCents(range.maxCents)}, what is left to fund this gift.`
          }
          privacy={groupGiftCopy.privacy}
          submitLabel="Chip in now"
          pendingLabel="Sending your chip-in…"
        />
      ) : (
        <div className="flex flex-col gap-4">
          {failure ? <Alert tone="info">{failure.message}</Alert> : null}
          <Alert tone="success" title={gift.fullyFunded ? groupGiftCopy.fullyFunded : groupGiftCopy.closed}>
            {gift.fullyFunded ? 'Thanks to everyone who chipped in, this gift is fully funded.' : 'The family has closed this group gift.'} See what else is on the registry.
          </Alert>
          <div>
            <LinkButton to={registryHref}>Back to the registry</LinkButton>
          </div>
        </div>
      )}
    </Container>
  )
}
