import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { PLACEHOLDER_HEART_PATH } from '~/modules/catalog/image-paths'
import { hasPicture, ItemPicture, storeDomain } from './item-picture'

const item = { imageUrl: '/images/external/5eed0001-0000-4000-8000-000000000001.webp', href: 'https://www.little-acorn.example/shop/stacker', storeName: 'Little Acorn Toyworks' }

describe('ItemPicture', () => {
  test('a stored picture is an img with empty alt and its size', () => {
    const html = renderToStaticMarkup(<ItemPicture item={item} width={400} height={400} loading="lazy" showStore className="size-full" />)
    expect(html).toMatch(/^<img /)
    expect(html).toContain('alt=""')
    expect(html).toContain('width="400"')
    expect(html).toContain('height="400"')
    expect(html).toContain('loading="lazy"')
  })

  test('an item saved without a picture gets a drawn, decorative placeholder with the store address, no image request', () => {
    const html = renderToStaticMarkup(<ItemPicture item={{ ...item, imageUrl: PLACEHOLDER_HEART_PATH }} width={400} height={400} showStore className="size-full" />)
    expect(html).not.toContain('<img')
    expect(html).not.toContain(PLACEHOLDER_HEART_PATH)
    expect(html).toMatch(/^<div aria-hidden="true" data-picture-placeholder=""[^>]*class="[^"]*size-full/)
    expect(html).toContain('<svg')
    expect(html).toContain('little-acorn.example')
  })

  test('small thumbnails show the icon only', () => {
    const html = renderToStaticMarkup(<ItemPicture item={{ ...item, imageUrl: '' }} width={64} height={64} className="size-16" />)
    expect(html).toContain('<svg')
    expect(html).not.toContain('little-acorn')
  })

  test('hasPicture and storeDomain', () => {
    expect(hasPicture(item.imageUrl)).toBe(true)
    expect(hasPicture(PLACEHOLDER_HEART_PATH)).toBe(false)
    expect(hasPicture('  ')).toBe(false)
    expect(storeDomain(item)).toBe('little-acorn.example')
    expect(storeDomain({ href: '/store/products/1', storeName: 'Nestlist' })).toBe('Nestlist')
    expect(storeDomain({ href: 'javascript:alert(1)', storeName: 'Odd' })).toBe('Odd')
    expect(storeDomain({ href: null })).toBe('')
  })
})
