import { describe, expect, test } from 'vitest'
import { fixturePages } from '../../../tests/support/product-fixture-server'
import { cleanText, extractProductMetadata, priceToCents } from './product-metadata.server'

const base = 'https://shop.example/p/1'

describe('product facts from a page', () => {
  test('reads JSON-LD Product data inside @graph, with offers as an array and relative pictures', async () => {
    const m = await extractProductMetadata(fixturePages.jsonLd, base)
    expect(m).toMatchObject({
      title: 'Cloud Nine Bassinet',
      priceCents: 124_950,
      currency: 'USD',
      brand: 'Little Nest',
      description: 'A calm, rocking bassinet with a breathable mesh side.',
      storeName: 'Little Nest Co.',
      isProduct: true,
    })
    expect(m.images).toEqual(['https://shop.example/pictures/bassinet.png', 'https://shop.example/pictures/bassinet-2.png'])
  })

  test('falls back to Open Graph and product:price meta tags', async () => {
    const m = await extractProductMetadata(fixturePages.openGraph, base)
    expect(m).toMatchObject({
      title: 'Sleepy Owl Night Light',
      priceCents: 2499,
      currency: 'USD',
      description: 'Glows softly for night feeds.',
      storeName: 'Owl & Acorn',
      isProduct: true,
    })
    expect(m.images).toEqual(['https://shop.example/pictures/owl.png'])
  })

  test('a page without product data is not a product', async () => {
    const m = await extractProductMetadata(fixturePages.notAProduct, base)
    expect(m.isProduct).toBe(false)
    expect(m.priceCents).toBeNull()
  })

  test('keeps scraped text as plain text and drops javascript: and data: pictures', async () => {
    const m = await extractProductMetadata(fixturePages.hostile, base)
    expect(m.title).toBe('Sneaky Rattle')
    expect(m.images).toEqual(['https://shop.example/pictures/owl.png'])
    expect(m.priceCents).toBe(1200)
    expect(m.currency).toBe('USD')
  })

  test('a product nested in an AggregateOffer or a plain single offer object', async () => {
    const html = `<script type="application/ld+json">[{"@type":"Product","name":"Crib","offers":{"@type":"Offer","priceSpecification":{"price":"399","priceCurrency":"EUR"}}}]</script>`
    expect(await extractProductMetadata(html, base)).toMatchObject({ title: 'Crib', priceCents: 39_900, currency: 'EUR', isProduct: true })
  })

  test('broken JSON-LD is ignored rather than failing the page', async () => {
    const html = `<title>Fallback title</title><script type="application/ld+json">{not json</script><meta property="og:price:amount" content="5">`
    expect(await extractProductMetadata(html, base)).toMatchObject({ title: 'Fallback title', priceCents: 500, isProduct: true })
  })
})

describe('prices to cents', () => {
  test.each([
    ['19.99', 1999],
    ['$1,299.00', 129_900],
    ['1.299,00 €', 129_900],
    ['24,99', 2499],
    [24, 2400],
    [0, 0],
    ['1.234.567', null],
    ['free', null],
    [-3, null],
    ['999999', null],
  ])('%j → %j', (input, cents) => {
    expect(priceToCents(input)).toBe(cents)
  })
})

test('text is collapsed, stripped of tags and capped', () => {
  expect(cleanText('  a \n  b  ', 10)).toBe('a b')
  expect(cleanText('<b>x</b>', 10)).toBe('x')
  expect(cleanText('abcdefghijkl', 5)).toBe('abcd…')
  expect(cleanText('   ', 5)).toBeNull()
})
