import { randomUUID } from 'node:crypto'
import { useRef } from 'react'
import { data, Form, Link, useNavigation } from 'react-router'
import { StaffPageHeader } from '~/components/staff-page'
import { isDomainError } from '~/lib/errors'
import { formatLongDate } from '~/lib/format'
import { type FormFailure, formFailure } from '~/lib/form-errors'
import { formatCents } from '~/lib/money'
import { requireStaff } from '~/modules/accounts/auth.server'
import { useFocusFirstInvalid } from '~/modules/accounts/ui/use-focus-first-invalid'
import { giftCardSupportStrings as t } from '~/modules/giftcards/gift-card-support.strings'
import { TextAreaField } from '~/modules/registry/ui/add-to-registry-fields'
import { Alert, Badge, Button, Card, Icon, TextField, TextLink } from '~/ui'
import type { Route } from './+types/gift-card'

export const meta = ({ data: d }: Route.MetaArgs) => [{ title: `${d ? t.cardTitle(d.card.last4) : t.title} | Nestlist staff` }, { name: 'robots', content: 'noindex' }]
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

async function cardOr404(context: Route.LoaderArgs['context'], id: string) {
  try {
    return await context.services.giftCardSupport.card(id)
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_found') throw data(null, { status: 404 })
    throw error
  }
}

/** /admin/gift-cards/{id}: one card's balance and history; staff send it a new code. Everyone else gets the 404 page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff(request, context)
  return { card: await cardOr404(context, params.id), formKey: randomUUID() }
}

type Values = { intent: 'exchange' | 'move'; reason: string; recipientEmail: string; email: string; idempotencyKey: string }
type SendResult = { ok: true; message: string; emailed: boolean } | (FormFailure & { values: Values })

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context)
  const form = await request.formData()
  const values: Values = {
    intent: form.get('intent') === 'move' ? 'move' : 'exchange',
    reason: String(form.get('reason') ?? '').slice(0, 300),
    recipientEmail: String(form.get('recipientEmail') ?? '').slice(0, 300),
    email: String(form.get('email') ?? '').slice(0, 300),
    idempotencyKey: String(form.get('idempotencyKey') ?? '').slice(0, 80),
  }
  try {
    if (values.intent === 'move') {
      const moved = await context.services.giftCards.redeemForCustomer(staff.user.id, { giftCardId: params.id, email: values.email, reason: values.reason, idempotencyKey: values.idempotencyKey })
      return data<SendResult>({ ok: true, emailed: true, message: moved.repeated ? t.alreadyMoved(moved.redeemedCents, moved.user.email) : t.moved(moved.redeemedCents, moved.user.email, moved.balanceCents) })
    }
    const done = await context.services.giftCardSupport.exchange(staff.user.id, { giftCardId: params.id, reason: values.reason, recipientEmail: values.recipientEmail, idempotencyKey: values.idempotencyKey })
    const e = done.exchange
    const message = !e.emailed ? t.sentNoEmail(e.newLast4) : done.repeated ? t.alreadySent(e.newLast4, e.recipientEmailAfter) : t.sent(e.newLast4, e.oldLast4, e.recipientEmailAfter)
    return data<SendResult>({ ok: true, message, emailed: e.emailed })
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_found') throw data(null, { status: 404 })
    const failure = formFailure(error)
    const onlyFields = Object.keys(failure.fields).some((k) => k !== 'idempotencyKey')
    return data<SendResult>({ ...failure, message: onlyFields ? t.fixFields : failure.message, values }, { status: failure.status })
  }
}

const statusVariant = { active: 'success', used_up: 'neutral', redeemed: 'info' } as const

export default function AdminGiftCard({ loaderData, actionData }: Route.ComponentProps) {
  const { card, formKey } = loaderData
  const result = actionData as SendResult | undefined
  const failure = result && !result.ok ? result : undefined
  const navigation = useNavigation()
  const pendingIntent = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null
  const exchangeRef = useRef<HTMLFormElement>(null)
  const moveRef = useRef<HTMLFormElement>(null)
  useFocusFirstInvalid(exchangeRef, failure?.values.intent === 'exchange' ? failure : undefined)
  useFocusFirstInvalid(moveRef, failure?.values.intent === 'move' ? failure : undefined)
  // Each form shows its own field errors and keeps what was typed in it; a success starts both over (new keys).
  const failed = (intent: Values['intent']) => (failure?.values.intent === intent ? failure : undefined)
  const err = (intent: Values['intent'], k: string) => failed(intent)?.fields[k]?.[0]
  const exchangeValues = failed('exchange')?.values ?? { reason: '', recipientEmail: card.recipientEmail, idempotencyKey: `${formKey}-x` }
  const moveValues = failed('move')?.values ?? { reason: '', email: card.recipientEmail, idempotencyKey: `${formKey}-m` }
  const blocked = card.status === 'redeemed' ? t.cannotSend.redeemed : card.balanceCents === 0 ? t.cannotSend.used_up : !card.emailedAt ? t.cannotSend.undelivered : null
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <TextLink to="/admin/gift-cards" className="inline-flex min-h-11 items-center gap-1 self-start">
        <Icon name="chevron-left" className="size-4" />
        {t.back}
      </TextLink>
      <StaffPageHeader title={t.cardTitle(card.last4)} success={result?.ok && result.emailed ? result.message : null}>
        <span className="flex flex-wrap items-center gap-2">
          <Badge variant={statusVariant[card.status]}>{t.statusLabels[card.status]}</Badge>
          <span className="font-semibold tabular-nums">{t.of(card.balanceCents, card.initialCents)}</span>
        </span>
      </StaffPageHeader>
      {result?.ok && !result.emailed ? <Alert tone="error">{result.message}</Alert> : null}
      {failure ? <Alert tone="error">{failure.message}</Alert> : null}

      <Card as="section" aria-labelledby="details-title" className="p-5 sm:p-6">
        <h2 id="details-title" className="text-xl font-bold">
          {t.details}
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-base sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold">{t.recipient}</dt>
          <dd className="break-words">
            {card.recipientName} ({card.recipientEmail})
          </dd>
          <dt className="font-semibold">{t.sender}</dt>
          <dd className="break-words">{card.senderName}</dd>
          <dt className="font-semibold">{t.buyer}</dt>
          <dd className="break-words">
            {card.purchaserEmail}, {formatLongDate(card.createdAt)}
          </dd>
          <dt className="font-semibold">{t.order}</dt>
          <dd>
            <Link to={`/bl_admin/orders/${card.orderId}`} className="font-mono break-all text-berry-700 underline underline-offset-2">
              {card.orderId}
            </Link>
          </dd>
          <dt className="font-semibold">{t.emailed}</dt>
          <dd>{card.emailedAt ? formatLongDate(card.emailedAt) : t.notEmailed}</dd>
          {card.redeemedByEmail ? (
            <>
              <dt className="font-semibold">{t.redeemedBy}</dt>
              <dd className="break-words">
                <Link to={`/admin/gift-cards?email=${encodeURIComponent(card.redeemedByEmail)}`} className="text-berry-700 underline underline-offset-2">
                  {card.redeemedByEmail}
                </Link>
              </dd>
            </>
          ) : null}
        </dl>
      </Card>

      <Card as="section" aria-labelledby="send-title" className="p-5 sm:p-6">
        <h2 id="send-title" className="text-xl font-bold">
          {t.sendTitle}
        </h2>
        {blocked ? (
          <p className="mt-2 text-base text-muted">{blocked}</p>
        ) : (
          <Form ref={exchangeRef} method="post" noValidate className="mt-2 flex flex-col gap-5" key={exchangeValues.idempotencyKey}>
            <p className="text-base text-muted">{t.sendIntro(card.recipientEmail)}</p>
            <input type="hidden" name="intent" value="exchange" />
            <input type="hidden" name="idempotencyKey" value={exchangeValues.idempotencyKey} />
            <TextAreaField label={t.reason} hint={t.reasonHint} name="reason" required maxLength={200} defaultValue={exchangeValues.reason} error={err('exchange', 'reason')} />
            <TextField
              label={t.recipientEmail}
              name="recipientEmail"
              type="email"
              autoComplete="off"
              maxLength={254}
              hint={t.recipientEmailHint}
              defaultValue={exchangeValues.recipientEmail}
              error={err('exchange', 'recipientEmail')}
              containerClassName="sm:w-96"
            />
            <Button type="submit" className="self-start" pending={pendingIntent === 'exchange'} pendingLabel={t.sending}>
              {t.send}
            </Button>
          </Form>
        )}
      </Card>

      {blocked ? null : (
        <Card as="section" aria-labelledby="move-title" className="p-5 sm:p-6">
          <h2 id="move-title" className="text-xl font-bold">
            {t.moveTitle}
          </h2>
          <Form ref={moveRef} method="post" noValidate className="mt-2 flex flex-col gap-5" key={moveValues.idempotencyKey}>
            <p className="text-base text-muted">{t.moveIntro}</p>
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="idempotencyKey" value={moveValues.idempotencyKey} />
            <TextField
              label={t.moveEmail}
              name="email"
              type="email"
              autoComplete="off"
              required
              maxLength={254}
              defaultValue={moveValues.email}
              error={err('move', 'email')}
              containerClassName="sm:w-96"
            />
            <TextAreaField label={t.moveReason} hint={t.moveReasonHint} name="reason" required maxLength={200} defaultValue={moveValues.reason} error={err('move', 'reason')} />
            <Button type="submit" variant="secondary" className="self-start" pending={pendingIntent === 'move'} pendingLabel={t.moving}>
              {t.move}
            </Button>
          </Form>
        </Card>
      )}

      <section aria-labelledby="history-title" className="flex flex-col gap-3">
        <h2 id="history-title" className="text-xl font-bold">
          {t.history}
        </h2>
        {card.uses.length === 0 ? (
          <p className="text-base text-muted">{t.noUses}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {card.uses.map((u) => (
              <li key={u.id} className="flex flex-wrap items-baseline justify-between gap-2 rounded-xl border border-line bg-white px-4 py-3 text-sm">
                <span className="min-w-0 break-words">
                  <span className="font-semibold">{t.useLabels[u.kind]}</span>
                  {u.orderId ? (
                    <>
                      &nbsp;·{' '}
                      <Link to={`/bl_admin/orders/${u.orderId}`} className="font-mono text-berry-700 underline underline-offset-2">
                        {t.order} {u.orderId.slice(0, 8)}
                      </Link>
                    </>
                  ) : null}
                </span>
                <span className="text-muted">
                  <span className="font-semibold text-ink tabular-nums">{u.amountCents < 0 ? `−${formatCents(-u.amountCents)}` : `+${formatCents(u.amountCents)}`}</span>
                  &nbsp;· {formatLongDate(u.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="exchanges-title" className="flex flex-col gap-3">
        <h2 id="exchanges-title" className="text-xl font-bold">
          {t.exchangesTitle}
        </h2>
        {card.exchanges.length === 0 ? (
          <p className="text-base text-muted">{t.noExchanges}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {card.exchanges.map((e) => (
              <li key={e.id} className="flex flex-col gap-1 rounded-xl border border-line bg-white px-4 py-3 text-sm">
                <span className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-mono font-semibold">{t.exchangeLine(e.oldLast4, e.newLast4, e.staffEmail)}</span>
                  <span className="text-muted">{formatLongDate(e.createdAt)}</span>
                </span>
                <span className="break-words">{e.reason}</span>
                {e.recipientEmailBefore !== e.recipientEmailAfter ? <span className="break-words text-muted">{t.exchangeEmailChanged(e.recipientEmailBefore, e.recipientEmailAfter)}</span> : null}
                {e.emailed ? null : <span className="font-semibold text-peach-700">{t.exchangeNotEmailed}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
