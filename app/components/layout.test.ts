import { expect, test } from 'vitest'
import { isFluidPath } from './layout'

test('the store root and product paths are fluid', () => {
  expect(isFluidPath('/store')).toBe(true)
  expect(isFluidPath('/store/')).toBe(true)
  expect(isFluidPath('/gp/snuggle-stroller/123')).toBe(true)
  expect(isFluidPath('/gp/snuggle-stroller/123/456')).toBe(true)
  expect(isFluidPath('/registry/gp/x')).toBe(true)
})

test('other pages, including store sub-pages, use the container', () => {
  expect(isFluidPath('/')).toBe(false)
  expect(isFluidPath('/store/strollers')).toBe(false)
  expect(isFluidPath('/store/search')).toBe(false)
  expect(isFluidPath('/storefront')).toBe(false)
  expect(isFluidPath('/gp')).toBe(false)
})
