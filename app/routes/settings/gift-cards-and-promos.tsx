import { data, Form, Link, useNavigation } from 'react-router'
import { formatLongDate } from '~/lib/format'
import { formFields } from '~/lib/form-data'
import { type FormFailure, fieldError, formFailure } from '~/lib/form-errors'
import { formatCents } from '~/lib/money'
import { requireUser, sessionMeta } from '~/modules/accounts/auth.server'
import { SettingsPageHeader, SettingsSection } from '~/modules/accounts/ui/settings-page'
import type { CreditReason } from '~/modules/giftcards/giftcards.validation'
import { useRef } from 'react'
import { useFocusFirstInvalid } from '~/modules/accounts/ui/use-focus-first-invalid'
import { Alert, Badge, Button, TextField } from '~/ui'
import type { Route } from './+types/gift-cards-and-promos'

export const meta = () => [{ title: 'Gift cards and promos | Nestlist' }, { name: 'robots', content: 'noindex' }]

/** /settings/gift-cards-and-promos: store credit balance and history, redeem a gift card, gift cards you sent. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const [credit, sent] = await Promise.all([context.services.giftCards.creditOf(user.id), context.services.giftCards.purchasedBy(user.id)])
  return { credit, sent }
}

type ActionResult = { ok: true; at: number; redeemedCents: number; last4: string } | (FormFailure & { at: number; code: string })

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireUser(request, context)
  const form = await request.formData()
  const { code } = formFields(form, { code: 60 })
  try {
    const r = await context.services.giftCards.redeem(user.id, { code }, { ip: sessionMeta(request, context).ip })
    return data<ActionResult>({
      ok: true,
      at: Date.now(),
      redeemedCents: r.redeemedCents,
      last4: r.last4,
    })
  } catch (error) {
    const failure = formFailure(error)
    return data<ActionResult>({ ...failure, at: Date.now(), code }, { status: failure.status })
  }
}

const reasonLabels: Record<CreditReason, string> = {
  gift_card_redeemed: 'Gift card added',
  gift_return: 'Gift returned',
  promotion: 'Promotion',
  order_payment: 'Used on an order',
  refund: 'Refund',
  cash_fund: 'Cash fund gift',
}

export default function GiftCardsAndPromos({ loaderData, actionData }: Route.ComponentProps) {
  const { credit, sent } = loaderData
  const result = actionData as ActionResult | undefined
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST'
  const failed = result && !result.ok ? result : undefined
  const redeemForm = useRef<HTMLFormElement>(null)
  useFocusFirstInvalid(redeemForm, failed)
  return (
    <>
      <SettingsPageHeader title="Gift cards and promos" intro="Your store credit, gift cards you received and gift cards you sent. Store credit can be used at checkout." />
      <div className="flex flex-col gap-6">
        <SettingsSection id="balance" title="Your balance">
          <p className="text-4xl font-extrabold tracking-tight text-ink" data-testid="credit-balance">
            {formatCents(credit.balanceCents)}
          </p>
          <p className="mt-1 text-sm text-muted">
            Store credit from gift cards, gift returns and promotions. Tick "Use my store credit" at checkout to spend it; it never expires.
          </p>
        </SettingsSection>

        <SettingsSection id="redeem" title="Redeem a gift card" description="Adds the card's whole balance to your store credit.">
          <Form ref={redeemForm} method="post" key={result?.ok ? result.at : 'redeem'} className="flex flex-col gap-4" noValidate>
            {result?.ok ? (
              <Alert tone="success" title="Gift card redeemed">
                {formatCents(result.redeemedCents)} from gift card ••••
                {result.last4} is now in your balance.
              </Alert>
            ) : null}
            {failed && !fieldError(failed, 'code') ? <Alert tone="error">{failed.message}</Alert> : null}
            <TextField
              label="Gift card code"
              name="code"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              required
              hint="16 letters and numbers, like ABCD-EFGH-JKLM-NPQR. Dashes and spaces are fine."
              defaultValue={failed?.code ?? ''}
              error={fieldError(failed, 'code') ?? (failed?.status === 429 ? failed.message : undefined)}
              containerClassName="max-w-md"
            />
            <div>
              <Button type="submit" pending={busy} pendingLabel="Redeeming…">
                Redeem
              </Button>
            </div>
          </Form>
        </SettingsSection>

        <SettingsSection id="history" title="Balance history">
          {credit.entries.length === 0 ? (
            <p className="text-muted">No store credit yet. Redeem a gift card above, or return a registry gift for credit.</p>
          ) : (
            <ul className="flex flex-col divide-y divide-line">
              {credit.entries.map((e) => (
                <li key={e.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0">
                  <span className="min-w-0">
                    <span className="block font-semibold text-ink">{reasonLabels[e.reason]}</span>
                    <span className="block text-sm text-muted">
                      {[e.note, formatLongDate(e.createdAt)].filter(Boolean).join('\u00a0· ')}
                      {e.orderId ? (
                        <>
                          {'\u00a0· '}
                          <Link to={`/orders/${e.orderId}`} className="text-berry-800 underline underline-offset-2">
                            View order
                          </Link>
                        </>
                      ) : null}
                    </span>
                  </span>
                  <span className={e.amountCents > 0 ? 'font-bold text-sage-700' : 'font-bold text-ink'}>
                    {e.amountCents > 0 ? '+' : '−'}
                    {formatCents(Math.abs(e.amountCents))}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </SettingsSection>

        <SettingsSection id="sent" title="Gift cards you sent">
          {sent.length === 0 ? (
            <p className="text-muted">
              You have not sent a gift card yet.{' '}
              <Link to="/store/gift-cards" className="font-semibold text-berry-800 underline underline-offset-2">
                Send one
              </Link>
            </p>
          ) : (
            <ul className="flex flex-col divide-y divide-line">
              {sent.map((c) => (
                <li key={c.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0">
                  <span className="min-w-0">
                    <span className="block font-semibold text-ink">
                      {formatCents(c.amountCents)} to {c.recipientName}
                    </span>
                    <span className="block text-sm break-all text-muted">{c.recipientEmail}</span>
                  </span>
                  {c.sentAt ? <Badge variant="success">Sent {formatLongDate(c.sentAt)}</Badge> : <Badge variant="neutral">Sending</Badge>}
                </li>
              ))}
            </ul>
          )}
        </SettingsSection>
      </div>
    </>
  )
}
