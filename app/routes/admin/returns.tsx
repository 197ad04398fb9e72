import { useEffect, useRef } from 'react'
import { data, Form, Link, useNavigation } from 'react-router'
import { formatLongDate } from '~/lib/format'
import { type FormFailure, formFailure } from '~/lib/form-errors'
import { requireStaff } from '~/modules/accounts/auth.server'
import type { StaffGiftReturnRow } from '~/modules/giftcards/giftcards.service.server'
import { staffToolStrings as t } from '~/modules/inventory/staff-tools.strings'
import { Alert, Button, Card, cx, FieldError } from '~/ui'
import { StaffPageHeader, StaffSearchForm } from '~/components/staff-page'
import type { Route } from './+types/returns'

export const meta = () => [{ title: `${t.returnsTitle} | Nestlist staff` }, { name: 'robots', content: 'noindex' }]
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

type Tab = 'awaiting_return_shipment' | 'received'

/**
 * /admin/returns: staff receive registry gifts the family sent back (by the return code on the box), choosing
 * whether they go back in stock. Everyone else gets the 404 page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context)
  const url = new URL(request.url)
  const status: Tab = url.searchParams.get('status') === 'received' ? 'received' : 'awaiting_return_shipment'
  const code = (url.searchParams.get('code') ?? '').trim().slice(0, 40)
  const returns = await context.services.giftCards.staffGiftReturns({ status, code: code || undefined })
  return { status, code, returns }
}

type ReceiveResult = { ok: true; id: string; message: string } | (FormFailure & { id: string })

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context)
  const form = await request.formData()
  const id = String(form.get('giftReturnId') ?? '').slice(0, 40)
  const code = String(form.get('returnCode') ?? '').slice(0, 20)
  try {
    const r = await context.services.giftCards.receiveGiftReturn(staff.user.id, id, { restock: form.get('restock') ?? undefined })
    return data<ReceiveResult>({ ok: true, id, message: t.received(r.giftReturn.returnCode ?? code, r.creditedCents, r.restocked) })
  } catch (error) {
    const failure = formFailure(error)
    return data<ReceiveResult>({ ...failure, id }, { status: failure.status })
  }
}

const optionWords = (o: { size?: string; color?: string }) => [o.size, o.color].filter(Boolean).join(', ')

/** One return on its way back: what it is, from whom, and the receive form with the restock choice. */
function AwaitingReturn({ r, result }: { r: StaffGiftReturnRow; result: ReceiveResult | undefined }) {
  const navigation = useNavigation()
  const mine = result && !result.ok && result.id === r.id ? result : undefined
  const receiving = navigation.state === 'submitting' && navigation.formData?.get('giftReturnId') === r.id
  const base = `return-${r.id}`
  const restockError = mine?.fields.restock?.[0]
  const firstRadio = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (restockError) firstRadio.current?.focus()
  }, [restockError])
  return (
    <Form method="post" className="flex flex-col gap-3" aria-label={t.returnForm(r.returnCode ?? '')}>
      <input type="hidden" name="giftReturnId" value={r.id} />
      <input type="hidden" name="returnCode" value={r.returnCode ?? ''} />
      {mine && !restockError ? <Alert tone="error">{mine.message}</Alert> : null}
      <fieldset aria-describedby={restockError ? `${base}-restock-error` : undefined} aria-invalid={restockError ? true : undefined}>
        <legend className="text-sm font-semibold text-ink">{t.restockLegend}</legend>
        <div className="mt-1 flex flex-col gap-1 sm:flex-row sm:gap-6">
          <label className="flex min-h-11 items-center gap-3 text-base">
            <input ref={firstRadio} type="radio" name="restock" value="restock" required className="size-5 accent-berry-700" />
            {t.restockYes}
          </label>
          <label className="flex min-h-11 items-center gap-3 text-base">
            <input type="radio" name="restock" value="no_restock" required className="size-5 accent-berry-700" />
            {t.restockNo}
          </label>
        </div>
        <FieldError id={`${base}-restock-error`}>{restockError}</FieldError>
      </fieldset>
      <Button type="submit" variant="secondary" className="self-start" pending={receiving} pendingLabel={t.receiving}>
        {t.markReceived}
      </Button>
    </Form>
  )
}

export default function AdminReturns({ loaderData, actionData }: Route.ComponentProps) {
  const { status, code, returns } = loaderData
  const result = actionData as ReceiveResult | undefined
  const tabs: Tab[] = ['awaiting_return_shipment', 'received']
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <StaffPageHeader title={t.returnsTitle} success={result?.ok ? result.message : null}>
        {t.returnsIntro}
      </StaffPageHeader>
      <StaffSearchForm
        label={t.returnsSearchLabel}
        name="code"
        field={t.returnsSearchField}
        hint={t.returnsSearchHint}
        value={code}
        submitLabel={t.findReturn}
        clear={{ to: '/admin/returns', label: t.clearSearch }}
        maxLength={40}
        fieldClassName="sm:w-80"
      />
      {code ? null : (
        <nav aria-label="Gift returns by status">
          <ul className="flex flex-wrap gap-2">
            {tabs.map((tab) => (
              <li key={tab}>
                <Link
                  to={tab === 'received' ? '/admin/returns?status=received' : '/admin/returns'}
                  aria-current={status === tab ? 'page' : undefined}
                  className={cx(
                    'flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold',
                    status === tab ? 'border-berry-700 bg-berry-700 text-white' : 'border-line-strong bg-white text-ink hover:bg-berry-50',
                  )}
                >
                  {t.returnsTabs[tab]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {returns.length === 0 ? <p className="text-base text-muted">{code ? t.returnsNoMatch(code) : t.returnsEmpty(status === 'received')}</p> : null}
      <ul className="flex flex-col gap-3">
        {returns.map((r) => (
          <li key={r.id}>
            <Card as="section" aria-labelledby={`return-${r.id}-title`} className="flex flex-col gap-3 p-4 sm:p-5">
              <div className="min-w-0">
                <h2 id={`return-${r.id}-title`} className="font-semibold text-ink">
                  <span className="font-mono">{r.returnCode ?? '—'}</span>&nbsp;· {r.quantity} × {r.title}
                  {optionWords(r.options) ? <span className="font-normal text-muted"> ({optionWords(r.options)})</span> : null}
                </h2>
                <p className="text-sm text-muted">{t.returnFamily(r.familyName, r.requester.name, r.requester.email)}</p>
                <p className="text-sm text-muted">
                  {t.returnRequested(formatLongDate(r.createdAt))}&nbsp;· {r.reasonLabel}&nbsp;· {t.returnCredit(r.creditCents, r.status === 'awaiting_return_shipment')}&nbsp;· {t.orderLink}{' '}
                  <Link to={`/bl_admin/orders/${r.orderId}`} className="font-mono font-semibold break-all text-berry-700 underline underline-offset-2">
                    {r.orderId}
                  </Link>
                </p>
                {r.status === 'received' && r.receivedAt ? <p className="text-sm font-semibold text-sage-700">{t.receivedOn(formatLongDate(r.receivedAt), r.receivedBy, r.restockedOnReceipt)}</p> : null}
              </div>
              {r.status === 'awaiting_return_shipment' ? <AwaitingReturn r={r} result={result} /> : null}
            </Card>
          </li>
        ))}
      </ul>
    </div>
  )
}
