// The checkout pages' server side (docs/decisions/022): the checkout key, the cookie that lets a guest see the
// order they just placed, and the form ↔ placeOrder mapping. Routes stay thin; the confirmation email is the
// orders service's (order-confirmation-email.server.ts), so the pages and the API send the same one.
import { randomBytes } from 'node:crypto'
import { type AppLoadContext, data, redirect } from 'react-router'
import { errorReasonOf, isDomainError, type FieldErrors } from '~/lib/errors'
import { getViewer, isSecureRequest, readCookie } from '~/modules/accounts/auth.server'
import { pageCartViewer } from '~/modules/cart/cart-cookie.server'
import { normaliseCode } from '~/modules/giftcards/giftcards.validation'
import { checkoutStrings as t } from './checkout.strings'
import type { OrderQuote, OrderView } from './orders.service.server'
import type { CheckoutDefaults } from './ui/checkout-form'
import type { CheckoutScope } from './orders.validation'

/** Checkout keys of orders this browser placed as a guest (short-lived: one day, only sent to /orders). */
export const ORDER_ACCESS_COOKIE = 'nestlist_order_access'
const ORDER_ACCESS_MAX_AGE_S = 24 * 3600
const ORDER_ACCESS_MAX_KEYS = 5
const KEY = /^[A-Za-z0-9_-]{32,80}$/

/** A fresh, unguessable checkout key for one checkout page load (192 random bits). */
export const newCheckoutKey = () => randomBytes(24).toString('base64url')

/** The checkout keys this browser holds (well-formed ones only). */
export function orderAccessKeys(request: Request): string[] {
  const raw = readCookie(request.headers.get('Cookie'), ORDER_ACCESS_COOKIE) ?? ''
  return raw
    .split('.')
    .filter((k) => KEY.test(k))
    .slice(0, ORDER_ACCESS_MAX_KEYS)
}

function orderAccessCookie(request: Request, context: AppLoadContext, key: string): string {
  const keys = [key, ...orderAccessKeys(request).filter((k) => k !== key)].slice(0, ORDER_ACCESS_MAX_KEYS)
  const secure = isSecureRequest(request, context.publicUrl)
  return `${ORDER_ACCESS_COOKIE}=${keys.join('.')}; Path=/orders; HttpOnly; SameSite=Lax; Max-Age=${ORDER_ACCESS_MAX_AGE_S}${secure ? '; Secure' : ''}`
}

/** What the checkout form sends back after a failure (never the card number or security code). */
export type CheckoutFormValues = {
  checkoutKey: string
  email: string
  buyerName: string
  name: string
  line1: string
  line2: string
  city: string
  state: string
  zip: string
  phone: string
  giftMessage: string
  /** A registry gift's buyer chose to leave their address for a thank-you note (the address fields hold it). */
  thankYouWanted: boolean
  giftCardCode: string
  applyCredit: boolean
  cardExpiry: string
  cardName: string
  /** The saved card chosen, or 'new' (docs/decisions/026); kept after a failure, like what was typed. */
  paymentMethodId?: string
  saveCard?: boolean
}

/**
 * What a checkout action answers when it does not redirect: a failure to place the order, or the summary with
 * the gift card and store credit applied ('Apply', intent=apply: checked, nothing spent). `quote` is the summary
 * for what was typed (with its tenders), so the page shows what placing would charge.
 */
export type CheckoutFailure = {
  ok: false
  message: string
  fields: FieldErrors
  values: CheckoutFormValues
  quote?: OrderQuote & { unavailable: string[] }
  /** The answer to 'Apply' (a status message, not an error, unless `fields` names one). */
  applied?: boolean
}

const str = (form: FormData, k: string, max = 200) => String(form.get(k) ?? '').slice(0, max)

export function checkoutValuesFrom(form: FormData): CheckoutFormValues {
  return {
    checkoutKey: str(form, 'checkoutKey', 100),
    email: str(form, 'email'),
    buyerName: str(form, 'buyerName'),
    name: str(form, 'name'),
    line1: str(form, 'line1'),
    line2: str(form, 'line2'),
    city: str(form, 'city'),
    state: str(form, 'state'),
    zip: str(form, 'zip'),
    phone: str(form, 'phone'),
    giftMessage: str(form, 'giftMessage', 600),
    thankYouWanted: form.get('thankYouWanted') === 'on',
    giftCardCode: str(form, 'giftCardCode', 60),
    applyCredit: form.get('applyCredit') === 'on',
    cardExpiry: str(form, 'cardExpiry', 10),
    cardName: str(form, 'cardName', 120),
    paymentMethodId: str(form, 'paymentMethodId', 40) || undefined,
    saveCard: form.get('saveCard') === 'on',
  }
}

/**
 * The amounts the page showed (its ShownAmountFields), for placeOrder to compare with what it would charge. A
 * form without them (a page from before they existed) is placed as priced, as before.
 */
function shownAmountsFrom(form: FormData) {
  const cents = (k: string) => {
    const raw = str(form, k, 12).trim()
    return /^\d{1,9}$/.test(raw) ? Number(raw) : undefined
  }
  const totalCents = cents('shownTotalCents')
  if (totalCents === undefined) return undefined
  return { totalCents, giftCardCents: cents('shownGiftCardCents'), creditCents: cents('shownCreditCents'), cardCents: cents('shownCardCents') }
}

/** '12/29', '12 / 2029', '1229' → month and year (undefined parts let the card check name the problem). */
function parseExpiry(raw: string): { expMonth?: string; expYear?: string } {
  const m = /^\s*(\d{1,2})\s*[/-]?\s*(\d{2}|\d{4})\s*$/.exec(raw)
  return m ? { expMonth: m[1], expYear: m[2] } : {}
}

/** Service field paths → the form's field names. */
function formFields(fields: FieldErrors): FieldErrors {
  const out: FieldErrors = {}
  const put = (k: string, v: string[]) => (out[k] = [...(out[k] ?? []), ...v])
  for (const [k, v] of Object.entries(fields)) {
    if (k === 'name') put('buyerName', v)
    else if (k === 'shippingAddress') put('line1', v)
    else if (k.startsWith('shippingAddress.')) put(k.slice('shippingAddress.'.length), v)
    else if (k.startsWith('thankYouAddress.')) put(k.slice('thankYouAddress.'.length), v)
    else if (k === 'card' || k === 'card.number') put('cardNumber', v)
    else if (k === 'card.expMonth' || k === 'card.expYear') put('cardExpiry', v)
    else if (k === 'card.cvc') put('cardCvc', v)
    else if (k === 'card.nameOnCard') put('cardName', v)
    else put(k, v)
  }
  return out
}

export type CheckoutKind = 'store' | 'registry' | 'reservations' | 'quick_buy'

/**
 * The place-order action shared by the checkout pages: builds placeOrder's input from the form (city and state
 * filled from a known ZIP code, as the saved-address form does), places the order (the orders service sends
 * its confirmation email), and redirects to the order. A failure comes back with the message and what was typed.
 */
export async function placeOrderFromForm(
  request: Request,
  context: AppLoadContext,
  form: FormData,
  scope: CheckoutScope,
  options: { shipsToRegistry: boolean; shippingAddress?: Record<string, string>; afterPlaced?: (order: OrderView, userId: number | null) => Promise<unknown> },
) {
  const values = checkoutValuesFrom(form)
  const { viewer, userId } = await pageCartViewer(request, context)
  let summaryState = options.shippingAddress?.state ?? values.state
  const fail = async (message: string, fields: FieldErrors, status: number, totalChanged = false) => {
    // The summary as placing would charge it (tenders included), so the page and the retry agree.
    // A code that no longer works (used up meanwhile) is marked on its field, as after 'Apply'.
    const { quote, fields: tenderFields } = await quoteWithTenders(context, viewer, scope, summaryState, values)
    fields = { ...tenderFields, ...fields }
    // Refused because the summary on screen estimated the tax (no state chosen yet, without JavaScript): say so.
    const estimated = totalChanged && form.get('shownTaxEstimated') === '1' && quote?.taxState && !quote.taxEstimated
    return data<CheckoutFailure>({ ok: false, message: estimated ? t.exactTotal(quote.taxState!, quote.totalCents) : message, fields, values, ...(quote ? { quote } : {}) }, { status })
  }
  if (form.get('intent') === 'apply') return applyTenders(context, viewer, scope, summaryState, values)
  // Enter pressed without JavaScript (the form's first, hidden submit button, intent=enter): it places the order,
  // unless a gift card code was typed that the summary on screen does not include yet. Then it applies the code,
  // so Enter in the code field applies it and nobody is charged a total they have not seen.
  if (form.get('intent') === 'enter' && normaliseCode(values.giftCardCode) !== normaliseCode(str(form, 'appliedGiftCardCode', 60))) {
    return applyTenders(context, viewer, scope, summaryState, values)
  }

  let shippingAddress: Record<string, string> | undefined = options.shippingAddress
  // The page showed no address fields (only e-gift cards in the summary) and none were sent: the orders service
  // takes no address for an order that ships nothing (and asks for one if the cart changed meanwhile).
  const noAddressTyped = ![values.name, values.line1, values.line2, values.city, values.state, values.zip].some((v) => v.trim())
  const noAddressNeeded = form.get('nothingShips') === '1' && noAddressTyped
  if (!options.shipsToRegistry && !shippingAddress && !noAddressNeeded) {
    const typed = { name: values.name, line1: values.line1, line2: values.line2, city: values.city, state: values.state, zip: values.zip, phone: values.phone }
    shippingAddress = typed
    try {
      const place = /^\d{5}(-?\d{4})?$/.test(values.zip.trim()) ? context.services.address.zipLookup({ zip: values.zip }) : null
      if (place) {
        if (!typed.city.trim()) typed.city = place.city
        if (!typed.state.trim()) typed.state = place.state
        // A failure's summary is quoted for that state (what placing charges), and the form shows it filled in.
        values.city = typed.city
        values.state = typed.state
        summaryState = typed.state
        if (typed.state.trim().toUpperCase() !== place.state) {
          const message = `ZIP code ${values.zip.trim().slice(0, 5)} is in ${place.state}, not ${typed.state.toUpperCase()}. Check the ZIP code and the state.`
          return fail(message, { zip: [message] }, 422)
        }
      }
    } catch (error) {
      if (!isDomainError(error)) throw error
    }
  }
  const expiry = parseExpiry(values.cardExpiry)
  // A saved card (docs/decisions/026), or the card typed in.
  const savedCardId = values.paymentMethodId && values.paymentMethodId !== 'new' ? values.paymentMethodId : undefined
  const typedCard = { number: str(form, 'cardNumber', 40), expMonth: expiry.expMonth, expYear: expiry.expYear, cvc: str(form, 'cardCvc', 8), nameOnCard: values.cardName || undefined }
  const input = {
    scope,
    idempotencyKey: values.checkoutKey,
    email: values.email,
    name: values.buyerName,
    shippingAddress,
    giftMessage: options.shipsToRegistry ? values.giftMessage : undefined,
    // A registry gift ships to the family; the address fields, when the buyer ticked the box, are for their thank-you note.
    thankYouAddress:
      options.shipsToRegistry && values.thankYouWanted
        ? { name: values.name || values.buyerName, line1: values.line1, line2: values.line2, city: values.city, state: values.state, zip: values.zip }
        : undefined,
    giftCardCode: values.giftCardCode,
    applyCredit: values.applyCredit,
    // No card typed at all: gift cards and store credit may cover the total (placeOrder asks for a card if not).
    card: savedCardId || !(typedCard.number.trim() || values.cardExpiry.trim() || typedCard.cvc.trim()) ? undefined : typedCard,
    paymentMethodId: savedCardId,
    expected: shownAmountsFrom(form),
  }
  let order: OrderView
  try {
    order = await context.services.orders.placeOrder(viewer, input)
  } catch (error) {
    if (!isDomainError(error)) throw error
    const status = { invalid_input: 422, conflict: 409, not_found: 404, rate_limited: 429 }[error.code as string] ?? 400
    const fields = formFields(error.fields ?? {})
    // A saved card's decline belongs to the saved-card choice, not to the (hidden) card number field.
    if (savedCardId && fields.cardNumber) {
      fields.paymentMethodId = [...(fields.paymentMethodId ?? []), ...fields.cardNumber]
      delete fields.cardNumber
    }
    const reason = errorReasonOf(error)
    const onlyFields = Object.keys(fields).length > 0 && reason === 'invalid_fields'
    return fail(onlyFields ? t.fixFields : error.message, fields, status, reason === 'total_changed')
  }

  // 'Save this card for next time': only once the order went through, and only for a signed-in buyer.
  if (values.saveCard && userId && !savedCardId && order.payment.cardLast4) {
    await context.services.paymentMethods.save(userId, typedCard).catch((err: unknown) => context.logger.warn({ err, orderId: order.id }, 'saving the card after checkout failed'))
  }
  // The page's own follow-up (e.g. the group gift an "Order it" order is linked to): never fails the placed order.
  if (options.afterPlaced) await options.afterPlaced(order, userId ?? null).catch((err: unknown) => context.logger.warn({ err, orderId: order.id }, 'after-placement step failed'))
  const headers = new Headers()
  if (!userId) headers.append('Set-Cookie', orderAccessCookie(request, context, values.checkoutKey))
  throw redirect(`/orders/${order.id}?placed=1`, { headers })
}

/**
 * The summary with the gift card code and store credit the form asks for. A code that is wrong (or used up, or
 * tried too often) gives the summary without it and the field's error; it counts toward the redemption limit
 * like a code tried when placing.
 */
async function quoteWithTenders(
  context: AppLoadContext,
  viewer: { userId?: number | null; guestToken?: string | null },
  scope: CheckoutScope,
  state: string,
  values: Pick<CheckoutFormValues, 'giftCardCode' | 'applyCredit'>,
): Promise<{ quote: (OrderQuote & { unavailable: string[] }) | null; fields: FieldErrors; status: number }> {
  const input = { scope, state: state.trim().toUpperCase() || undefined }
  try {
    const quote = await context.services.orders.quote(viewer, { ...input, giftCardCode: values.giftCardCode.trim() || undefined, applyCredit: values.applyCredit })
    return { quote, fields: {}, status: 200 }
  } catch (error) {
    if (!isDomainError(error)) throw error
    const fields: FieldErrors =
      error.code === 'rate_limited' ? { giftCardCode: [error.message] } : Object.fromEntries(Object.entries(error.fields ?? {}).filter(([k]) => k === 'giftCardCode' || k === 'applyCredit'))
    if (Object.keys(fields).length === 0) return { quote: null, fields: {}, status: 200 }
    // The rest of the summary without the tender that failed.
    const quote = await context.services.orders
      .quote(viewer, { ...input, giftCardCode: fields.giftCardCode ? undefined : values.giftCardCode.trim() || undefined, applyCredit: fields.applyCredit ? false : values.applyCredit })
      .catch((again: unknown) => {
        if (isDomainError(again)) return null
        throw again
      })
    return { quote, fields, status: error.code === 'rate_limited' ? 429 : 422 }
  }
}

/** 'Apply': the summary with the gift card and store credit, nothing spent; everything typed comes back. */
async function applyTenders(context: AppLoadContext, viewer: { userId?: number | null; guestToken?: string | null }, scope: CheckoutScope, state: string, values: CheckoutFormValues) {
  const { quote, fields, status } = await quoteWithTenders(context, viewer, scope, state, values)
  const firstError = Object.values(fields)[0]?.[0]
  const message = firstError ?? (quote && quote.tenders.length > 0 ? t.tendersApplied(quote.tenders, quote.cardDueCents) : t.summaryUpdated)
  return data<CheckoutFailure>({ ok: false, applied: true, message, fields, values, ...(quote ? { quote } : {}) }, { status })
}

/** The viewer of a checkout page: cart viewer, signed-in session (if any). */
export async function checkoutViewer(request: Request, context: AppLoadContext) {
  const [cartViewer, session] = await Promise.all([pageCartViewer(request, context), getViewer(request, context)])
  return { viewer: cartViewer.viewer, session }
}

/** The quote for a page, or why there is none (nothing to check out, or the family has no address). */
export async function quoteFor(context: AppLoadContext, viewer: { userId?: number | null; guestToken?: string | null }, scope: CheckoutScope, state?: string | null, applyCredit = false) {
  try {
    return { quote: (await context.services.orders.quote(viewer, { scope, state: state ?? undefined, ...(applyCredit ? { applyCredit } : {}) })) as OrderQuote & { unavailable: string[] }, problem: null, message: null }
  } catch (error) {
    if (!isDomainError(error)) throw error
    const reason = errorReasonOf(error)
    if (reason === 'empty_cart') return { quote: null, problem: 'empty' as const, message: null }
    if (reason === 'no_registry_address') return { quote: null, problem: 'no_registry_address' as const, message: null }
    // Anything else the shopper can act on (e.g. gifts for two registries in one link): say it as it is.
    return { quote: null, problem: 'message' as const, message: error.message }
  }
}

/** The signed-in buyer's store credit for the checkout's 'Apply my store credit' (0 for guests). */
export async function creditBalance(context: AppLoadContext, userId: number | null | undefined): Promise<number> {
  if (!userId) return 0
  return (await context.services.giftCards.creditOf(userId)).balanceCents
}

/**
 * A registry gift checkout's form: the address fields are the buyer's own, for the family's thank-you note
 * (sent only when they tick the box), so they start as the signed-in buyer's saved address.
 */
export async function giftCheckoutDefaults(context: AppLoadContext, user: { id: number; email: string; firstName: string; lastName: string } | null | undefined): Promise<CheckoutDefaults> {
  const base = checkoutDefaults(user)
  const saved = user ? await context.services.address.get(user.id) : null
  return saved
    ? { ...base, name: saved.name || base.buyerName, line1: saved.line1, line2: saved.line2 ?? '', city: saved.city, state: saved.state, zip: saved.zip }
    : { ...base, name: base.buyerName }
}

/** What a checkout form starts with: the signed-in buyer's email and name, everything else empty unless given. */
export function checkoutDefaults(user: { email: string; firstName: string; lastName: string } | null | undefined, given: Partial<CheckoutDefaults> = {}): CheckoutDefaults {
  const fullName = user ? `${user.firstName} ${user.lastName}`.trim() : ''
  return {
    email: user?.email ?? '',
    buyerName: fullName,
    name: '',
    line1: '',
    line2: '',
    city: '',
    state: '',
    zip: '',
    phone: '',
    giftMessage: '',
    giftCardCode: '',
    applyCredit: false,
    cardExpiry: '',
    cardName: '',
    ...given,
  }
}
