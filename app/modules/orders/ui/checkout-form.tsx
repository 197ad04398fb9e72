import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import { Form, Link, type ShouldRevalidateFunctionArgs, useFetcher, useLocation, useNavigation } from 'react-router'
import type { FieldErrors } from '~/lib/errors'
import { AddressFields, type AddressFormValues } from '~/modules/accounts/ui/address-fields'
import { useFocusFirstInvalid } from '~/modules/accounts/ui/use-focus-first-invalid'
import { formatCents } from '~/lib/money'
import { Alert, Button, Card, cx, FieldError, Icon, Label, inputClasses, TextField } from '~/ui'
import { checkoutStrings as t } from '../checkout.strings'
import type { OrderQuote } from '../orders.service.server'
import { OrderSummary } from './order-summary'
import type { PaymentMethodView } from '~/modules/payments/payment-methods.validation'
import { CardChoice } from '~/modules/payments/ui/card-choice'

/** What the form shows: defaults from the account, or what was typed before a failure. */
export type CheckoutDefaults = AddressFormValues & {
  email: string
  buyerName: string
  giftMessage: string
  /** A registry gift: the buyer leaves the address fields' address for the family's thank-you note. */
  thankYouWanted?: boolean
  giftCardCode: string
  applyCredit: boolean
  cardExpiry: string
  cardName: string
  /** A saved card's id, or 'new' (docs/decisions/026). */
  paymentMethodId?: string
  saveCard?: boolean
}

export type CheckoutFailureView = { message: string; fields: FieldErrors; quote?: OrderQuote; applied?: boolean } | undefined

/** The answer to 'Apply' (the checkout action with intent=apply): the summary, and the code's error if any. */
type ApplyAnswer = { message: string; fields: FieldErrors; quote?: OrderQuote }

/**
 * Checkout routes' shouldRevalidate: 'Apply' (a fetcher posting intent=apply) changes nothing on the server, so
 * the page's loader is not run again (it would also hand out a new checkout key).
 */
export function checkoutShouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get('intent') === 'apply') return false
  return defaultShouldRevalidate
}

/**
 * The amounts the summary on screen shows (docs/decisions/029, amendment h10): sent with 'Place order', so the
 * server charges nothing when placing would charge anything else (a balance spent meanwhile, a price, tax…).
 */
export function ShownAmountFields({ quote }: { quote: Pick<OrderQuote, 'totalCents' | 'tenders' | 'cardDueCents' | 'taxEstimated'> }) {
  const sum = (kind: 'gift_card' | 'store_credit') => quote.tenders.filter((x) => x.kind === kind).reduce((n, x) => n + x.amountCents, 0)
  return (
    <>
      <input type="hidden" name="shownTotalCents" value={quote.totalCents} />
      <input type="hidden" name="shownGiftCardCents" value={sum('gift_card')} />
      <input type="hidden" name="shownCreditCents" value={sum('store_credit')} />
      <input type="hidden" name="shownCardCents" value={quote.cardDueCents} />
      {quote.taxEstimated ? <input type="hidden" name="shownTaxEstimated" value="1" /> : null}
    </>
  )
}

function Section({ id, title, children, intro }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Card as="section" aria-labelledby={`${id}-title`} className="flex flex-col gap-5 p-5 sm:p-6">
      <div>
        <h2 id={`${id}-title`} className="text-xl font-bold">
          {title}
        </h2>
        {intro ? <div className="mt-1 text-sm text-muted">{intro}</div> : null}
      </div>
      {children}
    </Card>
  )
}

/**
 * The one-page checkout form (own items, registry gifts, reserved gifts, quick buy). A plain POST without
 * JavaScript; with it, the summary follows the chosen state (one quote from the server, never a sum made here)
 * and the button shows 'Placing your order…' while the order is placed.
 */
export function CheckoutForm({
  quote,
  checkoutKey,
  defaults,
  failure,
  signedIn,
  registry,
  address,
  hiddenFields,
  savedAddressUsed,
  creditBalanceCents,
  submitLabel = t.placeOrder,
  savedCards,
}: {
  quote: OrderQuote
  checkoutKey: string
  defaults: CheckoutDefaults
  failure: CheckoutFailureView
  signedIn: boolean
  /** Gifts: where they go (city and state only); a gift message field is shown. */
  registry?: { familyName: string; city: string; state: string } | null
  /** Replaces the address fields (quick buy shows the saved address). */
  address?: ReactNode
  hiddenFields?: Record<string, string>
  savedAddressUsed?: boolean
  /** The signed-in buyer's store credit: the checkbox names it, and is left out when there is none. */
  creditBalanceCents?: number
  submitLabel?: string
  /** The signed-in buyer's saved cards, to pay with one instead of typing a card. */
  savedCards?: PaymentMethodView[]
}) {
  const navigation = useNavigation()
  const placing = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const formRef = useRef<HTMLFormElement>(null)
  // After a failure the card number and security code are asked again (they are never sent back either).
  useEffect(() => {
    if (!failure || !formRef.current) return
    for (const name of ['cardNumber', 'cardCvc']) {
      const input = formRef.current.elements.namedItem(name) as HTMLInputElement | null
      if (input) input.value = ''
    }
  }, [failure])
  // After 'Apply' only a wrong code takes the focus (to its field); a summary update leaves it where it was.
  useFocusFirstInvalid(formRef, failure && (!failure.applied || Object.keys(failure.fields).length > 0) ? failure : undefined)

  // 'Apply' (gift card code, store credit): with JavaScript a fetcher asks the action for the summary with them,
  // so nothing typed is lost; without it the button posts the form (intent=apply) and the page comes back.
  const applyFetcher = useFetcher<ApplyAnswer>()
  const applying = applyFetcher.state !== 'idle'
  // The newest summary: an Apply or re-quote's answer, or the one a refused Place order came back with.
  // (Kept while rendering, React's pattern for state that follows props: whichever of the two answers changed last wins.)
  const [answers, setAnswers] = useState<{ fetched: ApplyAnswer | undefined; failed: CheckoutFailureView; newest: 'fetched' | 'failed' }>({
    fetched: applyFetcher.data,
    failed: failure,
    newest: applyFetcher.data ? 'fetched' : 'failed',
  })
  if (answers.fetched !== applyFetcher.data || answers.failed !== failure) {
    const newest = answers.failed !== failure && failure ? 'failed' : answers.fetched !== applyFetcher.data && applyFetcher.data ? 'fetched' : answers.newest
    setAnswers({ fetched: applyFetcher.data, failed: failure, newest })
  }
  const newestAnswer = answers.newest === 'fetched' ? (applyFetcher.data ?? failure) : (failure ?? applyFetcher.data)
  // The code last applied: later re-quotes (state, credit) reuse it rather than checking a half-typed one.
  const appliedCode = useRef(defaults.giftCardCode)
  const applied = newestAnswer && newestAnswer === applyFetcher.data ? applyFetcher.data : failure?.applied ? failure : undefined
  // The gift card and credit fields answer to the newest of an Apply and a refused Place order.
  const err = (k: string) => (k === 'giftCardCode' || k === 'applyCredit' ? newestAnswer?.fields[k]?.[0] : failure?.fields[k]?.[0])
  // The status line speaks after the shopper's own Apply or credit choice, not after a re-quote for the state.
  const [announce, setAnnounce] = useState(true)
  function requote(options: { code?: boolean; announce?: boolean } = {}) {
    const form = formRef.current
    if (!form) return
    setAnnounce(options.announce ?? true)
    const body = new FormData(form)
    body.set('intent', 'apply')
    // A quote needs no card: the number and security code stay in the browser.
    body.delete('cardNumber')
    body.delete('cardCvc')
    if (options.code) appliedCode.current = String(body.get('giftCardCode') ?? '')
    else body.set('giftCardCode', appliedCode.current)
    applyFetcher.submit(body, { method: 'post', action: `${location.pathname}${location.search}` })
  }
  function onApplyClick(event: { preventDefault(): void }) {
    event.preventDefault()
    requote({ code: true })
  }
  // With JavaScript, Enter in the code field applies it (a fetcher, nothing typed is lost); Enter elsewhere places
  // the order. Without JavaScript the hidden first button (intent=enter) does the same on the server.
  const placeButton = useRef<HTMLButtonElement>(null)
  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    const target = event.target as HTMLElement
    if (event.key !== 'Enter' || target.tagName !== 'INPUT' || (target as HTMLInputElement).type === 'checkbox') return
    event.preventDefault()
    if ((target as HTMLInputElement).name === 'giftCardCode') requote({ code: true })
    else placeButton.current?.click()
  }

  // The summary follows the shipping state: the server quotes again (the action's quote, intent=apply, which also
  // keeps an applied gift card and store credit).
  const location = useLocation()
  const quotedState = useRef(quote.taxState ?? '')
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  function onFormChange(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name
    if (name === 'applyCredit' && event.type === 'change') return requote()
    if (registry || address || (name !== 'state' && name !== 'zip')) return
    clearTimeout(timer.current)
    // The ZIP code may fill the state a moment later (zip lookup), so look after it settles.
    timer.current = setTimeout(
      () => {
        const state = (formRef.current?.elements.namedItem('state') as HTMLSelectElement | null)?.value ?? ''
        if (state === quotedState.current) return
        quotedState.current = state
        requote({ announce: false })
      },
      name === 'state' ? 0 : 900,
    )
  }
  const shownQuote = newestAnswer?.quote ?? quote
  const noCardNeeded = shownQuote.tenders.length > 0 && shownQuote.cardDueCents === 0
  // Only electronic gift cards: they go by email, so no address is asked for (the orders service needs none).
  const nothingShips = !registry && !address && shownQuote.lines.length > 0 && shownQuote.lines.every((l) => l.isGiftCard)
  const busy = applying

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start lg:gap-10">
      <Form ref={formRef} method="post" noValidate className="flex flex-col gap-6" onChange={onFormChange} onInput={onFormChange} onKeyDown={onKeyDown}>
        {/* Enter in a field presses the form's first submit button. Without JavaScript that is this one (hidden from
            sight, the keyboard and screen readers, which reach the visible buttons): it places the order, or applies
            a newly typed gift card code first (the server compares it with appliedGiftCardCode). With JavaScript,
            onKeyDown handles Enter instead. */}
        <button type="submit" name="intent" value="enter" tabIndex={-1} aria-hidden="true" className="sr-only">
          {submitLabel}
        </button>
        <input type="hidden" name="appliedGiftCardCode" value={defaults.giftCardCode} />
        {failure && !failure.applied ? <Alert tone="error">{failure.message}</Alert> : null}
        <input type="hidden" name="checkoutKey" value={checkoutKey} />
        <ShownAmountFields quote={shownQuote} />
        {Object.entries(hiddenFields ?? {}).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}

        <Section
          id="contact"
          title={t.contact}
          intro={
            signedIn ? (
              t.contactHint
            ) : (
              <>
                {t.contactHint}{' '}
                <Link to={`/login?redirect_path=${encodeURIComponent(location.pathname + location.search)}`} className="font-semibold text-berry-700 underline underline-offset-2">
                  {registry ? t.signInShort : t.signInInstead}
                </Link>
              </>
            )
          }
        >
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label={t.email} name="email" type="email" autoComplete="email" required maxLength={254} defaultValue={defaults.email} error={err('email')} />
            <TextField label={t.buyerName} name="buyerName" autoComplete="name" required maxLength={100} defaultValue={defaults.buyerName} error={err('buyerName')} />
          </div>
        </Section>

        {registry ? (
          <Section id="gift" title={t.shipping}>
            <p className="flex items-start gap-2 font-semibold">
              <Icon name="gift" className="mt-0.5 size-5 shrink-0 text-berry-700" />
              {t.giftShipsTo(registry.familyName, registry.city, registry.state)}
            </p>
            <p className="text-sm text-muted">{t.giftAddressPrivate}</p>
            <div>
              <Label htmlFor="giftMessage" optional>
                {t.giftMessage}
              </Label>
              <p id="giftMessage-hint" className="mt-1 text-sm text-muted">
                {t.giftMessageHint}
              </p>
              <textarea
                id="giftMessage"
                name="giftMessage"
                rows={3}
                maxLength={500}
                defaultValue={defaults.giftMessage}
                aria-describedby={cx('giftMessage-hint', err('giftMessage') && 'giftMessage-error') || undefined}
                aria-invalid={err('giftMessage') ? true : undefined}
                className={cx(inputClasses, 'mt-1.5')}
              />
              <FieldError id="giftMessage-error">{err('giftMessage')}</FieldError>
            </div>
            <fieldset className="flex flex-col gap-4 rounded-xl border border-line p-4">
              <legend className="px-1 font-semibold">{t.thankYouTitle}</legend>
              <label className="flex min-h-6 items-start gap-2.5">
                <input type="checkbox" name="thankYouWanted" defaultChecked={defaults.thankYouWanted} className="mt-0.5 size-5 shrink-0 accent-berry-700" />
                <span>{t.thankYouWanted}</span>
              </label>
              <p className="text-sm text-muted">{t.thankYouHint}</p>
              <AddressFields values={defaults} errors={failure?.fields} />
            </fieldset>
          </Section>
        ) : nothingShips ? (
          <Section id="delivery" title={t.emailDeliveryTitle}>
            <input type="hidden" name="nothingShips" value="1" />
            <p className="flex items-start gap-2">
              <Icon name="gift" className="mt-0.5 size-5 shrink-0 text-berry-700" />
              {t.emailDelivery}
            </p>
          </Section>
        ) : (
          <Section id="shipping" title={t.shipping} intro={savedAddressUsed ? t.savedAddressNote : undefined}>
            {address ?? <AddressFields values={defaults} errors={failure?.fields} />}
            <div className="rounded-xl border border-line bg-cream-200/40 p-4 text-sm">
              <p className="font-semibold">{t.shippingMethod}</p>
              <p className="mt-1 flex justify-between gap-3">
                <span>{t.standardShipping}</span>
                <span className="font-semibold tabular-nums">{shownQuote.shippingCents === 0 ? t.free : `$${(shownQuote.shippingCents / 100).toFixed(2)}`}</span>
              </p>
              {shownQuote.freeShippingRemainingCents > 0 ? (
                <p className="mt-1 text-muted">{t.freeShippingLeft(shownQuote.freeShippingRemainingCents)}</p>
              ) : null}
            </div>
          </Section>
        )}

        <Section id="credits" title={t.creditsTitle} intro={t.applyHint}>
          <TextField
            label={t.giftCardCode}
            name="giftCardCode"
            hint={t.giftCardHint}
            optional
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            defaultValue={defaults.giftCardCode}
            error={err('giftCardCode')}
          />
          {signedIn && creditBalanceCents !== 0 ? (
            <label className="flex min-h-11 items-center gap-3 text-base">
              <input type="checkbox" name="applyCredit" defaultChecked={defaults.applyCredit} className="size-5 accent-berry-700" />
              {creditBalanceCents ? t.applyCreditAvailable(creditBalanceCents) : t.applyCredit}
            </label>
          ) : null}
          {err('applyCredit') ? <FieldError id="applyCredit-error">{err('applyCredit')}</FieldError> : null}
          <div className="flex flex-wrap items-center gap-3">
            {/* Without JavaScript this posts the whole form (intent=apply) and the page comes back with the summary. */}
            <Button type="submit" name="intent" value="apply" variant="secondary" formNoValidate pending={applying} pendingLabel={t.applying} onClick={onApplyClick}>
              {t.apply}
            </Button>
            <p role="status" className={cx('text-sm', applied && announce && Object.keys(applied.fields).length === 0 ? 'font-semibold text-sage-700' : 'sr-only')}>
              {applied && announce && Object.keys(applied.fields).length === 0 && !applying ? applied.message : ''}
            </p>
          </div>
        </Section>

        <Section id="payment" title={t.payment} intro={t.cardSafety}>
          {shownQuote.tenders.length > 0 ? (
            <p role="status" className="rounded-xl border border-sage-200 bg-sage-50 px-4 py-3 text-sm font-semibold text-ink">
              {noCardNeeded ? t.noCardNeeded : t.cardForRest(shownQuote.cardDueCents)}
            </p>
          ) : null}
          {/* Saved cards to choose from (signed in), or the card fields (docs/decisions/026). */}
          <CardChoice
            cards={savedCards ?? []}
            chosen={defaults.paymentMethodId}
            errors={failure?.fields}
            defaults={defaults}
            canSave={signedIn}
            saveChecked={defaults.saveCard}
            testCardHint={t.testCardHint}
            labels={{ cardNumber: t.cardNumber, cardExpiry: t.cardExpiry, cardCvc: t.cardCvc, cardName: t.cardName }}
            cardOptional={noCardNeeded}
          />
        </Section>

        {/* Narrow screens: the summary right before the button, so the total is read before paying. */}
        <OrderSummary quote={shownQuote} busy={busy} className="lg:hidden" idPrefix="summary-narrow" />
        <div className="flex flex-col gap-3">
          <Button ref={placeButton} type="submit" size="lg" pending={placing} pendingLabel={t.placing} className="w-full sm:w-auto sm:self-start" disabled={placing || applying}>
            {shownQuote.tenders.length > 0 ? `${submitLabel}\u00a0· ${formatCents(shownQuote.cardDueCents)} by card` : `${submitLabel}\u00a0· ${formatCents(shownQuote.totalCents)}`}
          </Button>
          {/* While the summary is being updated the button waits for it: it places exactly the total shown. */}
          {shownQuote.taxEstimated ? <p className="text-sm text-muted">{t.estimatedTaxNote}</p> : null}
        </div>
      </Form>
      <OrderSummary quote={shownQuote} busy={busy} className="hidden lg:sticky lg:top-6 lg:flex" />
    </div>
  )
}
