import { randomUUID } from 'node:crypto'
import { useRef } from 'react'
import { data, Form, useNavigation } from 'react-router'
import { formatLongDate } from '~/lib/format'
import { type FormFailure, formFailure } from '~/lib/form-errors'
import { formatCents } from '~/lib/money'
import { requireStaff } from '~/modules/accounts/auth.server'
import { useFocusFirstInvalid } from '~/modules/accounts/ui/use-focus-first-invalid'
import { PROMOTION_MAX_CENTS } from '~/modules/giftcards/giftcards.validation'
import { staffToolStrings as t } from '~/modules/inventory/staff-tools.strings'
import { Alert, Button, Card, cx, FieldError, inputClasses, Label, TextField } from '~/ui'
import { StaffPageHeader } from '~/components/staff-page'
import type { Route } from './+types/store-credit'

export const meta = () => [{ title: `${t.creditTitle} | Nestlist staff` }, { name: 'robots', content: 'noindex' }]
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

/** /admin/store-credit: staff give promotional store credit to an account by email, with a reason. Everyone else gets the 404 page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context)
  return { formKey: randomUUID(), recent: await context.services.giftCards.recentPromotions(20) }
}

type Values = { email: string; amount: string; reason: string; idempotencyKey: string }
type CreditResult = { ok: true; message: string } | (FormFailure & { values: Values })

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context)
  const form = await request.formData()
  const values: Values = {
    email: String(form.get('email') ?? '').slice(0, 254),
    amount: String(form.get('amount') ?? '').slice(0, 20),
    reason: String(form.get('reason') ?? '').slice(0, 300),
    idempotencyKey: String(form.get('idempotencyKey') ?? '').slice(0, 80),
  }
  try {
    const grant = await context.services.giftCards.grantPromotion(staff.user.id, { email: values.email, amountCents: values.amount, reason: values.reason, idempotencyKey: values.idempotencyKey })
    return data<CreditResult>({ ok: true, message: grant.repeated ? t.alreadyGranted(grant.amountCents, grant.user.email) : t.granted(grant.amountCents, grant.user.email, grant.balanceCents) })
  } catch (error) {
    const failure = formFailure(error)
    const onlyFields = Object.keys(failure.fields).some((k) => k !== 'idempotencyKey')
    return data<CreditResult>({ ...failure, message: onlyFields ? t.fixFields : failure.message, values }, { status: failure.status })
  }
}

export default function AdminStoreCredit({ loaderData, actionData }: Route.ComponentProps) {
  const { formKey, recent } = loaderData
  const result = actionData as CreditResult | undefined
  const failure = result && !result.ok ? result : undefined
  const navigation = useNavigation()
  const granting = navigation.state === 'submitting'
  const formRef = useRef<HTMLFormElement>(null)
  useFocusFirstInvalid(formRef, failure)
  const err = (k: string) => failure?.fields[k]?.[0]
  // After a grant the form starts over (a new key: a new grant); after a failure it keeps what was typed and its key.
  const values = failure?.values ?? { email: '', amount: '', reason: '', idempotencyKey: formKey }
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <StaffPageHeader title={t.creditTitle} success={result?.ok ? result.message : null}>
        {t.creditIntro}
      </StaffPageHeader>
      {failure ? <Alert tone="error">{failure.message}</Alert> : null}
      <Card as="section" aria-labelledby="grant-title" className="p-5 sm:p-6">
        <h2 id="grant-title" className="sr-only">
          {t.grant}
        </h2>
        <Form ref={formRef} method="post" noValidate className="flex flex-col gap-5" key={values.idempotencyKey}>
          <input type="hidden" name="idempotencyKey" value={values.idempotencyKey} />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label={t.creditEmail} name="email" type="email" autoComplete="off" required maxLength={254} defaultValue={values.email} error={err('email')} />
            <TextField
              label={t.creditAmount}
              name="amount"
              inputMode="decimal"
              required
              maxLength={12}
              hint={t.creditAmountHint(PROMOTION_MAX_CENTS)}
              defaultValue={values.amount}
              error={err('amountCents')}
              aria-invalid={err('amountCents') ? true : undefined}
            />
          </div>
          <div>
            <Label htmlFor="reason">{t.creditReason}</Label>
            <p id="reason-hint" className="mt-1 text-sm text-muted">
              {t.creditReasonHint}
            </p>
            <textarea
              id="reason"
              name="reason"
              rows={2}
              required
              maxLength={200}
              defaultValue={values.reason}
              aria-describedby={cx('reason-hint', err('reason') && 'reason-error') || undefined}
              aria-invalid={err('reason') ? true : undefined}
              className={cx(inputClasses, 'mt-1.5')}
            />
            <FieldError id="reason-error">{err('reason')}</FieldError>
          </div>
          <Button type="submit" className="self-start" pending={granting} pendingLabel={t.granting}>
            {t.grant}
          </Button>
        </Form>
      </Card>
      <section aria-labelledby="recent-title" className="flex flex-col gap-3">
        <h2 id="recent-title" className="text-xl font-bold">
          {t.recentTitle}
        </h2>
        {recent.length === 0 ? (
          <p className="text-base text-muted">{t.recentEmpty}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {recent.map((g) => (
              <li key={g.id} className="flex flex-wrap items-baseline justify-between gap-2 rounded-xl border border-line bg-white px-4 py-3 text-sm">
                <span className="min-w-0 break-words">
                  <span className="font-semibold">{g.email}</span>&nbsp;· {g.note}
                </span>
                <span className="text-muted">
                  <span className="font-semibold text-ink tabular-nums">{formatCents(g.amountCents)}</span>&nbsp;· {t.recentBy(g.grantedBy)}&nbsp;· {formatLongDate(g.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
