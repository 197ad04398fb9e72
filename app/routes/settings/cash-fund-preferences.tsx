import { data, Form, useNavigation } from 'react-router'
import { formFields } from '~/lib/form-data'
import { type FormFailure, formFailure } from '~/lib/form-errors'
import { requireUser } from '~/modules/accounts/auth.server'
import { SettingsPageHeader, SettingsSection } from '~/modules/accounts/ui/settings-page'
import { formatLongDate } from '~/lib/format'
import { cashFundCopy as copy, cashFundMessages, payoutCopy } from '~/modules/cash-funds/cash-funds.strings'
import { Alert, Button, FieldError, LinkButton, TextField, TextLink } from '~/ui'
import type { Route } from './+types/cash-fund-preferences'

export const meta = () => [{ title: 'Cash fund preferences | Nestlist' }, { name: 'robots', content: 'noindex' }]

/** /settings/cash-fund-preferences: how the current registry's family receives cash fund money. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const current = (await context.services.registry.managedBy(user.id))[0]
  if (!current) return { registry: null, preferences: null, payouts: null }
  const [preferences, payouts] = await Promise.all([context.services.cashFunds.preferences(current.id, user.id), context.services.cashFunds.payoutsOf(current.id, user.id)])
  return { registry: { id: current.id, title: current.title }, preferences, payouts }
}

type Values = { method: string; accountHolder: string; accountLast4: string }
type ActionResult = { ok: true; at: number } | (FormFailure & { at: number; values: Values })

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireUser(request, context)
  const form = await request.formData()
  const values: Values = formFields(form, { method: 40, accountHolder: 200, accountLast4: 20 })
  const current = (await context.services.registry.managedBy(user.id))[0]
  if (!current) return data<ActionResult>({ ok: false, message: cashFundMessages.noRegistry, fields: {}, status: 404, at: Date.now(), values }, { status: 404 })
  try {
    await context.services.cashFunds.setPreferences(current.id, user.id, values.method === 'bank_transfer' ? values : { method: values.method })
    return data<ActionResult>({ ok: true, at: Date.now() })
  } catch (error) {
    const failure = formFailure(error)
    return data<ActionResult>({ ...failure, at: Date.now(), values }, { status: failure.status })
  }
}

export default function CashFundPreferences({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST'
  const result = actionData as ActionResult | undefined
  const failure = result && !result.ok ? result : null
  const { registry, preferences, payouts } = loaderData
  if (!registry || !preferences) {
    return (
      <>
        <SettingsPageHeader title="Cash fund preferences" intro={copy.preferencesIntro} />
        <Alert tone="info" title="You do not have a registry yet">
          <p>Start a registry, add a cash fund, and choose here how you receive the money.</p>
          <LinkButton to="/registry/new" size="sm" className="mt-2">
            Start your registry
          </LinkButton>
        </Alert>
      </>
    )
  }
  const method = failure?.values.method ?? preferences.method
  const err = (k: string) => failure?.fields[k]?.[0]
  return (
    <>
      <SettingsPageHeader title="Cash fund preferences" intro={copy.preferencesIntro} />
      <Form method="post" noValidate key={result?.ok ? result.at : 'preferences'} className="flex flex-col gap-6">
        {result?.ok ? <Alert tone="success">Your cash fund preferences are saved.</Alert> : null}
        {failure ? <Alert tone="error">{Object.keys(failure.fields).length ? 'Please check the fields marked below.' : failure.message}</Alert> : null}
        {!preferences.chosen ? <Alert tone="info">You have not chosen yet, so cash fund gifts for {registry.title} become store credit.</Alert> : null}
        <SettingsSection id="receive" title={`How you receive money for ${registry.title}`}>
          <fieldset className="group/method flex flex-col gap-3" aria-describedby={err('method') ? 'method-error' : undefined}>
            <legend className="sr-only">How you receive cash fund money</legend>
            {(
              [
                ['store_credit', copy.storeCredit, copy.storeCreditHint],
                ['bank_transfer', copy.bankTransfer, copy.bankTransferHint],
              ] as const
            ).map(([value, label, hint]) => (
              <label key={value} className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-line-strong px-4 py-3 has-[:checked]:border-berry-700 has-[:checked]:bg-berry-50">
                <input type="radio" name="method" value={value} defaultChecked={method === value} aria-describedby={`${value}-hint`} className="mt-1 size-5 shrink-0 accent-berry-700" />
                <span>
                  <span className="block font-semibold text-ink">{label}</span>
                  <span id={`${value}-hint`} className="block text-sm text-muted">
                    {hint}
                  </span>
                </span>
              </label>
            ))}
            <FieldError id="method-error">{err('method')}</FieldError>
            {/* The bank fields show while 'Bank transfer' is chosen (CSS :has, so it works without JavaScript too). */}
            <div className="hidden flex-col gap-5 pt-2 group-has-[input[name=method][value^=bank]:checked]/method:flex">
              <TextField
                label="Name on the account"
                name="accountHolder"
                autoComplete="name"
                maxLength={100}
                defaultValue={failure?.values.accountHolder ?? preferences.accountHolder ?? ''}
                error={err('accountHolder')}
              />
              <TextField
                label="Last 4 digits of the account number"
                name="accountLast4"
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                className="sm:max-w-32"
                hint="Only the last 4 digits: we never ask for or keep the full account number."
                defaultValue={failure?.values.accountLast4 ?? preferences.accountLast4 ?? ''}
                error={err('accountLast4')}
              />
            </div>
          </fieldset>
        </SettingsSection>
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" pending={busy} pendingLabel="Saving…">
            Save preferences
          </Button>
          <TextLink to="/store/cash-funds">
            Manage your cash funds
          </TextLink>
        </div>
      </Form>
      {payouts && (preferences.method === 'bank_transfer' || payouts.sent.length > 0 || payouts.waiting.count > 0) ? (
        <SettingsSection id="transfers" title="Transfers to your bank account" className="mt-8">
          <p className="text-base text-ink">{payouts.waiting.count > 0 ? payoutCopy.familyWaiting(payouts.waiting.cents, payouts.waiting.count) : payoutCopy.familyNothingWaiting}</p>
          {payouts.sent.length > 0 ? (
            <ul className="mt-3 flex flex-col divide-y divide-line rounded-xl border border-line bg-white">
              {payouts.sent.map((p) => (
                <li key={p.id} className="px-4 py-3 text-sm">
                  <span className="block font-semibold text-ink">{payoutCopy.familySent(p.amountCents, p.accountLast4, formatLongDate(p.sentAt))}</span>
                  <span className="block break-all text-muted">
                    {p.itemCount === 1 ? '1 gift' : `${p.itemCount} gifts`}&nbsp;· transfer reference {p.reference}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          <p className="mt-3 text-sm text-muted">
            Each gift shows whether it was sent in your{' '}
            <TextLink to="/registry/gift-tracker">
              gift tracker
            </TextLink>
            .
          </p>
        </SettingsSection>
      ) : null}
    </>
  )
}
