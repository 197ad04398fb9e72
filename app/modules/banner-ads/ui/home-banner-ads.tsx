import { SiteLink } from '~/lib/site-link'
import { track } from '~/modules/analytics/track'
import type { HomeBannerAd } from '../banner-ads.service.server'

/**
 * A guard as the ads render: a path on this site or an https address. The service already keeps only ads whose link
 * passes the full check (banner-ads.links.ts); that module is not imported here, because a module the staff page also
 * imports would be a chunk of its own in /store's first load (scripts/first-load-chunks.ts).
 */
const linkable = (href: string) => (href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\')) || href.startsWith('https://')

/**
 * Spec §2 'Store landing page': home banner ads, each its picture (with width, height and alt text) as a
 * link, one a row on phones and up to two a row from medium screens. A click is the spec §7 'banner click'.
 */
export function HomeBannerAds({ ads }: { ads: HomeBannerAd[] }) {
  const shown = ads.filter((ad) => linkable(ad.linkUrl))
  if (shown.length === 0) return null
  return (
    <section aria-label="Offers" data-home-banner-ads="">
      <ul className={shown.length > 1 ? 'grid gap-4 md:grid-cols-2' : 'grid gap-4'}>
        {shown.map((ad, index) => {
          const picture = (
            <img
              src={ad.imageUrl}
              alt={ad.altText}
              width={ad.imageWidth}
              height={ad.imageHeight}
              // The first is near the top of the page; the others may wait.
              loading={index === 0 ? undefined : 'lazy'}
              decoding="async"
              className="block h-auto w-full"
            />
          )
          const onClick = () => track({ name: 'banner_clicked', bannerName: ad.name, url: ad.linkUrl })
          const className = 'block overflow-hidden rounded-card shadow-card ring-1 ring-line transition hover:shadow-pop'
          return (
            <li key={ad.id} className={shown.length === 3 && index === 0 ? 'md:col-span-2' : undefined}>
              {ad.linkUrl.startsWith('/') ? (
                <SiteLink to={ad.linkUrl} onClick={onClick} className={className}>
                  {picture}
                </SiteLink>
              ) : (
                <a href={ad.linkUrl} onClick={onClick} rel="noopener" className={className}>
                  {picture}
                </a>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
