import { cx } from '~/ui'

/**
 * What the printed insert card looks like (a 3.5 × 5 in card, drawn at its proportions): the family's names,
 * the registry's title, its web address and a QR code for it. Every string is rendered as text.
 */
export function InsertCardPreview({ familyName, title, url, qr, quantity, className }: { familyName: string; title: string; url: string; qr: string; quantity?: number; className?: string }) {
  const shown = url.replace(/^https?:\/\//, '')
  return (
    <figure className={cx('mx-auto w-full max-w-sm', className)}>
      <div className="relative">
        {quantity ? (
          // The stack behind the card grows a little with the quantity, as a hint of what arrives.
          <div aria-hidden="true" className="absolute inset-0 translate-x-2 translate-y-2 rounded-2xl border border-line bg-cream-200" />
        ) : null}
        <div className="relative flex aspect-[5/7] flex-col items-center justify-between rounded-2xl border border-line-strong bg-white p-6 text-center shadow-sm">
          <div>
            <p className="text-xs font-bold tracking-[0.2em] text-berry-700 uppercase">Please join us in celebrating</p>
            <p className="mt-3 text-2xl font-extrabold break-words text-ink">{familyName}</p>
            <p className="mt-1 text-base break-words text-muted">{title}</p>
          </div>
          <img src={qr} alt={`QR code for ${shown}`} width={128} height={128} className="size-32" />
          <div>
            <p className="text-sm text-ink">We are registered at Nestlist</p>
            <p className="mt-1 text-sm font-semibold break-all text-berry-800">{shown}</p>
          </div>
        </div>
      </div>
      <figcaption className="mt-4 text-center text-sm text-muted">{quantity ? `Preview: ${quantity} cards like this one` : 'Preview of your card'}</figcaption>
    </figure>
  )
}
