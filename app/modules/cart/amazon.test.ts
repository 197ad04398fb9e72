import { describe, expect, test } from 'vitest'
import { amazonAsinOf, amazonCartUrl, asinOf, associateTagOf } from './amazon'

describe('asinOf', () => {
  test('reads the ASIN from each kind of amazon.com product link', () => {
    expect(asinOf('https://www.amazon.com/dp/B07XJ8C8F5')).toBe('B07XJ8C8F5')
    expect(asinOf('https://www.amazon.com/Cloud-Swaddle-Blanket/dp/B07XJ8C8F5/ref=sr_1_3?crid=X&keywords=swaddle')).toBe('B07XJ8C8F5')
    expect(asinOf('https://amazon.com/gp/product/B000FQ9QVI?th=1')).toBe('B000FQ9QVI')
    expect(asinOf('https://www.amazon.com/gp/aw/d/B01N5IB20Q')).toBe('B01N5IB20Q')
    expect(asinOf('https://www.amazon.com/exec/obidos/ASIN/0316769487')).toBe('0316769487')
    expect(asinOf('https://www.amazon.com/exec/obidos/059035342X')).toBe('059035342X')
    expect(asinOf('https://smile.amazon.com/dp/b07xj8c8f5#reviews')).toBe('B07XJ8C8F5')
    expect(asinOf('  https://WWW.AMAZON.COM/dp/B07XJ8C8F5  ')).toBe('B07XJ8C8F5')
  })

  test('refuses other hosts, lookalike hosts, plain http and links with credentials or ports', () => {
    for (const url of [
      'https://amazon.com.evil.test/dp/B07XJ8C8F5',
      'https://evilamazon.com/dp/B07XJ8C8F5',
      'https://www.amazon.com.evil.test/dp/B07XJ8C8F5',
      'https://amazon.co.uk/dp/B07XJ8C8F5',
      'https://www.amazon.de/dp/B07XJ8C8F5',
      'https://evil.test/www.amazon.com/dp/B07XJ8C8F5',
      'https://evil.test/?u=https://www.amazon.com/dp/B07XJ8C8F5',
      'http://www.amazon.com/dp/B07XJ8C8F5',
      'https://www.amazon.com@evil.test/dp/B07XJ8C8F5',
      'https://user:pw@www.amazon.com/dp/B07XJ8C8F5',
      'https://www.amazon.com:8443/dp/B07XJ8C8F5',
      'javascript:alert(1)//www.amazon.com/dp/B07XJ8C8F5',
    ]) {
      expect(asinOf(url), url).toBeNull()
    }
  })

  test('refuses paths without an ASIN and ASINs of the wrong shape', () => {
    for (const url of [
      'https://www.amazon.com/',
      'https://www.amazon.com/s?k=swaddle',
      'https://www.amazon.com/dp/',
      'https://www.amazon.com/dp/B07XJ8C8F',
      'https://www.amazon.com/dp/B07XJ8C8F55',
      'https://www.amazon.com/dp/B07XJ-8C8F',
      'https://www.amazon.com/dp/B07XJ8C8F%35',
      'https://www.amazon.com/gp/cart/view.html',
      'not a url',
    ]) {
      expect(asinOf(url), url).toBeNull()
    }
    expect(asinOf(undefined)).toBeNull()
    expect(asinOf(42)).toBeNull()
    expect(asinOf(`https://www.amazon.com/dp/B07XJ8C8F5?${'x'.repeat(2100)}`)).toBeNull()
  })

  test("an item is from Amazon by its own link, else by the first Amazon link among where to buy", () => {
    expect(amazonAsinOf({ href: 'https://www.amazon.com/dp/B07XJ8C8F5' }, [{ url: 'https://www.amazon.com/dp/B000FQ9QVI' }])).toBe('B07XJ8C8F5')
    expect(amazonAsinOf({ href: 'https://peak-parent.example/stroller' }, [{ url: 'https://riverside.example/x' }, { url: 'https://www.amazon.com/dp/B000FQ9QVI' }])).toBe('B000FQ9QVI')
    expect(amazonAsinOf({ href: '/gp/cloud-swaddle/12' }, [])).toBeNull()
    expect(amazonAsinOf({ href: null })).toBeNull()
  })
})

describe('amazonCartUrl', () => {
  test("builds Amazon's multi-item add-to-cart link, numbered from 1 in order, without an AssociateTag by default", () => {
    const url = new URL(amazonCartUrl([{ asin: 'B07XJ8C8F5', quantity: 1 }, { asin: 'B000FQ9QVI', quantity: 2 }]))
    expect(url.origin + url.pathname).toBe('https://www.amazon.com/gp/aws/cart/add.html')
    expect([...url.searchParams]).toEqual([
      ['ASIN.1', 'B07XJ8C8F5'],
      ['Quantity.1', '1'],
      ['ASIN.2', 'B000FQ9QVI'],
      ['Quantity.2', '2'],
    ])
    expect(url.searchParams.has('AssociateTag')).toBe(false)
  })

  test('adds the AssociateTag only when a well-formed one is configured, and merges lines of one ASIN', () => {
    const url = new URL(amazonCartUrl([{ asin: 'b07xj8c8f5', quantity: 1 }, { asin: 'B07XJ8C8F5', quantity: 2 }], 'nestlist-20'))
    expect(url.searchParams.get('AssociateTag')).toBe('nestlist-20')
    expect(url.searchParams.get('ASIN.1')).toBe('B07XJ8C8F5')
    expect(url.searchParams.get('Quantity.1')).toBe('3')
    expect(url.searchParams.has('ASIN.2')).toBe(false)
    expect(new URL(amazonCartUrl([{ asin: 'B07XJ8C8F5', quantity: 1 }], 'bad&tag=x')).searchParams.has('AssociateTag')).toBe(false)
    expect(associateTagOf('')).toBeNull()
    expect(associateTagOf('nestlist-20')).toBe('nestlist-20')
  })

  test('refuses an empty cart and malformed lines', () => {
    expect(() => amazonCartUrl([])).toThrow()
    expect(() => amazonCartUrl([{ asin: 'B07XJ8C8F5&x=1', quantity: 1 }])).toThrow()
    expect(() => amazonCartUrl([{ asin: 'B07XJ8C8F5', quantity: 0 }])).toThrow()
  })
})
