import { Link } from 'react-router'
import { Icon } from '~/ui'
import { PLACEHOLDER_HEART_PATH } from '../illustrations'

export type CategoryTile = { title: string; urlSlug: string; path: string; imageUrl: string | null; hidden: boolean }

/** The category image grid: image, title and chevron; two tiles a row on phones, three from medium up. */
export function CategoryTiles({ tiles, heading }: { tiles: CategoryTile[]; heading: string }) {
  const visible = tiles.filter((t) => !t.hidden)
  if (visible.length === 0) return null
  return (
    <section aria-labelledby="category-tiles-heading">
      <h2 id="category-tiles-heading" className="text-xl font-bold">
        {heading}
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3">
        {visible.map((tile) => (
          <li key={tile.urlSlug}>
            <Link
              to={tile.path}
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
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
