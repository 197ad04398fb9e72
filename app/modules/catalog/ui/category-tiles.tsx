import { SiteLink } from '~/lib/site-link'
import { track } from '~/modules/analytics/track'
import { Icon } from '~/ui'
import { PLACEHOLDER_HEART_PATH } from '../image-paths'

export type CategoryTile = { title: string; urlSlug: string; path: string; imageUrl: string | null; hidden: boolean; isLeaf?: boolean }

/** The grid's optional callout tile (spec 'Category tile': title, message, small). */
export type CategoryGridCallout = { title: string; message: string; small?: boolean }

/** The category image grid: image, title and chevron; two tiles a row on phones, three from medium up. Hidden tiles are left out. */
export function CategoryTiles({ tiles, heading, callout }: { tiles: CategoryTile[]; heading: string; callout?: CategoryGridCallout | null }) {
  const visible = tiles.filter((t) => !t.hidden)
  if (visible.length === 0 && !callout) return null
  return (
    <section aria-labelledby="category-tiles-heading">
      <h2 id="category-tiles-heading" className="text-xl font-bold">
        {heading}
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3">
        {visible.map((tile) => (
          <li key={tile.urlSlug}>
            <SiteLink
              to={tile.path}
              onClick={() =>
                track({ name: 'store_category_clicked', categoryName: tile.title, isLeafCategory: tile.isLeaf ?? false, slug: tile.urlSlug, location: 'image_nav' })
              }
              className="group flex h-full flex-col overflow-hidden rounded-card border border-line bg-white shadow-card transition hover:-translate-y-0.5 hover:shadow-pop motion-reduce:hover:translate-y-0"
            >
              <img
                src={tile.imageUrl ?? PLACEHOLDER_HEART_PATH}
                alt=""
                width={320}
                height={240}
                loading="lazy"
                decoding="async"
                className="aspect-[4/3] w-full bg-cream-200 object-cover"
              />
              <span className="flex flex-1 items-center justify-between gap-2 px-3 py-3 text-sm font-semibold group-hover:text-berry-700 sm:px-4">
                {tile.title}
                <Icon name="chevron-right" className="size-4 text-berry-700" />
              </span>
            </SiteLink>
          </li>
        ))}
        {callout ? (
          <li className={callout.small ? '' : 'col-span-2 md:col-span-1'} data-callout-tile="">
            <div className="flex h-full flex-col items-start gap-2 rounded-card bg-berry-50 p-4 sm:p-5">
              <Icon name="heart" className="size-7 text-berry-700" />
              <h3 className={callout.small ? 'text-base font-bold' : 'text-lg font-bold'}>{callout.title}</h3>
              <p className="text-sm leading-relaxed text-muted">{callout.message}</p>
            </div>
          </li>
        ) : null}
      </ul>
    </section>
  )
}
