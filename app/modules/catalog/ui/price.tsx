import { formatCents } from '~/lib/money'
import { cx } from '~/ui'
import type { ProductPrice } from '../catalog.service.server'

type PriceProps = {
  price: ProductPrice
  onSale: boolean
  isElectronicGiftCard: boolean
  /** Cash funds and favors at $0 have no price to show: the giver chooses the amount, or gives time. */
  isCashFund?: boolean
  isFavor?: boolean
  /** Shows the MSRP when it is above the current price (the product page does). */
  showMsrp?: boolean
  size?: 'sm' | 'lg'
  className?: string
}

/** Whether a product has a price worth showing (cash funds and favors at $0 do not). */
export const hasPrice = ({ price, isCashFund, isFavor }: Pick<PriceProps, 'price' | 'isCashFund' | 'isFavor'>) =>
  !(price.current === 0 && (isCashFund || isFavor))

/** A product's price: a range for electronic gift cards, the sale price beside the old one, optional MSRP. */
export function Price({ price, onSale, isElectronicGiftCard, isCashFund, isFavor, showMsrp = false, size = 'sm', className }: PriceProps) {
  const big = size === 'lg'
  if (!hasPrice({ price, isCashFund, isFavor })) return null
  if (isElectronicGiftCard) {
    return (
      <p className={cx('font-bold', big ? 'text-2xl' : 'text-sm', className)}>
        {formatCents(price.min)} - {formatCents(price.max)}
      </p>
    )
  }
  const msrp = showMsrp && price.msrp !== null && price.msrp > price.current ? price.msrp : null
  return (
    <div className={cx('flex flex-wrap items-baseline gap-x-2 gap-y-0.5', className)}>
      {onSale ? (
        <>
          <p className={cx('font-bold text-berry-700', big ? 'text-2xl' : 'text-sm')}>
            <span className="sr-only">Sale price </span>
            {formatCents(price.current)}
          </p>
          <p className={cx('text-muted', big ? 'text-base' : 'text-xs')}>
            <span className="sr-only">Regular price </span>
            <s>{formatCents(price.regular)}</s>
          </p>
        </>
      ) : (
        <p className={cx('font-bold', big ? 'text-2xl' : 'text-sm')}>{formatCents(price.current)}</p>
      )}
      {msrp !== null ? <p className={cx('text-muted', big ? 'text-sm' : 'text-xs')}>MSRP {formatCents(msrp)}</p> : null}
    </div>
  )
}
