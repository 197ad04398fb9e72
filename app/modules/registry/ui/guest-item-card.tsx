import type { MouseEvent } from 'react'
import { Link } from 'react-router'
import { BuyFromNestlist, NoGiftAddressNote } from '~/modules/cart/ui/buy-from-nestlist'
import { AddToAmazonCart, AmazonCartHeld } from '~/modules/cart/ui/add-to-amazon-cart'
import { GroupGiftProgress, type GroupGiftProgressData } from '~/modules/cash-funds/ui/group-gift-progress'
import { formatCents } from '~/lib/money'
import { Badge, buttonClasses, Icon } from '~/ui'
import type { GuestItem } from '../registry.types'
import { stillNeededLabel } from './guest-filters'
import type { ReserveMode } from './reserve-form'
import { ItemPicture } from './item-picture'
import { StoreOfferIcons } from './store-offer-icons'

/** The family's own choice of an option, shown as it is (a giver cannot change it). */
const optionNames: Record<string, string> = { size: 'Size', color: 'Color' }

/** Another store that sells the item (added by the family). */
export type BuyingOption = { id: number; storeName: string; url: string; priceCents: number }

export type VisitorGift = { id: string; quantity: number; status: 'reserved' | 'purchased' | 'cancelled' }

/**
 * One wish as guests see it: image, title, store, price, how many are still needed, and the actions.
 * 'Reserve' and 'I bought this elsewhere' are links to the page's form section (?reserve=ID), which
 * JavaScript turns into a dialog.
 */
export function GuestItemCard({
  item,
  mine,
  offers = [],
  reserveHref,
  onReserve,
  groupGift,
  amazon,
  registryId,
  canShip,
}: {
  item: GuestItem
  /** The registry the item is on. */
  registryId: number
  /** The family has a gift shipping address: without one nothing can ship from Nestlist yet (reserving still works). */
  canShip: boolean
  /** Sold on Amazon (its link or a place to buy it is an amazon.com product): 'Add to Amazon cart', and how many this giver holds there. */
  amazon?: { held: number }
  /** The item's group gift money, when the family made it one: guests chip in instead of reserving. */
  groupGift?: GroupGiftProgressData
  /** Further stores that sell it; with them (or for an item from another store) the card lists 'Where to buy'. */
  offers?: BuyingOption[]
  /** This visitor's own reservations of the item (from their cookie). */
  mine: VisitorGift[]
  reserveHref: (mode: ReserveMode) => string
  onReserve?: (mode: ReserveMode) => void
}) {
  const fulfilled = item.quantityStillNeeded <= 0
  const chipIn = item.groupGift && groupGift ? groupGift : null
  const external = item.href !== null && /^https?:/.test(item.href)
  const open = (mode: ReserveMode) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onReserve || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    onReserve(mode)
  }
  const titleText = <span className="line-clamp-2 sm:line-clamp-3">{item.title}</span>
  // On phones two cards share a row: smaller type and padding, the same parts and actions.
  return (
    <article className="flex h-full flex-col rounded-card border border-line bg-white p-2 shadow-card sm:p-3" aria-labelledby={`item-${item.id}-title`}>
      <div className="relative aspect-square overflow-hidden rounded-xl bg-cream-200">
        <ItemPicture item={item} width={400} height={400} loading="lazy" showStore className="size-full object-cover" />
        {item.mostWanted ? (
          <span className="absolute top-2 left-2">
            <Badge variant="primary">
              <Icon name="heart" className="size-3" /> Most wanted
            </Badge>
          </span>
        ) : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 pt-2 sm:pt-3">
        <div className="flex min-h-6 items-center justify-between gap-2">
          <p className="min-w-0 truncate text-xs font-semibold tracking-wide text-muted uppercase">{item.storeName}</p>
          <StoreOfferIcons storeNames={offers.map((o) => o.storeName).filter((name) => name.toLowerCase() !== item.storeName.toLowerCase())} className="shrink-0" />
        </div>
        <h3 id={`item-${item.id}-title`} className="text-sm leading-snug font-semibold break-words text-ink sm:text-base">
          {item.href ? (
            external ? (
              <a href={item.href} target="_blank" rel="noopener noreferrer nofollow" className="relative hover:text-berry-700 hover:underline">
                {titleText}
                <span className="sr-only"> (at {item.storeName}, opens in a new tab)</span>
              </a>
            ) : (
              <Link to={item.href} className="hover:text-berry-700 hover:underline">
                {titleText}
              </Link>
            )
          ) : (
            titleText
          )}
        </h3>
        {Object.keys(item.options).length > 0 ? (
          <p className="text-xs text-muted sm:text-sm">
            {Object.entries(item.options)
              .map(([k, v]) => `${optionNames[k] ?? k}: ${v}`)
              .join('\u00a0· ')}
          </p>
        ) : null}
        <p className="text-base font-bold text-ink sm:text-lg">{formatCents(item.priceCents)}</p>
        {chipIn ? (
          <div className="mt-1">
            <GroupGiftProgress gift={chipIn} id={`item-${item.id}-gg`} />
          </div>
        ) : (
          <p className={fulfilled ? 'flex items-center gap-1.5 text-sm font-semibold text-sage-800' : 'text-sm font-semibold text-berry-800'}>
            {fulfilled ? <Icon name="check-circle" className="size-4" /> : null}
            {stillNeededLabel(item)}
            {item.quantityNeeded > 1 ? <span className="font-normal text-muted">{` of ${item.quantityNeeded}`}</span> : null}
          </p>
        )}
        {item.note ? (
          <p className="mt-1 line-clamp-4 rounded-lg bg-cream px-2 py-1.5 text-xs text-ink sm:px-3 sm:py-2 sm:text-sm">
            <span className="sr-only">Note from the family: </span>“{item.note}”
          </p>
        ) : null}
        {external || offers.length > 0 ? <WhereToBuyList item={item} offers={offers} /> : null}
        {amazon && amazon.held > 0 ? <AmazonCartHeld item={item} held={amazon.held} /> : null}
        {mine.length > 0 ? (
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
            <Badge variant="success" className="whitespace-normal!">
              <Icon name="gift" className="size-3" />
              {mine.some((m) => m.status === 'reserved') ? 'You reserved this' : 'You bought this'}
            </Badge>
            <Link to={`/reservations/${mine[0]!.id}`} aria-label={`See your gift: ${item.title}`} className="font-semibold text-berry-700 underline underline-offset-2">
              See your gift
            </Link>
          </p>
        ) : null}
        <div className="mt-auto flex flex-col gap-2 pt-2 sm:pt-3">
          {chipIn ? (
            chipIn.fullyFunded || chipIn.redeemed ? null : (
              <Link to={`/group_gifts/${item.id}`} aria-label={`Chip in: ${item.title}`} className={buttonClasses({ size: 'sm', className: 'w-full' })}>
                Chip in
              </Link>
            )
          ) : fulfilled ? null : (
            <>
              {item.buyFromShop ? canShip ? <BuyFromNestlist item={item} registryId={registryId} /> : <NoGiftAddressNote itemId={item.id} /> : null}
              {amazon ? <AddToAmazonCart item={item} /> : null}
              <Link to={reserveHref('reserve')} onClick={open('reserve')} aria-label={`Reserve: ${item.title}`} className={buttonClasses({ size: 'sm', className: 'w-full' })} preventScrollReset>
                Reserve
              </Link>
              <Link
                to={reserveHref('bought')}
                onClick={open('bought')}
                className={buttonClasses({ size: 'sm', variant: 'ghost', className: 'w-full px-2 leading-tight' })}
                aria-label={`I bought this elsewhere: ${item.title}`}
                preventScrollReset
              >
                I bought this elsewhere
              </Link>
            </>
          )}
        </div>
      </div>
    </article>
  )
}

/** 'Where to buy': the item's own store (or the Nestlist Shop) first, then the other stores, with prices. */
export function WhereToBuyList({ item, offers }: { item: Pick<GuestItem, 'id' | 'href' | 'storeName' | 'priceCents' | 'productId' | 'title'>; offers: BuyingOption[] }) {
  const options = [
    { key: 'own', storeName: item.productId !== null ? 'Nestlist Shop' : item.storeName, href: item.href, priceCents: item.priceCents },
    ...offers.map((o) => ({ key: `o${o.id}`, storeName: o.storeName, href: o.url, priceCents: o.priceCents })),
  ]
  return (
    <div className="mt-1">
      <h4 id={`item-${item.id}-where`} className="text-xs font-semibold tracking-wide text-muted uppercase">
        Where to buy
      </h4>
      <ul aria-labelledby={`item-${item.id}-where`} className="mt-1 flex flex-col gap-1 text-sm">
        {options.map((o) => (
          <li key={o.key} className="flex items-baseline justify-between gap-2">
            {o.href && /^https?:/.test(o.href) ? (
              <a href={o.href} target="_blank" rel="noopener noreferrer nofollow" className="relative min-w-0 truncate font-semibold text-berry-700 underline underline-offset-2">
                {o.storeName}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : o.href && o.href.startsWith('/') && !o.href.startsWith('//') ? (
              <Link to={o.href} className="min-w-0 truncate font-semibold text-berry-700 underline underline-offset-2">
                {o.storeName}
              </Link>
            ) : (
              <span className="min-w-0 truncate font-semibold">{o.storeName}</span>
            )}
            <span className="shrink-0 font-semibold text-ink">{formatCents(o.priceCents)}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
