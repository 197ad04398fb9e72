// The contribute form shared by the cash fund and group gift pages: its fields → the service's input, the
// service's field paths → the form's names, and the action's answer when giving failed.
import { randomUUID } from 'node:crypto'
import { data } from 'react-router'
import { errorReasonOf, type FieldErrors } from '~/lib/errors'
import { formFailure } from '~/lib/form-errors'
import type { ViewerSession } from '~/modules/accounts/auth.server'
import type { ContributeFailure } from './ui/contribute-form'

export type ContributeValues = { amount: string; giverName: string; giverEmail: string; message: string }

const str = (form: FormData, name: string, max: number) => String(form.get(name) ?? '').slice(0, max)

/** What was typed (kept on failure; the card is never sent back) and the input for cashFunds.contribute. */
export function readContributeForm(form: FormData, cashFundId: number) {
  const values: ContributeValues = { amount: str(form, 'amount', 20), giverName: str(form, 'giverName', 200), giverEmail: str(form, 'giverEmail', 300), message: str(form, 'message', 2000) }
  const expiry = /^\s*(\d{1,2})\s*[/-]?\s*(\d{2}|\d{4})\s*$/.exec(str(form, 'cardExpiry', 10))
  const cardName = str(form, 'cardName', 200).trim()
  const input = {
    cashFundId,
    amountCents: values.amount,
    giverName: values.giverName,
    giverEmail: values.giverEmail,
    message: values.message,
    idempotencyKey: str(form, 'idempotencyKey', 200),
    card: { number: str(form, 'cardNumber', 40), expMonth: expiry?.[1] ?? '', expYear: expiry?.[2] ?? '', cvc: str(form, 'cardCvc', 10), ...(cardName ? { nameOnCard: cardName } : {}) },
  }
  return { values, input }
}

/** Service field paths → the form's field names. */
export function contributeFormFields(fields: FieldErrors): FieldErrors {
  const out: FieldErrors = {}
  const names: Record<string, string> = { amountCents: 'amount', card: 'cardNumber', 'card.number': 'cardNumber', 'card.expMonth': 'cardExpiry', 'card.expYear': 'cardExpiry', 'card.cvc': 'cardCvc', 'card.nameOnCard': 'cardName' }
  for (const [k, v] of Object.entries(fields)) (out[names[k] ?? k] ??= []).push(...v)
  return out
}

/** The id in a /cash_funds/{id} or /group_gifts/{itemId} path, or -1 (which finds nothing: a 404). */
export function giftIdParam(raw: string | undefined): number {
  const id = /^\d{1,15}$/.test(raw ?? '') ? Number(raw) : NaN
  return Number.isSafeInteger(id) && id > 0 ? id : -1
}

/** The giver's name and email filled in for a signed-in viewer. */
export function giverDefaults(viewer: ViewerSession | null): { giverName: string; giverEmail: string } {
  return viewer ? { giverName: `${viewer.user.firstName} ${viewer.user.lastName}`.trim(), giverEmail: viewer.user.email } : { giverName: '', giverEmail: '' }
}

/**
 * The action's answer when giving failed: the message and status, the fields' messages under the form's names,
 * what was typed (never the card) and the key for the next try. Nothing was given (bad input, a declined card,
 * someone took a group gift's last dollars): a new key. The processor not answering (409 notCharged) keeps the
 * key, so trying again finds that attempt instead of charging twice.
 */
export function contributeFailure(error: unknown, idempotencyKey: string, values: ContributeValues) {
  const failure = formFailure(error)
  const nextKey = errorReasonOf(error) === 'not_charged' ? idempotencyKey : randomUUID()
  return data<ContributeFailure>(
    { ok: false, message: failure.message, fields: contributeFormFields(failure.fields), values, idempotencyKey: nextKey },
    { status: failure.status },
  )
}
