import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import { BANNER_ART, bannerImagePath, renderImageForPath } from '~/modules/catalog/illustrations'
import type { HomeBannerAd } from '../banner-ads.service.server'
import { HomeBannerAds } from './home-banner-ads'

const ad = (id: number, over: Partial<HomeBannerAd> = {}): HomeBannerAd => ({
  id,
  name: `ad-${id}`,
  imageUrl: '/images/banners/nursery-week.svg',
  imageWidth: 1200,
  imageHeight: 400,
  altText: `Nursery Week ${id}`,
  linkUrl: '/store/nursery',
  ...over,
})

function render(element: React.ReactElement) {
  const router = createMemoryRouter([{ path: '/', element }])
  return renderToStaticMarkup(<RouterProvider router={router} />)
}

describe('home banner ads', () => {
  test('each ad is its picture, with width, height and alt text, as a link to its path or https address', () => {
    const html = render(<HomeBannerAds ads={[ad(1), ad(2, { linkUrl: 'https://partner.example/spring' })]} />)
    expect(html).toContain('aria-label="Offers"')
    expect(html).toMatch(/<a [^>]*href="\/store\/nursery"[^>]*><img src="\/images\/banners\/nursery-week.svg" alt="Nursery Week 1" width="1200" height="400"/)
    expect(html).toMatch(/<a href="https:\/\/partner.example\/spring" rel="noopener"[^>]*><img [^>]*alt="Nursery Week 2"[^>]*loading="lazy"/)
  })

  test('an ad whose link is not a site path or an https address is not shown; with none, nothing is', () => {
    const html = render(<HomeBannerAds ads={[ad(1, { linkUrl: 'javascript:alert(1)' }), ad(2, { linkUrl: '//evil.example' })]} />)
    expect(html).toBe('')
    expect(render(<HomeBannerAds ads={[]} />)).toBe('')
  })

  test('the banner art is drawn and served under /images/banners/, 1200 x 400, with its headline; unknown names are not found', () => {
    for (const slug of Object.keys(BANNER_ART) as (keyof typeof BANNER_ART)[]) {
      const svg = renderImageForPath(bannerImagePath(slug))
      expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 1200 400"/)
      expect(svg).toContain(BANNER_ART[slug].headline.replace(/'/g, '&apos;'))
    }
    expect(renderImageForPath('/images/banners/unknown.svg')).toBeNull()
    expect(renderImageForPath('/images/banners/../products/crib-0.svg')).toBeNull()
  })
})
