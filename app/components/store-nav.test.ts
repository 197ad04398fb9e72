import { expect, test } from 'vitest'
import { activeTopLevel } from './store-nav'

const navbar = [
  { title: 'Strollers', urlSlug: 'strollers', children: [{ title: 'Jogging Strollers', urlSlug: 'jogging-strollers' }], guides: [] },
  { title: 'Feeding', urlSlug: 'feeding', children: [], guides: [] },
]

test('a category page marks its top-level navbar item, whether it is the item or one of its children', () => {
  expect(activeTopLevel(navbar, '/store/strollers')).toBe('strollers')
  expect(activeTopLevel(navbar, '/store/jogging-strollers')).toBe('strollers')
  expect(activeTopLevel(navbar, '/store/feeding/')).toBe('feeding')
})

test('other pages mark nothing', () => {
  expect(activeTopLevel(navbar, '/')).toBeNull()
  expect(activeTopLevel(navbar, '/store/search')).toBeNull()
  expect(activeTopLevel(navbar, '/gp/strollers/1')).toBeNull()
})
