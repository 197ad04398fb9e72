import { PLACEHOLDER_HEART_PATH } from '~/modules/catalog/image-paths'
import { cx, Icon } from '~/ui'

/** The store's link and name are only needed where the placeholder shows the store (`showStore`). */
type Pictured = { imageUrl: string; href?: string | null; storeName?: string }

/** False for an item saved from another store without a picture (it carries the placeholder path, or none). */
export function hasPicture(imageUrl: string): boolean {
  return imageUrl.trim() !== '' && imageUrl !== PLACEHOLDER_HEART_PATH
}

/** The store's web address for a label ('little-acorn.example'), or its name when the item has no http(s) link. */
export function storeDomain(item: Pick<Pictured, 'href' | 'storeName'>): string {
  if (item.href && /^https?:\/\//i.test(item.href)) {
    try {
      return new URL(item.href).hostname.replace(/^www\./, '')
    } catch {
      // Not a parsable address: the store's name says as much.
    }
  }
  return item.storeName ?? ''
}

/**
 * A registry item's picture, or for an item from another store saved without one a drawn placeholder of
 * the same size: a gift icon and (when `showStore`, for boxes large enough to read it) the store's web
 * address. Both are decorative (empty alt, hidden from screen readers): the card names the item and store.
 */
export function ItemPicture({
  item,
  width,
  height,
  className,
  loading,
  showStore = false,
}: {
  item: Pictured
  width: number
  height: number
  className?: string
  loading?: 'lazy' | 'eager'
  showStore?: boolean
}) {
  if (hasPicture(item.imageUrl)) {
    return <img src={item.imageUrl} alt="" width={width} height={height} loading={loading} decoding={loading === 'lazy' ? 'async' : undefined} className={className} />
  }
  return (
    <div
      aria-hidden="true"
      data-picture-placeholder=""
      className={cx('flex flex-col items-center justify-center gap-2 overflow-hidden bg-berry-50 p-2 text-center text-berry-700', className)}
    >
      <Icon name="gift" className={showStore ? 'size-12' : 'size-1/2 max-h-10 max-w-10'} strokeWidth={1.5} />
      {showStore ? <span className="line-clamp-2 max-w-full text-sm font-semibold break-all text-berry-800">{storeDomain(item)}</span> : null}
    </div>
  )
}
