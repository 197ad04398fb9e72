import { describe, expect, test } from 'vitest'
import {
  IMAGE_BADGES,
  type ImageBadgeSlug,
  PALETTE_COUNT,
  PLACEHOLDER_HEART_PATH,
  PRODUCT_KINDS,
  badgeImagePath,
  brandLogoPath,
  categoryImagePath,
  escapeXml,
  guideImagePath,
  productImagePath,
  renderBrandLogoSvg,
  renderGuideSvg,
  renderImageForPath,
  renderPlaceholderHeartSvg,
  renderProductSvg,
} from './illustrations'

/** A small well-formedness check: every opened element is closed, in order. */
function assertWellFormedSvg(svg: string) {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
  expect(svg.endsWith('</svg>')).toBe(true)
  expect(svg).not.toMatch(/undefined|NaN|\[object/)
  const stack: string[] = []
  for (const match of svg.matchAll(/<(\/?)([a-zA-Z]+)\b[^>]*?(\/?)>/g)) {
    const [, closing, name = '', selfClosing] = match
    if (selfClosing) continue
    if (closing) expect(stack.pop()).toBe(name)
    else stack.push(name)
  }
  expect(stack).toEqual([])
  // Bare ampersands would make the document invalid XML.
  expect(svg).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;|#\d+;)/)
}

describe('product illustrations', () => {
  test('kinds are unique kebab-case ids, enough to cover the catalogue', () => {
    expect(new Set(PRODUCT_KINDS).size).toBe(PRODUCT_KINDS.length)
    expect(PRODUCT_KINDS.length).toBeGreaterThanOrEqual(30)
    for (const kind of PRODUCT_KINDS) expect(kind).toMatch(/^[a-z]+(-[a-z]+)*$/)
    expect(PRODUCT_KINDS).toEqual(expect.arrayContaining(['stroller', 'car-seat', 'cash-fund', 'gift-card', 'favor']))
  })

  test('every kind renders a well-formed 300x300 SVG in every palette, both views', () => {
    for (const kind of PRODUCT_KINDS) {
      for (let palette = 0; palette < PALETTE_COUNT; palette++) {
        for (const second of [false, true]) {
          const svg = renderProductSvg(kind, palette, second)
          assertWellFormedSvg(svg)
          expect(svg).toContain('viewBox="0 0 300 300"')
        }
      }
    }
  })

  test('the second view is a different picture from the first', () => {
    for (const kind of PRODUCT_KINDS) expect(renderProductSvg(kind, 2, true)).not.toBe(renderProductSvg(kind, 2, false))
  })

  test('palettes give different colourings of the same kind', () => {
    const variants = new Set(Array.from({ length: PALETTE_COUNT }, (_, p) => renderProductSvg('stroller', p)))
    expect(variants.size).toBe(PALETTE_COUNT)
  })

  test('rendering is deterministic', () => {
    expect(renderProductSvg('bottle', 3, true)).toBe(renderProductSvg('bottle', 3, true))
    expect(renderGuideSvg('safe-sleep-basics', 'Safe Sleep Basics')).toBe(renderGuideSvg('safe-sleep-basics', 'Safe Sleep Basics'))
  })
})

describe('image paths', () => {
  test('product paths name the kind, the palette and the second view', () => {
    expect(productImagePath('car-seat', 3)).toBe('/images/products/car-seat-3.svg')
    expect(productImagePath('car-seat', 3, true)).toBe('/images/products/car-seat-3-2.svg')
    expect(brandLogoPath('little-acorn')).toBe('/images/brands/little-acorn.svg')
    expect(categoryImagePath('strollers')).toBe('/images/categories/strollers.svg')
    expect(guideImagePath('best-strollers')).toBe('/images/guides/best-strollers.svg')
  })

  test('every product path resolves to the same SVG the renderer draws', () => {
    for (const kind of PRODUCT_KINDS) {
      for (let palette = 0; palette < PALETTE_COUNT; palette++) {
        expect(renderImageForPath(productImagePath(kind, palette))).toBe(renderProductSvg(kind, palette, false))
        expect(renderImageForPath(productImagePath(kind, palette, true))).toBe(renderProductSvg(kind, palette, true))
      }
    }
  })

  test('known brand, category, guide, badge and placeholder paths resolve', () => {
    for (const path of [
      '/images/brands/little-acorn.svg',
      '/images/brands/bramble-and-bean.svg',
      '/images/categories/strollers.svg',
      '/images/categories/holiday-gifts.svg',
      '/images/guides/best-strollers.svg',
      '/images/badges/eco-friendly.svg',
      PLACEHOLDER_HEART_PATH,
    ]) {
      const svg = renderImageForPath(path)
      expect(svg, path).not.toBeNull()
      assertWellFormedSvg(svg ?? '')
    }
  })

  test('unknown kinds, palettes, slugs and malformed paths resolve to nothing', () => {
    for (const path of [
      '/images/products/rocket-1.svg',
      `/images/products/stroller-${PALETTE_COUNT}.svg`,
      '/images/products/stroller-01.svg',
      '/images/products/stroller-1-3.svg',
      '/images/products/stroller-1.png',
      '/images/products/stroller.svg',
      '/images/products/Stroller-1.svg',
      '/images/brands/no-such-brand.svg',
      '/images/categories/no-such-category.svg',
      '/images/guides/no-such-guide.svg',
      '/images/badges/constructor.svg',
      '/images/badges/__proto__.svg',
      '/images/placeholder-heart.svg/',
      '/images/',
      '',
    ]) {
      expect(renderImageForPath(path), path).toBeNull()
    }
  })

  test('path traversal and encoded characters never resolve', () => {
    for (const path of [
      '/images/products/../../etc/passwd',
      '/images/products/stroller-1.svg/../../secret',
      '/images/brands/../categories/strollers.svg',
      '/images/brands/%2e%2e%2fsecret.svg',
      '/images/categories/..%2fstrollers.svg',
      '/images/guides/best-strollers.svg%00',
      '/images/guides//best-strollers.svg',
      '/images/categories/strollers/.svg',
      '/IMAGES/categories/strollers.svg',
    ]) {
      expect(renderImageForPath(path), path).toBeNull()
    }
  })
})

describe('brand logos, guide covers and the placeholder', () => {
  test('a brand logo is a 180x180 monogram with the XML-escaped name', () => {
    const svg = renderBrandLogoSvg('Bramble & Bean', 4)
    assertWellFormedSvg(svg)
    expect(svg).toContain('viewBox="0 0 180 180"')
    expect(svg).toContain('BRAMBLE &amp; BEAN')
    expect(svg).toContain('>BB<')
    expect(svg).toContain('aria-label="Bramble &amp; Bean logo"')
  })

  test('a guide title in a cover is escaped, so titles cannot inject markup', () => {
    const svg = renderGuideSvg('any-slug', '<script>alert("hi")</script> & <b>more</b>')
    assertWellFormedSvg(svg)
    expect(svg).not.toContain('<script')
    expect(svg).not.toContain('<b>')
    expect(svg).toContain('aria-label="&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; &amp; &lt;b&gt;more&lt;/b&gt;"')
  })

  test('a guide cover is a 500x900 portrait that crops to fill other shapes, named by its title and drawn without text', () => {
    const svg = renderGuideSvg('best-strollers', 'How to Choose a Stroller')
    expect(svg).toContain('viewBox="0 0 500 900"')
    expect(svg).toContain('preserveAspectRatio="xMidYMid slice"')
    expect(svg).toContain('aria-label="How to Choose a Stroller"')
    // Pages print the title beside the cover; text in the picture would cost a font look-up and a layout after
    // the page's first paint (decision 018, h23).
    expect(svg).not.toContain('<text')
  })

  test('the placeholder is a heart on a soft background', () => {
    const svg = renderPlaceholderHeartSvg()
    assertWellFormedSvg(svg)
    expect(renderImageForPath(PLACEHOLDER_HEART_PATH)).toBe(svg)
  })

  test('escapeXml escapes the five XML special characters', () => {
    expect(escapeXml(`a & b < c > d " e ' f`)).toBe('a &amp; b &lt; c &gt; d &quot; e &apos; f')
  })
})

describe('text in the drawn art', () => {
  // Text in an SVG picture costs Chrome a font look-up and a layout inside the picture's own document when it is
  // first painted, after the page's first paint (decision 018, h23). Pages print names beside the pictures; only a
  // brand's logo and the staff's banner ads, whose words are the picture, keep text.
  test('product pictures (every kind, palette and second image), guide covers, category tiles and image badges have none', () => {
    const pictures: string[] = []
    for (const kind of PRODUCT_KINDS)
      for (let palette = 0; palette < PALETTE_COUNT; palette++) for (const second of [false, true]) pictures.push(productImagePath(kind, palette, second))
    pictures.push(guideImagePath('best-strollers'), categoryImagePath('strollers'), categoryImagePath('full-size-strollers'))
    for (const slug of Object.keys(IMAGE_BADGES) as ImageBadgeSlug[]) pictures.push(badgeImagePath(slug))
    for (const picture of pictures) {
      const svg = renderImageForPath(picture)
      expect(svg, picture).not.toBeNull()
      expect(svg, picture).not.toContain('<text')
    }
  })
})
