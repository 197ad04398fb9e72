import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { isDomainError } from '~/lib/errors'
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
      const error = await ads.create({ ...good, ...bad } as typeof good).catch((e: unknown) => e)
      expect(isDomainError(error) && error.code === 'invalid_input' ? Object.keys(error.fields ?? {}) : error, JSON.stringify(bad)).toEqual([Object.keys(bad)[0]])
    }
  })

  test('staff list every ad with its status: shown (as /store shows them), running but not shown, scheduled, ended', async () => {
    await database.db.insert(homeBannerAds).values([
      ad('later', { position: 0, startsAt: at(48), endsAt: at(72) }),
      ad('soon', { position: 5, startsAt: at(2) }),
      ad('over', { position: 0, startsAt: at(-48), endsAt: at(-1) }),
      ...['a', 'b', 'c', 'd'].map((name, i) => ad(name, { position: i + 1 })),
    ])
    const list = await ads.list()
    expect(list.map((a) => [a.name, a.status])).toEqual([
      ['a', 'shown'],
      ['b', 'shown'],
      ['c', 'shown'],
      ['d', 'waiting'],
      ['soon', 'scheduled'],
      ['later', 'scheduled'],
      ['over', 'ended'],
    ])
    expect(list[0]).toMatchObject({ imageUrl: '/images/banners/nursery-week.svg', imageWidth: 1200, imageHeight: 400, altText: 'a banner', linkUrl: '/store/nursery', position: 1, endsAt: null })
    expect(new Date(list[0]!.startsAt).getTime()).toBeCloseTo(at(-1).getTime(), -4)
    expect((await ads.get(list[6]!.id)).name).toBe('over')
    await expect(ads.get(2_000_000_000)).rejects.toMatchObject({ code: 'not_found' })
  })

  test('update changes every field with the same checks; an unknown id is not_found', async () => {
    const { id } = await ads.create({ name: 'Spring', imageUrl: '/images/banners/on-the-go.svg', imageWidth: 1200, imageHeight: 400, altText: 'Strollers', linkUrl: '/store/strollers', startsAt: at(-1) })
    const changed = { name: 'Summer', imageUrl: '/images/own/summer.png', imageWidth: '800', imageHeight: '300', altText: 'Summer things', linkUrl: 'https://partner.example/summer', position: '4', startsAt: at(-2).toISOString(), endsAt: at(5).toISOString() }
    expect(await ads.update(id, changed)).toEqual({ id, name: 'Summer' })
    expect(await ads.get(id)).toMatchObject({ name: 'Summer', imageUrl: '/images/own/summer.png', imageWidth: 800, imageHeight: 300, altText: 'Summer things', linkUrl: 'https://partner.example/summer', position: 4, status: 'shown' })
    await expect(ads.update(id, { ...changed, linkUrl: 'javascript:alert(1)' })).rejects.toMatchObject({ code: 'invalid_input', fields: { linkUrl: [expect.any(String)] } })
    await expect(ads.update(id, { ...changed, endsAt: at(-3).toISOString() })).rejects.toMatchObject({ code: 'invalid_input', fields: { endsAt: ['The end must come after the start.'] } })
    expect((await ads.get(id)).name).toBe('Summer')
    await expect(ads.update(2_000_000_000, changed)).rejects.toMatchObject({ code: 'not_found' })
  })

  test('end takes an ad off /store now (a scheduled one never shows); ending it again changes nothing; an unknown id is not_found', async () => {
    await database.db.insert(homeBannerAds).values([ad('running', { position: 0 }), ad('scheduled', { position: 1, startsAt: at(24) })])
    const [running, scheduled] = await ads.list()
    expect([running!.status, scheduled!.status]).toEqual(['shown', 'scheduled'])
    expect(await ads.end(running!.id)).toEqual({ id: running!.id, name: 'running', ended: true })
    expect(await ads.active()).toEqual([])
    const ended = await ads.get(running!.id)
    expect(ended.status).toBe('ended')
    expect(Math.abs(new Date(ended.endsAt!).getTime() - Date.now())).toBeLessThan(60_000)
    expect(await ads.end(running!.id)).toEqual({ id: running!.id, name: 'running', ended: false })
    expect((await ads.get(running!.id)).endsAt).toBe(ended.endsAt)
    await ads.end(scheduled!.id)
    const gone = await ads.get(scheduled!.id)
    expect(gone.status).toBe('ended')
    expect(gone.startsAt <= gone.endsAt!).toBe(true)
    await expect(ads.end(2_000_000_000)).rejects.toMatchObject({ code: 'not_found' })
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
