import { randomUUID } from 'node:crypto'
import { useEffect, useRef } from 'react'
import { data, Form, Link, useNavigation } from 'react-router'
import type { FieldErrors } from '~/lib/errors'
import { formFailure } from '~/lib/form-errors'
import { getViewer } from '~/modules/accounts/auth.server'
import { cashFundCopy, CONTRIBUTION_MAX_CENTS, CONTRIBUTION_MIN_CENTS } from '~/modules/cash-funds/cash-funds.strings'
import { contributeFormFields, type ContributeValues, readContributeForm } from '~/modules/cash-funds/contribute-form.server'
import { FundProgress } from '~/modules/cash-funds/ui/fund-progress'
import { checkoutStrings } from '~/modules/orders/checkout.strings'
import { CardChoice } from '~/modules/payments/ui/card-choice'
import { formatCents } from '~/lib/money'
import { Alert, Button, Container, FieldError, Icon, inputClasses, Label, LinkButton, TextField, cx } from '~/ui'
import { orNotFound } from '../store/http-errors'
import type { Route } from './+types/cash-fund'

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Contribute to ${loaderData.fund.title} for ${loaderData.registry.familyName} | Nestlist` : 'Cash fund not found | Nestlist' },
  { name: 'robots', content: 'noindex' },
]

function fundIdOf(raw: string | undefined): number {
  const id = /^\d{1,15}$/.test(raw ?? '') ? Number(raw) : NaN
  return Number.isSafeInteger(id) && id > 0 ? id : -1
}

/** /cash_funds/{id}: a guest gives to a registry's cash fund (no account needed). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { fund, registry } = await orNotFound(context.services.cashFunds.fundForGuest(fundIdOf(params.fundId)))
  const viewer = await getViewer(request, context)
  return {
    fund,
    registry,
    // One key per form shown: sending the same form twice (a double click, a refresh) makes one contribution and one charge.
    idempotencyKey: randomUUID(),
    defaults: viewer ? { giverName: `${viewer.user.firstName} ${viewer.user.lastName}`.trim(), giverEmail: viewer.user.email } : { giverName: '', giverEmail: '' },
  }
}

type ActionResult =
  | { ok: true; message: string; contributionId: string }
  | { ok: false; message: string; fields: FieldErrors; values: ContributeValues; idempotencyKey: string }

export async function action({ request, params, context }: Route.ActionArgs) {
  const cashFundId = fundIdOf(params.fundId)
  const form = await request.formData()
  const { values, input } = readContributeForm(form, cashFundId)
  const viewer = await getViewer(request, context)
  try {
    const done = await context.services.cashFunds.contribute(input, viewer?.user.id)
    const message = done.status === 'confirmed' ? cashFundCopy.contributed(done.amountCents, done.fundTitle) : cashFundCopy.pendingCharge(done.amountCents, done.fundTitle)
    return data<ActionResult>({ ok: true, message, contributionId: done.id })
  } catch (error) {
    const failure = formFailure(error)
    // Nothing was given (bad input, a declined card): the next try is a new attempt with a new key. A 409 (the
    // processor did not answer) keeps the key, so trying again finds that attempt instead of charging twice.
    const idempotencyKey = failure.status === 409 ? input.idempotencyKey : randomUUID()
    return data<ActionResult>({ ok: false, message: failure.message, fields: contributeFormFields(failure.fields), values, idempotencyKey }, { status: failure.status })
  }
}

export default function CashFundPage({ loaderData, actionData }: Route.ComponentProps) {
  const { fund, registry, defaults } = loaderData
  const navigation = useNavigation()
  const pending = navigation.state === 'submitting'
  const result = actionData as ActionResult | undefined
  const failure = result && !result.ok ? result : null
  const values = failure?.values
  const err = (k: string) => failure?.fields[k]?.[0]
  const formRef = useRef<HTMLFormElement>(null)
  const successRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (failure) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-focus-first]')?.focus()
    else if (result?.ok) successRef.current?.focus()
  }, [failure, result])
  const registryHref = `/${registry.slug}`
  const t = checkoutStrings

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
        <Form ref={formRef} method="post" noValidate className="flex flex-col gap-5 rounded-card border border-line bg-white p-5 shadow-card sm:p-6">
          <input type="hidden" name="idempotencyKey" value={failure?.idempotencyKey ?? loaderData.idempotencyKey} />
          <h2 className="text-xl font-bold text-ink">Your contribution</h2>
          {failure ? (
            <div tabIndex={-1} data-focus-first className="outline-none">
              <Alert tone="error">{Object.keys(failure.fields).length === 0 || failure.fields.cardNumber ? failure.message : 'Please check the fields marked below.'}</Alert>
            </div>
          ) : null}
          <div>
            <Label htmlFor="amount">Amount (US dollars)</Label>
            <p id="amount-hint" className="mt-1 text-sm text-muted">
              From {formatCents(CONTRIBUTION_MIN_CENTS)} to {formatCents(CONTRIBUTION_MAX_CENTS)}.
            </p>
            <div className="relative mt-1.5 sm:max-w-48">
              <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-muted">
                $
              </span>
              <input
                id="amount"
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                required
                maxLength={12}
                defaultValue={values?.amount ?? ''}
                aria-invalid={err('amount') ? true : undefined}
                aria-describedby={cx('amount-hint', err('amount') && 'amount-error')}
                className={cx(inputClasses, 'pl-7')}
              />
            </div>
            <FieldError id="amount-error">{err('amount')}</FieldError>
          </div>
          <TextField label="Your name" name="giverName" autoComplete="name" required maxLength={100} defaultValue={values?.giverName ?? defaults.giverName} error={err('giverName')} hint="The family sees it, so they know whom to thank." />
          <TextField label="Your email" name="giverEmail" type="email" autoComplete="email" required maxLength={254} defaultValue={values?.giverEmail ?? defaults.giverEmail} error={err('giverEmail')} hint="We email your receipt here. The family does not see it." />
          <div>
            <Label htmlFor="message" optional>
              Message for the family
            </Label>
            <textarea
              id="message"
              name="message"
              rows={3}
              maxLength={500}
              defaultValue={values?.message ?? ''}
              aria-invalid={err('message') ? true : undefined}
              aria-describedby={err('message') ? 'message-error' : undefined}
              className={cx(inputClasses, 'mt-1.5')}
            />
            <FieldError id="message-error">{err('message')}</FieldError>
          </div>
          <fieldset className="flex flex-col gap-5">
            <legend className="mb-2 text-lg font-bold text-ink">Pay by card</legend>
            <CardChoice
              cards={[]}
              errors={failure?.fields}
              defaults={{ cardExpiry: '', cardName: '' }}
              canSave={false}
              testCardHint={t.testCardHint}
              labels={{ cardNumber: t.cardNumber, cardExpiry: t.cardExpiry, cardCvc: t.cardCvc, cardName: t.cardName }}
            />
          </fieldset>
          <p className="flex items-start gap-2 text-sm text-muted">
            <Icon name="lock" className="mt-0.5 size-4 shrink-0" />
            {cashFundCopy.privacy}
          </p>
          <div>
            <Button type="submit" pending={pending} pendingLabel="Sending your gift…">
              Give now
            </Button>
          </div>
        </Form>
      )}
    </Container>
  )
}
