import { and, asc, gt, isNull, lte, or, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { homeBannerAds } from './banner-ads.schema'
import { HOME_BANNER_ADS_MAX, homeBannerAdInput, type HomeBannerAdInput, isSafeBannerLink } from './banner-ads.validation'

/** A home banner ad as the landing page shows it. */
export type HomeBannerAd = { id: number; name: string; imageUrl: string; imageWidth: number; imageHeight: number; altText: string; linkUrl: string }

const shownColumns = {
  id: homeBannerAds.id,
  name: homeBannerAds.name,
  imageUrl: homeBannerAds.imageUrl,
  imageWidth: homeBannerAds.imageWidth,
  imageHeight: homeBannerAds.imageHeight,
  altText: homeBannerAds.altText,
  linkUrl: homeBannerAds.linkUrl,
}

export function createBannerAdsService({ db }: { db: Db }) {
  return {
    /** The ads shown now (started, not ended), in position order; at most HOME_BANNER_ADS_MAX. */
    async active(): Promise<HomeBannerAd[]> {
      const rows = await db
        .select(shownColumns)
        .from(homeBannerAds)
        .where(and(lte(homeBannerAds.startsAt, sql`now()`), or(isNull(homeBannerAds.endsAt), gt(homeBannerAds.endsAt, sql`now()`))))
        .orderBy(asc(homeBannerAds.position), asc(homeBannerAds.id))
        .limit(HOME_BANNER_ADS_MAX + 20)
      // A row written around the validation (by hand in SQL) with a link we would not follow is left out, and takes no place.
      return rows.filter((r) => isSafeBannerLink(r.linkUrl)).slice(0, HOME_BANNER_ADS_MAX)
    },

    /** Adds an ad; the input is checked (a ZodError for bad input). */
    async create(input: HomeBannerAdInput): Promise<{ id: number }> {
      const ad = homeBannerAdInput.parse(input)
      const [row] = await db.insert(homeBannerAds).values(ad).returning({ id: homeBannerAds.id })
      return { id: row!.id }
    },
  }
}

export type BannerAdsService = ReturnType<typeof createBannerAdsService>
