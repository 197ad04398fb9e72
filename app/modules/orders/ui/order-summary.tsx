import { formatCents } from '~/lib/money'
import { Card, cx } from '~/ui'
import { checkoutStrings as t, exclusionReason, optionText, paymentOptionFor } from '../checkout.strings'
import type { OrderQuote } from '../orders.service.server'

/** Signed cents for a summary row: '−$4.50' for money taken off. */
const minus = (cents: number) => `−${formatCents(cents)}`

export function SummaryRow({ label, value, strong, note }: { label: string; value: string; strong?: boolean; note?: string }) {
  return (
    <div className={cx('flex items-baseline justify-between gap-4', strong && 'border-t border-line pt-3 text-lg font-bold')}>
      <dt>
        {label}
        {note ? <span className="block text-xs font-normal text-muted">{note}</span> : null}
      </dt>
      {/* An amount never breaks between its sign and its digits (“−” / “$1.35” on a 320 px phone). */}
      <dd className="whitespace-nowrap tabular-nums">{value}</dd>
    </div>
  )
}

/** Pay-in-4 (0.01 to 1,999.99) or financing (2,000 to 9,999.99), as information only. */
export function PaymentOptionsNote({ totalCents }: { totalCents: number }) {
  const option = paymentOptionFor(totalCents)
  if (option === 'pay_in_4') {
    return (
      <p className="text-sm text-muted">
        <span className="font-semibold text-ink">{t.payIn4(totalCents)}</span>. {t.payIn4Note}
      </p>
    )
  }
  if (option === 'financing') return <p className="text-sm text-muted">{t.financing}</p>
  return null
}

/**
 * The order summary: every line (with its discount, or why it has none), discount, shipping, tax and total, as
 * the orders service priced them (the same numbers placeOrder charges). `busy` dims it while a new quote loads.
 */
export function OrderSummary({ quote, busy = false, className, idPrefix = 'summary' }: { quote: OrderQuote; busy?: boolean; className?: string; idPrefix?: string }) {
  // Nothing ships (only electronic gift cards): no state, no tax, so no rate to name.
  const tax = quote.taxEstimated ? t.estimatedTax : quote.taxState ? t.taxFor(quote.taxState, quote.taxRateBasisPoints) : t.tax
  return (
    <Card as="section" aria-labelledby={`${idPrefix}-title`} aria-busy={busy || undefined} className={cx('flex flex-col gap-4 p-5 sm:p-6', className)}>
      <h2 id={`${idPrefix}-title`} className="text-xl font-bold">
        {t.summary}
      </h2>
      <ul className="flex flex-col gap-3">
        {quote.lines.map((l) => (
          <li key={`${l.cartLineId ?? l.reservationId ?? 'p'}-${l.productId}`} className="flex gap-3">
            <img src={l.imageUrl} alt="" width={56} height={56} className="size-14 shrink-0 rounded-lg border border-line bg-white object-contain" />
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-semibold">{l.title}</p>
              <p className="text-muted">
                {[optionText(l.options), `Qty ${l.quantity}`].filter(Boolean).join('\u00a0· ')}
              </p>
              {quote.discount && l.discountCents > 0 ? <p className="text-sage-700">{`${minus(l.discountCents)} registry discount`}</p> : null}
              {quote.discount && l.excludedBecause ? <p className="text-muted">{`${t.notDiscounted}: ${exclusionReason[l.excludedBecause]}`}</p> : null}
            </div>
            <p className="text-sm font-semibold tabular-nums">{formatCents(l.lineTotalCents)}</p>
          </li>
        ))}
      </ul>
      <dl className={cx('flex flex-col gap-2 text-sm', busy && 'opacity-60')}>
        <SummaryRow label={t.subtotal} value={formatCents(quote.subtotalCents)} />
        {quote.discount ? <SummaryRow label={t.registryDiscount(quote.discount.percent)} value={minus(quote.discountCents)} /> : null}
        <SummaryRow label={t.shippingLine} value={quote.shippingCents === 0 ? t.free : formatCents(quote.shippingCents)} />
        <SummaryRow label={tax} value={formatCents(quote.taxCents)} note={quote.taxEstimated ? t.estimatedTaxNote : undefined} />
        <SummaryRow label={t.total} value={formatCents(quote.totalCents)} strong />
        {quote.tenders.map((x) => (
          <SummaryRow key={x.kind} label={x.label} value={minus(x.amountCents)} />
        ))}
        {quote.tenders.length > 0 ? <SummaryRow label={t.toPayByCard} value={formatCents(quote.cardDueCents)} strong /> : null}
      </dl>
      {quote.registryDiscountUsed ? <p className="text-sm text-muted">{t.registryDiscountUsed}</p> : null}
      {/* What the card pays is what could be split into payments. */}
      <PaymentOptionsNote totalCents={quote.tenders.length > 0 ? quote.cardDueCents : quote.totalCents} />
    </Card>
  )
}
