import { useEffect, useRef } from 'react'
import { data, Form, Link, useNavigation } from 'react-router'
import { formFields, formIntent } from '~/lib/form-data'
import { type FormFailure, formFailure } from '~/lib/form-errors'
import { requireUser } from '~/modules/accounts/auth.server'
import { SettingsPageHeader, SettingsSection } from '~/modules/accounts/ui/settings-page'
import { useFocusFirstInvalid } from '~/modules/accounts/ui/use-focus-first-invalid'
import { savedCardStrings as s } from '~/modules/payments/payment-methods.strings'
import { cardFormField, cardLabel, paymentMethodMessages, splitExpiry } from '~/modules/payments/payment-methods.validation'
import { Alert, Badge, Button, buttonClasses, TextField } from '~/ui'
import type { Route } from './+types/payment-methods'

export const meta = () => [{ title: `${s.settingsTitle} | Nestlist` }, { name: 'robots', content: 'noindex' }]

/** /settings/payment-methods: saved cards (docs/decisions/026): add, make default, remove (after a confirmation step). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const cards = await context.services.paymentMethods.list(user.id)
  // ?remove={id} asks to confirm removing that card (a link, so it works without JavaScript).
  const removing = new URL(request.url).searchParams.get('remove')
  return { cards, confirmRemove: cards.some((c) => c.id === removing) ? removing : null }
}

type Intent = 'add' | 'default' | 'remove'
type ActionResult = { ok: true; intent: Intent; message: string; at: number } | (FormFailure & { intent: Intent; at: number; values?: { cardExpiry: string; makeDefault: boolean } })

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireUser(request, context)
  const form = await request.formData()
  const intent = formIntent(form, ['add', 'default', 'remove'], 'add')
  const f = formFields(form, { id: 40, cardExpiry: 10, makeDefault: Infinity, cardNumber: 40, cardCvc: 8 })
  const at = Date.now()
  const service = context.services.paymentMethods
  const { id, cardExpiry } = f
  const makeDefault = f.makeDefault === 'on'
  try {
    if (intent === 'add') {
      const { created } = await service.save(
        user.id,
        { number: f.cardNumber, ...splitExpiry(cardExpiry), cvc: f.cardCvc },
        { makeDefault },
      )
      return data<ActionResult>({ ok: true, intent, message: created ? paymentMethodMessages.saved : paymentMethodMessages.alreadySaved, at })
    }
    if (intent === 'default') {
      await service.makeDefault(user.id, id)
      return data<ActionResult>({ ok: true, intent, message: paymentMethodMessages.madeDefault, at })
    }
    await service.remove(user.id, id)
    return data<ActionResult>({ ok: true, intent, message: paymentMethodMessages.removed, at })
  } catch (error) {
    // A card the form could not parse says only invalid_input's default; this form has a better sentence for it.
    const failure = formFailure(error, intent === 'add' ? { genericMessage: paymentMethodMessages.couldNotSave } : {})
    const fields: Record<string, string[]> = {}
    for (const [k, v] of Object.entries(failure.fields)) fields[cardFormField[k] ?? k] = [...(fields[cardFormField[k] ?? k] ?? []), ...v]
    return data<ActionResult>({ ...failure, fields, intent, at, values: intent === 'add' ? { cardExpiry, makeDefault } : undefined }, { status: failure.status })
  }
}

export default function PaymentMethods({ loaderData, actionData }: Route.ComponentProps) {
  const { cards, confirmRemove } = loaderData
  const result = actionData as ActionResult | undefined
  const navigation = useNavigation()
  const pending = (intent: Intent, id?: string) =>
    navigation.state !== 'idle' && navigation.formData?.get('intent') === intent && (id === undefined || navigation.formData?.get('id') === id)
  const addForm = useRef<HTMLFormElement>(null)
  const failure = result && !result.ok ? result : undefined
  useFocusFirstInvalid(addForm, failure?.intent === 'add' ? failure : undefined)
  const confirmRef = useRef<HTMLDivElement>(null)
  // The confirmation step takes focus, so keyboard and screen reader users land on the question.
  useEffect(() => {
    if (confirmRemove && !result) confirmRef.current?.focus()
  }, [confirmRemove, result])
  const addErr = (k: string) => (failure?.intent === 'add' ? failure.fields[k]?.[0] : undefined)
  const showConfirm = confirmRemove && !(result?.ok && result.intent === 'remove')

  return (
    <>
      <SettingsPageHeader title={s.settingsTitle} intro={s.settingsIntro} />
      <div className="flex flex-col gap-6">
        {result?.ok ? (
          <Alert tone="success" key={result.at}>
            {result.message}
          </Alert>
        ) : null}
        {failure && !(failure.intent === 'add' && Object.keys(failure.fields).length > 0) ? (
          <Alert tone="error" key={failure.at}>
            {failure.message}
          </Alert>
        ) : null}

        <SettingsSection id="cards" title="Saved cards">
          {cards.length === 0 ? (
            <p className="text-base text-muted">{s.noCards}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-line">
              {cards.map((c) => {
                const label = cardLabel(c)
                return (
                  <li key={c.id} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0">
                    <div className="flex flex-wrap items-center justify-between gap-3">
                      <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
                        {label}
                        {c.isDefault && !c.expired ? <Badge variant="primary">{s.defaultBadge}</Badge> : null}
                        {c.expired ? <Badge variant="discount">Expired</Badge> : null}
                      </p>
                      <div className="flex flex-wrap gap-2">
                        {!c.isDefault && !c.expired ? (
                          <Form method="post">
                            <input type="hidden" name="intent" value="default" />
                            <input type="hidden" name="id" value={c.id} />
                            <Button type="submit" variant="secondary" size="sm" pending={pending('default', c.id)} pendingLabel={s.makingDefault} aria-label={`${s.makeDefault}: ${label}`}>
                              {s.makeDefault}
                            </Button>
                          </Form>
                        ) : null}
                        <Link
                          to={`?remove=${c.id}`}
                          preventScrollReset
                          aria-label={`${s.remove}: ${label}`}
                          className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'underline underline-offset-2' })}
                        >
                          {s.remove}
                        </Link>
                      </div>
                    </div>
                    {showConfirm && confirmRemove === c.id ? (
                      <div
                        ref={confirmRef}
                        tabIndex={-1}
                        role="group"
                        aria-labelledby={`remove-${c.id}-title`}
                        className="rounded-xl border border-berry-200 bg-berry-50 p-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-berry-700"
                      >
                        <p id={`remove-${c.id}-title`} className="font-semibold text-ink">
                          {s.removeConfirmTitle(label)}
                        </p>
                        <p className="mt-1 text-sm text-muted">{s.removeConfirmBody}</p>
                        <div className="mt-3 flex flex-wrap gap-2">
                          <Form method="post" action="/settings/payment-methods">
                            <input type="hidden" name="intent" value="remove" />
                            <input type="hidden" name="id" value={c.id} />
                            <Button type="submit" size="sm" pending={pending('remove', c.id)} pendingLabel={s.removing}>
                              {s.removeConfirm}
                            </Button>
                          </Form>
                          <Link to="/settings/payment-methods" preventScrollReset className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                            {s.keep}
                          </Link>
                        </div>
                      </div>
                    ) : null}
                  </li>
                )
              })}
            </ul>
          )}
        </SettingsSection>

        <SettingsSection id="add" title={s.addCardTitle} description={s.testCardHint}>
          <Form method="post" action="/settings/payment-methods" ref={addForm} key={result?.ok && result.intent === 'add' ? result.at : 'add'} noValidate className="flex flex-col gap-5">
            <input type="hidden" name="intent" value="add" />
            <TextField label={s.cardNumber} name="cardNumber" autoComplete="cc-number" inputMode="numeric" required maxLength={23} error={addErr('cardNumber')} />
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                label={s.cardExpiry}
                name="cardExpiry"
                autoComplete="cc-exp"
                inputMode="numeric"
                placeholder="MM/YY"
                required
                maxLength={7}
                defaultValue={failure?.intent === 'add' ? (failure.values?.cardExpiry ?? '') : ''}
                error={addErr('cardExpiry')}
              />
              <TextField label={s.cardCvc} name="cardCvc" autoComplete="cc-csc" inputMode="numeric" required maxLength={4} error={addErr('cardCvc')} />
            </div>
            {cards.some((c) => !c.expired) ? (
              <label className="flex min-h-11 items-center gap-3 text-base">
                <input type="checkbox" name="makeDefault" defaultChecked={failure?.intent === 'add' ? failure.values?.makeDefault : false} className="size-5 accent-berry-700" />
                {s.makeThisDefault}
              </label>
            ) : null}
            <Button type="submit" pending={pending('add')} pendingLabel={s.adding} className="self-start">
              {s.addCard}
            </Button>
          </Form>
        </SettingsSection>
      </div>
    </>
  )
}
