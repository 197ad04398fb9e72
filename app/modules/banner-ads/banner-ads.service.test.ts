import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { ZodError } from 'zod'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { homeBannerAds } from './banner-ads.schema'
import { createBannerAdsService, type BannerAdsService } from './banner-ads.service.server'
import { HOME_BANNER_ADS_MAX, isSafeBannerLink } from './banner-ads.validation'

let database: TestDatabase
let ads: BannerAdsService

const HOUR = 3_600_000
const at = (hours: number) => new Date(Date.now() + hours * HOUR)
const ad = (name: string, over: Partial<typeof homeBannerAds.$inferInsert> = {}) => ({
  name,
  imageUrl: '/images/banners/nursery-week.svg',
  imageWidth: 1200,
  imageHeight: 400,
  altText: `${name} banner`,
  linkUrl: '/store/nursery',
  startsAt: at(-1),
  ...over,
})

beforeAll(async () => {
  database = await createTestDatabase()
  ads = createBannerAdsService({ db: database.db })
})

beforeEach(async () => {
  await database.db.delete(homeBannerAds)
})

afterAll(async () => {
  await database?.drop()
})

describe('home banner ads', () => {
  test('only ads inside their date window are shown, in position order, with image size, alt text and link', async () => {
    await database.db.insert(homeBannerAds).values([
      ad('second', { position: 2, endsAt: at(24) }),
      ad('first', { position: 1, linkUrl: 'https://example.com/spring' }),
      ad('not yet', { position: 0, startsAt: at(2) }),
      ad('over', { position: 0, startsAt: at(-48), endsAt: at(-1) }),
    ])
    const shown = await ads.active()
    expect(shown.map((a) => a.name)).toEqual(['first', 'second'])
    expect(shown[0]).toMatchObject({ imageUrl: '/images/banners/nursery-week.svg', imageWidth: 1200, imageHeight: 400, altText: 'first banner', linkUrl: 'https://example.com/spring' })
  })

  test(`at most ${HOME_BANNER_ADS_MAX} are shown, and a row with a link we would not follow (written around the checks) is left out`, async () => {
    await database.db.insert(homeBannerAds).values([
      ad('bad', { position: 0, linkUrl: 'javascript:alert(1)' }),
      ...['a', 'b', 'c', 'd'].map((name, i) => ad(name, { position: i + 1 })),
    ])
    expect((await ads.active()).map((a) => a.name)).toEqual(['a', 'b', 'c', 'd'].slice(0, HOME_BANNER_ADS_MAX))
  })

  test('create checks the input: links, images, alt text and the window', async () => {
    const good = { name: 'Spring', imageUrl: '/images/banners/on-the-go.svg', imageWidth: '1200', imageHeight: '400', altText: 'Strollers', linkUrl: '/store/strollers', startsAt: at(-1).toISOString() }
    const { id } = await ads.create(good)
    expect(id).toBeGreaterThan(0)
    expect((await ads.active()).map((a) => a.name)).toEqual(['Spring'])
    for (const bad of [
      { linkUrl: 'javascript:alert(1)' },
      { linkUrl: '//evil.example/x' },
      { linkUrl: 'http://plain.example/' },
      { imageUrl: 'https://cdn.example/banner.png' },
      { altText: '  ' },
      { endsAt: at(-2).toISOString() },
      { imageWidth: 'wide' },
    ]) {
      await expect(ads.create({ ...good, ...bad } as typeof good), JSON.stringify(bad)).rejects.toBeInstanceOf(ZodError)
    }
  })
})

describe('isSafeBannerLink', () => {
  test('site paths and https addresses pass; other schemes, protocol-relative and credentials do not', () => {
    for (const ok of ['/store', '/store/nursery?sort=newest', 'https://nestlist.example/spring']) expect(isSafeBannerLink(ok), ok).toBe(true)
    for (const no of ['', 'store', '//evil.example', '/\\evil.example', 'http://a.example', 'javascript:alert(1)', 'data:text/html,x', 'https://u:p@a.example/', '/a b', ' /a', '/a\u0000b', '/x\u007f']) {
      expect(isSafeBannerLink(no), no).toBe(false)
    }
  })
})
