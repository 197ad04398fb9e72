import { describe, expect, test } from 'vitest'
import { ART_WIDTHS, artImage, artRendition, parseArtRendition } from './art-image'
import { renderImageForPath } from './illustrations'

describe('renditions of drawn art', () => {
  test('products, categories and guides have one per offered width; other pictures have none', () => {
    expect(artRendition('/images/products/crib-3.svg', 400)).toBe('/images/products/crib-3.w400.webp')
    expect(artRendition('/images/products/car-seat-2-2.svg', 200)).toBe('/images/products/car-seat-2-2.w200.webp')
    expect(artRendition('/images/categories/strollers.svg', 800)).toBe('/images/categories/strollers.w800.webp')
    expect(artRendition('/images/guides/best-strollers.svg', 400)).toBe('/images/guides/best-strollers.w400.webp')
    for (const other of [
      '/images/brands/lamb-and-lark.svg',
      '/images/banners/nursery-week.svg',
      '/images/badges/eco-friendly.svg',
      '/images/placeholder-heart.svg',
      '/images/external/0b6e2f6a-0000-4000-8000-000000000000.webp',
      '/images/products/../secret.svg',
      '/images/products/Crib-3.svg',
      'https://example.com/images/products/crib-3.svg',
      '',
    ]) {
      expect(artRendition(other, 400), other).toBeNull()
    }
  })

  test('a rendition path names its drawn picture and width, only at an offered width', () => {
    for (const svg of ['/images/products/crib-3.svg', '/images/categories/strollers.svg', '/images/guides/best-strollers.svg']) {
      for (const width of ART_WIDTHS) expect(parseArtRendition(artRendition(svg, width)!)).toEqual({ svgPath: svg, width })
      expect(renderImageForPath(svg)).toContain('<svg')
    }
    expect(parseArtRendition('/images/products/crib-3.w401.webp')).toBeNull()
    expect(parseArtRendition('/images/products/crib-3.w0400.webp')).toBeNull()
    expect(parseArtRendition('/images/products/crib-3.webp')).toBeNull()
    expect(parseArtRendition('/images/products/crib-3xw400.webp')).toBeNull()
    expect(parseArtRendition('/images/products/crib-3.w400.webp/x')).toBeNull()
    expect(parseArtRendition('/images/brands/lamb-and-lark.w400.webp')).toBeNull()
  })

  test('an <img> of drawn art offers every rendition with its sizes; any other picture keeps its own address', () => {
    expect(artImage('/images/products/crib-3.svg', '50vw')).toEqual({
      src: '/images/products/crib-3.w400.webp',
      srcSet: '/images/products/crib-3.w200.webp 200w, /images/products/crib-3.w400.webp 400w, /images/products/crib-3.w800.webp 800w',
      sizes: '50vw',
    })
    expect(artImage('/images/external/a.webp', '50vw')).toEqual({ src: '/images/external/a.webp' })
    expect(artImage('/images/placeholder-heart.svg', '50vw')).toEqual({ src: '/images/placeholder-heart.svg' })
  })
})
