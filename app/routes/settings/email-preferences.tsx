import { data, Form, useNavigation } from 'react-router'
import { type FormFailure, formFailure } from '~/lib/form-errors'
import { requireUser } from '~/modules/accounts/auth.server'
import { SettingsPageHeader, SettingsSection } from '~/modules/accounts/ui/settings-page'
import { Alert, Badge, Button } from '~/ui'
import type { Route } from './+types/email-preferences'

export const meta = () => [{ title: 'Email preferences | Nestlist' }, { name: 'robots', content: 'noindex' }]

/** /settings/email-preferences: every kind of email we send; optional ones can be turned off one by one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const prefs = context.services.emailPreferences
  return { preferences: await prefs.preferences(user.id), delivery: await prefs.registryActivityDelivery(user.id), email: user.email }
}

type ActionResult = { ok: true; at: number } | (FormFailure & { at: number })

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireUser(request, context)
  const form = await request.formData()
  try {
    const delivery = form.get('registryActivityDelivery')
    await context.services.emailPreferences.update(user.id, {
      subscribed: form.getAll('subscribed').map(String),
      ...(delivery === null ? {} : { registryActivityDelivery: String(delivery) }),
    })
    return data<ActionResult>({ ok: true, at: Date.now() })
  } catch (error) {
    const failure = formFailure(error)
    return data<ActionResult>({ ...failure, at: Date.now() }, { status: failure.status })
  }
}

export default function EmailPreferences({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST'
  const result = actionData as ActionResult | undefined
  const required = loaderData.preferences.filter((p) => !p.optional)
  const optional = loaderData.preferences.filter((p) => p.optional)
  return (
    <>
      <SettingsPageHeader
        title="Email preferences"
        intro={`Choose what we send to ${loaderData.email}. Changes apply to the next email we send.`}
      />
      <Form method="post" key={result?.ok ? result.at : 'preferences'} className="flex flex-col gap-6">
        {result?.ok ? <Alert tone="success">Your email preferences are saved.</Alert> : null}
        {result && !result.ok ? <Alert tone="error">{result.message}</Alert> : null}
        <SettingsSection id="optional-emails" title="Emails you can choose">
          <fieldset>
            <legend className="sr-only">Emails you can choose</legend>
            <ul className="flex flex-col divide-y divide-line">
              {optional.map((p) => (
                <li key={p.id} className="py-3 first:pt-0 last:pb-0">
                  <label className="flex min-h-11 cursor-pointer items-start gap-3">
                    <input
                      type="checkbox"
                      name="subscribed"
                      value={p.id}
                      defaultChecked={p.subscribed}
                      aria-labelledby={`${p.id}-label`}
                      aria-describedby={`${p.id}-description`}
                      className="mt-0.5 size-5 shrink-0 cursor-pointer accent-berry-700"
                    />
                    <span>
                      <span id={`${p.id}-label`} className="block font-semibold text-ink">
                        {p.label}
                      </span>
                      <span id={`${p.id}-description`} className="block text-sm text-muted">
                        {p.description}
                      </span>
                    </span>
                  </label>
                  {p.id === 'registry_activity' ? (
                    <fieldset className="mt-3 ml-8 flex flex-col gap-2" aria-describedby="delivery-hint">
                      <legend className="text-sm font-semibold text-ink">How registry activity arrives</legend>
                      <p id="delivery-hint" className="text-sm text-muted">
                        Gifts on registries you own or help with. While a registry is kept a surprise, we send nothing about its gifts.
                      </p>
                      {(
                        [
                          ['instant', 'Each gift as it happens'],
                          ['daily', 'One daily digest'],
                        ] as const
                      ).map(([value, label]) => (
                        <label key={value} className="flex min-h-6 cursor-pointer items-center gap-2.5">
                          <input type="radio" name="registryActivityDelivery" value={value} defaultChecked={loaderData.delivery === value} className="size-5 shrink-0 cursor-pointer accent-berry-700" />
                          <span>{label}</span>
                        </label>
                      ))}
                    </fieldset>
                  ) : null}
                </li>
              ))}
            </ul>
          </fieldset>
        </SettingsSection>
        <SettingsSection
          id="required-emails"
          title="Emails we always send"
          description="These are about your account's security and the things you buy, so they cannot be turned off."
        >
          <ul className="flex flex-col divide-y divide-line">
            {required.map((p) => (
              <li key={p.id} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
                <input
                  type="checkbox"
                  checked
                  disabled
                  readOnly
                  id={`${p.id}-always`}
                  aria-describedby={`${p.id}-description`}
                  className="mt-0.5 size-5 shrink-0 accent-berry-700"
                />
                <span>
                  <label htmlFor={`${p.id}-always`} className="flex flex-wrap items-center gap-2 font-semibold text-ink">
                    {p.label}
                    <Badge variant="neutral">Always on</Badge>
                  </label>
                  <span id={`${p.id}-description`} className="block text-sm text-muted">
                    {p.description}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </SettingsSection>
        <div>
          <Button type="submit" pending={busy} pendingLabel="Saving…">
            Save preferences
          </Button>
        </div>
      </Form>
    </>
  )
}
