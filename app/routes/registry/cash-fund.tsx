import { randomUUID } from 'node:crypto'
import { useEffect, useRef } from 'react'
import { data, Link } from 'react-router'
import { getViewer } from '~/modules/accounts/auth.server'
import { cashFundCopy, CONTRIBUTION_MAX_CENTS, CONTRIBUTION_MIN_CENTS } from '~/modules/cash-funds/cash-funds.strings'
import { contributeFailure, giftIdParam, giverDefaults, readContributeForm } from '~/modules/cash-funds/contribute-form.server'
import { ContributeForm, type ContributeFailure } from '~/modules/cash-funds/ui/contribute-form'
import { FundProgress } from '~/modules/cash-funds/ui/fund-progress'
import { formatCents } from '~/lib/money'
import { Alert, Container, Icon, LinkButton } from '~/ui'
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
        <img src={fund.imageUrl} alt="" width={80} height={80} className="size-20 shrink-0 rounded-card border border-line bg-cream-100 object-cover" />
        <div className="min-w-0">
          <p className="text-sm font-semibold text-muted">Cash fund for {registry.familyName}</p>
          <h1 className="text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">{fund.title}</h1>
          {fund.description ? <p className="mt-1 text-muted">{fund.description}</p> : null}
        </div>
      </header>
      <FundProgress raisedCents={fund.raisedCents} goalCents={fund.goalCents} count={fund.contributionCount} id="fund" />

      {result?.ok ? (
        <div ref={successRef} tabIndex={-1} className="flex flex-col gap-4 outline-none">
          <Alert tone="success" title="Thank you for your gift">
            {result.message}
          </Alert>
          <div className="flex flex-wrap gap-3">
            <LinkButton to={registryHref}>Back to the registry</LinkButton>
            <LinkButton to={`/cash_funds/${fund.id}`} variant="secondary" reloadDocument>
              Give again
            </LinkButton>
          </div>
        </div>
      ) : (
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
      )}
    </Container>
  )
}
