import { describe, expect, test } from 'vitest'
import { FLASH_COOKIE } from './flash'
import { hasFlashCookie, isSharedPagePath, isSharedPageRequest, SHARED_PAGE_CACHE_CONTROL, SHARED_PAGE_PROXY_SECONDS, sharedPageHeaders } from './shared-pages'

describe('isSharedPagePath', () => {
  test('the shop’s pages, and their .data requests, are the same for everyone', () => {
    for (const path of [
      '/store',
      '/store/',
      '/store/strollers',
      '/store/gear/strollers',
      '/store/search',
      '/store/b/nestling/1',
      '/gp/lamp/1',
      '/best-baby-products',
      '/bench/minimal',
      '/store.data',
      '/store/strollers.data',
      '/gp/lamp/1.data',
    ]) {
      expect(isSharedPagePath(path), path).toBe(true)
    }
  })

  test('checkout, gift cards, cash funds, the JSON API and every page outside the shop are not', () => {
    for (const path of [
      '/store/checkout',
      '/store/checkout/reservations',
      '/store/checkout.data',
      '/store-checkout-hbb',
      '/store/gift-cards',
      '/store/gift-cards/buy',
      '/store/cash-funds',
      '/store/api/navbar_categories',
      '/storefront',
      '/gp',
      '/gp/',
      '/best-baby-products/more',
      '/bench/minimal/x',
      '/',
      '/login',
      '/cart',
      '/registry/1',
      '/maya-and-leo',
      '/api/v3/me/header',
      '/baby-registry-checklist',
    ]) {
      expect(isSharedPagePath(path), path).toBe(false)
    }
  })
})

describe('hasFlashCookie', () => {
  test('a one-time message waiting: the flash cookie with a value, among any others', () => {
    for (const cookie of [`${FLASH_COOKIE}=signed_in`, `nestlist_session=a; ${FLASH_COOKIE}=cart_added`, ` ${FLASH_COOKIE} = signed_out ;theme=dark`]) {
      expect(hasFlashCookie(cookie), cookie).toBe(true)
    }
  })

  test('no message: no cookie, an emptied flash cookie, a key no page shows, or cookies with other names', () => {
    for (const cookie of [undefined, null, '', ' ', `${FLASH_COOKIE}=`, `${FLASH_COOKIE}=bogus`, `nestlist_session=a; ${FLASH_COOKIE}=constructor`, `${FLASH_COOKIE}= ; a=b`, 'nestlist_session=a', `x${FLASH_COOKIE}=signed_in`, `${FLASH_COOKIE}_old=signed_in`, 'a=nestlist_flash=signed_in', FLASH_COOKIE]) {
      expect(hasFlashCookie(cookie), String(cookie)).toBe(false)
    }
  })
})

describe('isSharedPageRequest', () => {
  test('a shared page, unless a message waits for its visitor; other cookies change nothing', () => {
    expect(isSharedPageRequest('/store/strollers', undefined)).toBe(true)
    expect(isSharedPageRequest('/store/strollers', 'nestlist_session=a; nestlist_cart=b')).toBe(true)
    expect(isSharedPageRequest('/store/strollers', `nestlist_session=a; ${FLASH_COOKIE}=signed_in`)).toBe(false)
    expect(isSharedPageRequest('/store/strollers', `${FLASH_COOKIE}=`)).toBe(true)
    expect(isSharedPageRequest('/login', undefined)).toBe(false)
  })
})

describe('sharedPageHeaders', () => {
  test('a shared cache may keep the page 15 s and serve it stale 30 s more; browsers check every time; nginx keeps it 1 s', () => {
    expect(sharedPageHeaders()).toEqual({ 'Cache-Control': SHARED_PAGE_CACHE_CONTROL, 'X-Accel-Expires': SHARED_PAGE_PROXY_SECONDS })
    expect(SHARED_PAGE_CACHE_CONTROL).toBe('public, max-age=0, s-maxage=15, stale-while-revalidate=30')
    expect(SHARED_PAGE_PROXY_SECONDS).toBe('1')
    // A fresh object each time: a route may add to it without changing another route's.
    expect(sharedPageHeaders()).not.toBe(sharedPageHeaders())
  })
})
