import { randomUUID } from 'node:crypto'
import { data } from 'react-router'
import { getViewer } from '~/modules/accounts/auth.server'
import { cashFundCopy, CONTRIBUTION_MAX_CENTS, CONTRIBUTION_MIN_CENTS } from '~/modules/cash-funds/cash-funds.strings'
import { contributeFailure, giftIdParam, giverDefaults, readContributeForm } from '~/modules/cash-funds/contribute-form.server'
import { ContributeForm, type ContributeFailure } from '~/modules/cash-funds/ui/contribute-form'
import { FundProgress } from '~/modules/cash-funds/ui/fund-progress'
import { GiftPageShell } from '~/modules/cash-funds/ui/gift-page-shell'
import { formatCents } from '~/lib/money'
import { LinkButton } from '~/ui'
import { orNotFound } from '../store/http-errors'
import type { Route } from './+types/cash-fund'

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Contribute to ${loaderData.fund.title} for ${loaderData.registry.familyName} | Nestlist` : 'Cash fund not found | Nestlist' },
  { name: 'robots', content: 'noindex' },
]

/** /cash_funds/{id}: a guest gives to a registry's cash fund (no account needed). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { fund, registry } = await orNotFound(context.services.cashFunds.fundForGuest(giftIdParam(params.fundId)))
  const viewer = await getViewer(request, context)
  return {
    fund,
    registry,
    // One key per form shown: sending the same form twice (a double click, a refresh) makes one contribution and one charge.
    idempotencyKey: randomUUID(),
    defaults: giverDefaults(viewer),
  }
}

type ActionResult = { ok: true; message: string; contributionId: string } | ContributeFailure

export async function action({ request, params, context }: Route.ActionArgs) {
  const cashFundId = giftIdParam(params.fundId)
  const form = await request.formData()
  const { values, input } = readContributeForm(form, cashFundId)
  const viewer = await getViewer(request, context)
  try {
    const done = await context.services.cashFunds.contribute(input, viewer?.user.id)
    const message = done.status === 'confirmed' ? cashFundCopy.contributed(done.amountCents, done.fundTitle) : cashFundCopy.pendingCharge(done.amountCents, done.fundTitle)
    return data<ActionResult>({ ok: true, message, contributionId: done.id })
  } catch (error) {
    return contributeFailure(error, input.idempotencyKey, values)
  }
}

export default function CashFundPage({ loaderData, actionData }: Route.ComponentProps) {
  const { fund, registry, defaults } = loaderData
  const result = actionData as ActionResult | undefined
  const failure = result && !result.ok ? result : null
  return (
    <GiftPageShell
      registry={registry}
      imageUrl={fund.imageUrl}
      eyebrow={`Cash fund for ${registry.familyName}`}
      title={fund.title}
      details={fund.description ? <p>{fund.description}</p> : null}
      progress={<FundProgress raisedCents={fund.raisedCents} goalCents={fund.goalCents} count={fund.contributionCount} id="fund" />}
      thanks={
        result?.ok
          ? {
              title: 'Thank you for your gift',
              message: result.message,
              actions: (
                <LinkButton to={`/cash_funds/${fund.id}`} variant="secondary" reloadDocument>
                  Give again
                </LinkButton>
              ),
            }
          : null
      }
    >
      <ContributeForm
        idempotencyKey={loaderData.idempotencyKey}
        failure={failure}
        defaults={defaults}
        heading="Your contribution"
        amountHint={`From ${formatCents(CONTRIBUTION_MIN_CENTS)} to ${formatCents(CONTRIBUTION_MAX_CENTS)}.`}
        privacy={cashFundCopy.privacy}
        submitLabel="Give now"
        pendingLabel="Sending your gift…"
      />
    </GiftPageShell>
  )
}
