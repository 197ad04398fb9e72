import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { DomainError } from '~/lib/errors'
import { parseInput } from '~/lib/parse-input'
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

/** Where an ad stands now: on /store, running but not shown (more than HOME_BANNER_ADS_MAX run, or its link is refused), not started yet, or over. */
export type BannerAdStatus = 'shown' | 'waiting' | 'scheduled' | 'ended'

/** A home banner ad as staff see it (/admin/banner-ads): everything it holds, its window as ISO strings, and its status. */
export type StaffBannerAd = HomeBannerAd & { position: number; startsAt: string; endsAt: string | null; createdAt: string; status: BannerAdStatus }

const notFound = () => new DomainError('not_found', 'That banner ad does not exist.')

export function createBannerAdsService({ db }: { db: Db }) {
  /** The ads shown now (started, not ended), in position order; at most HOME_BANNER_ADS_MAX. */
  async function active(): Promise<HomeBannerAd[]> {
    const rows = await db
      .select(shownColumns)
      .from(homeBannerAds)
      .where(and(lte(homeBannerAds.startsAt, sql`now()`), or(isNull(homeBannerAds.endsAt), gt(homeBannerAds.endsAt, sql`now()`))))
      .orderBy(asc(homeBannerAds.position), asc(homeBannerAds.id))
      .limit(HOME_BANNER_ADS_MAX + 20)
    // A row written around the validation (by hand in SQL) with a link we would not follow is left out, and takes no place.
    return rows.filter((r) => isSafeBannerLink(r.linkUrl)).slice(0, HOME_BANNER_ADS_MAX)
  }

  /**
   * Every ad for staff: the ones shown now first (in position order, as /store shows them), then those running
   * but not shown, the scheduled ones by start, and the ended ones, most recently ended first.
   */
  async function list(): Promise<StaffBannerAd[]> {
    const [rows, shown] = await Promise.all([
      db
        .select({
          ...shownColumns,
          position: homeBannerAds.position,
          startsAt: homeBannerAds.startsAt,
          endsAt: homeBannerAds.endsAt,
          createdAt: homeBannerAds.createdAt,
          now: sql<Date | string>`now()`,
        })
        .from(homeBannerAds)
        .orderBy(asc(homeBannerAds.position), asc(homeBannerAds.id)),
      active(),
    ])
    const shownIds = new Set(shown.map((a) => a.id))
    const rank = { shown: 0, waiting: 1, scheduled: 2, ended: 3 } as const
    const ads = rows.map(({ now, ...r }) => {
      const at = new Date(now).getTime()
      const status: BannerAdStatus = shownIds.has(r.id) ? 'shown' : r.endsAt && r.endsAt.getTime() <= at ? 'ended' : r.startsAt.getTime() > at ? 'scheduled' : 'waiting'
      return { ...r, startsAt: r.startsAt.toISOString(), endsAt: r.endsAt?.toISOString() ?? null, createdAt: r.createdAt.toISOString(), status }
    })
    const order = (a: StaffBannerAd, b: StaffBannerAd) =>
      rank[a.status] - rank[b.status] || (a.status === 'scheduled' ? a.startsAt.localeCompare(b.startsAt) : a.status === 'ended' ? b.endsAt!.localeCompare(a.endsAt!) : 0)
    return ads.sort(order)
  }

  return {
    active,
    list,

    /** One ad for staff; not_found for an unknown id. */
    async get(id: number): Promise<StaffBannerAd> {
      const ad = (await list()).find((a) => a.id === id)
      if (!ad) throw notFound()
      return ad
    },

    /** Adds an ad; the input is checked (invalid_input with messages per field). */
    async create(input: HomeBannerAdInput): Promise<{ id: number; name: string }> {
      const ad = parseInput(homeBannerAdInput, input)
      const [row] = await db.insert(homeBannerAds).values(ad).returning({ id: homeBannerAds.id, name: homeBannerAds.name })
      return row!
    },

    /** Changes an ad (every field, checked as for create); not_found for an unknown id. */
    async update(id: number, input: HomeBannerAdInput): Promise<{ id: number; name: string }> {
      const ad = parseInput(homeBannerAdInput, input)
      if (!Number.isSafeInteger(id) || id < 1) throw notFound()
      const [row] = await db.update(homeBannerAds).set(ad).where(eq(homeBannerAds.id, id)).returning({ id: homeBannerAds.id, name: homeBannerAds.name })
      if (!row) throw notFound()
      return row
    },

    /**
     * Ends an ad now: its end becomes now (a scheduled ad's start too, so the window stays in order and it is
     * never shown). An ad already over keeps its end (ended: false). not_found for an unknown id.
     */
    async end(id: number): Promise<{ id: number; name: string; ended: boolean }> {
      if (!Number.isSafeInteger(id) || id < 1) throw notFound()
      const [row] = await db
        .update(homeBannerAds)
        .set({ endsAt: sql`now()`, startsAt: sql`least(${homeBannerAds.startsAt}, now())` })
        .where(and(eq(homeBannerAds.id, id), or(isNull(homeBannerAds.endsAt), gt(homeBannerAds.endsAt, sql`now()`))))
        .returning({ id: homeBannerAds.id, name: homeBannerAds.name })
      if (row) return { ...row, ended: true }
      const [over] = await db.select({ id: homeBannerAds.id, name: homeBannerAds.name }).from(homeBannerAds).where(eq(homeBannerAds.id, id))
      if (!over) throw notFound()
      return { ...over, ended: false }
    },
  }
}

export type BannerAdsService = ReturnType<typeof createBannerAdsService>
