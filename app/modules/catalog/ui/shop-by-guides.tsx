import { SiteLink } from '~/lib/site-link'
import { Icon } from '~/ui'

/** The block needs at least this many guides (spec: shop-by-guides block). */
export const SHOP_BY_GUIDES_MIN = 2

export type GuideTile = { slug: string; title: string; teaser: string; path: string; featuredImage: { url: string; description: string } }

type ShopByGuidesProps = {
  guides: GuideTile[]
  /** The guides index; the 'See All Guides' link appears only when such a page exists. */
  allGuidesHref?: string | null
  heading?: string
}

/** 'Shop by Guide': three columns of guide cards; nothing with fewer than two guides. */
export function ShopByGuides({ guides, allGuidesHref = null, heading = 'Shop by Guide' }: ShopByGuidesProps) {
  if (guides.length < SHOP_BY_GUIDES_MIN) return null
  return (
    <section aria-labelledby="shop-by-guides-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="shop-by-guides-heading" className="text-xl font-bold sm:text-2xl">
          {heading}
        </h2>
        {allGuidesHref ? (
          <SiteLink to={allGuidesHref} className="inline-flex items-center gap-1 font-semibold text-berry-700 underline underline-offset-4 hover:text-berry-800">
            See All Guides
            <Icon name="chevron-right" className="size-4" />
          </SiteLink>
        ) : null}
      </div>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 md:grid-cols-3">
        {guides.map((guide) => (
          <li key={guide.slug}>
            <SiteLink
              to={guide.path}
              className="group flex h-full flex-col overflow-hidden rounded-card border border-line bg-white shadow-card transition hover:-translate-y-0.5 hover:shadow-pop motion-reduce:hover:translate-y-0"
            >
              <img src={guide.featuredImage.url} alt="" width={480} height={270} loading="lazy" decoding="async" className="aspect-video w-full bg-cream-200 object-cover" />
              <span className="flex flex-1 flex-col gap-1 p-4">
                <span className="text-xs font-bold tracking-wide text-muted uppercase">Guide</span>
                <span className="font-bold group-hover:text-berry-700">{guide.title}</span>
                <span className="line-clamp-2 text-sm text-muted">{guide.teaser}</span>
              </span>
            </SiteLink>
          </li>
        ))}
      </ul>
    </section>
  )
}
