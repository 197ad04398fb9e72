// Demo home banner ads for /store: art drawn by code (illustrations.ts BANNER_ART, served from
// /images/banners/), links into the shop. One runs without an end, one for a year, one is scheduled a
// year ahead (not shown until then), so the date window is there to see.
import type pg from 'pg'
import type { SeedContext } from '../../db/seed-context.server'
import { BANNER_ART, BANNER_ART_SIZE, type BannerArtSlug, bannerImagePath } from '../catalog/illustrations'
import { homeBannerAds } from './banner-ads.schema'

const DAY_MS = 86_400_000

const DEMO_ADS: { slug: BannerArtSlug; linkUrl: string; startDays: number; endDays: number | null }[] = [
  { slug: 'nursery-week', linkUrl: '/store/nursery', startDays: -1, endDays: null },
  { slug: 'on-the-go', linkUrl: '/store/strollers', startDays: -1, endDays: 365 },
  { slug: 'bath-time', linkUrl: '/store/bath-potty', startDays: 365, endDays: 395 },
]

export async function seedBannerAds(ctx: SeedContext): Promise<void> {
  const now = Date.now()
  await ctx.db.insert(homeBannerAds).values(
    DEMO_ADS.map((ad, position) => {
      const art = BANNER_ART[ad.slug]
      return {
        name: ad.slug,
        imageUrl: bannerImagePath(ad.slug),
        imageWidth: BANNER_ART_SIZE.width,
        imageHeight: BANNER_ART_SIZE.height,
        altText: `${art.headline}: ${art.line}. ${art.action}.`,
        linkUrl: ad.linkUrl,
        position,
        startsAt: new Date(now + ad.startDays * DAY_MS),
        endsAt: ad.endDays === null ? null : new Date(now + ad.endDays * DAY_MS),
      }
    }),
  )
  ctx.log(`home banner ads: ${DEMO_ADS.length}`)
}

export async function resetBannerAds(pool: pg.Pool): Promise<void> {
  await pool.query('TRUNCATE home_banner_ads RESTART IDENTITY')
}
