import { randomUUID } from 'node:crypto'
import { data } from 'react-router'
import { formatCents } from '~/lib/money'
import { getViewer } from '~/modules/accounts/auth.server'
import { groupGiftCopy } from '~/modules/cash-funds/cash-funds.strings'
import { contributeFailure, giftIdParam, giverDefaults, readContributeForm } from '~/modules/cash-funds/contribute-form.server'
import { chipInRange } from '~/modules/cash-funds/group-gifts'
import { ContributeForm, type ContributeFailure } from '~/modules/cash-funds/ui/contribute-form'
import { GiftPageShell } from '~/modules/cash-funds/ui/gift-page-shell'
import { GroupGiftProgress } from '~/modules/cash-funds/ui/group-gift-progress'
import { Alert, LinkButton } from '~/ui'
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
  return (
    <GiftPageShell
      registry={registry}
      imageUrl={gift.imageUrl}
      eyebrow={`Group gift for ${registry.familyName}`}
      title={gift.title}
      details={
        <p>
          {formatCents(gift.priceCents)}
          {gift.quantityNeeded > 1 ? ` × ${gift.quantityNeeded}` : ''}&nbsp;· {gift.storeName}
        </p>
      }
      progress={
        <div className="flex flex-col gap-2">
          <GroupGiftProgress gift={gift} id="gift" />
          <p className="text-sm text-muted">{gift.goalFixed ? `${groupGiftCopy.bufferReason} ${groupGiftCopy.goalFixed}` : groupGiftCopy.bufferReason}</p>
        </div>
      }
      thanks={result?.ok ? { title: 'Thank you for chipping in', message: result.message } : null}
    >
      {range ? (
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
            <LinkButton to={`/${registry.slug}`}>Back to the registry</LinkButton>
          </div>
        </div>
      )}
    </GiftPageShell>
  )
}
