import { describe, expect, test } from 'vitest'
import type { OwnerItem } from '../registry.types'
import { applyPending, idList, moveInList, type OrganizeCategory, placeBefore } from './organize-order'

const item = (id: number, categoryId: number): OwnerItem => ({
  id,
  categoryId,
  productId: 1,
  href: null,
  title: `Item ${id}`,
  imageUrl: '',
  storeName: 'Nestlist',
  priceCents: 100,
  quantityNeeded: 1,
  quantityStillNeeded: 1,
  note: '',
  mostWanted: false,
  groupGift: false,
  options: {},
  position: id,
  quantityReserved: 0,
  quantityPurchased: 0,
  removed: false,
})

const layout = (): OrganizeCategory[] => [
  { id: 1, title: 'Main', isDefault: true, items: [item(10, 1), item(11, 1)] },
  { id: 2, title: 'Nursery', isDefault: false, items: [item(20, 2)] },
  { id: 3, title: 'Gear', isDefault: false, items: [] },
]
const f = (fields: Record<string, string>) => {
  const d = new FormData()
  for (const [k, v] of Object.entries(fields)) d.set(k, v)
  return d
}
const shape = (cs: OrganizeCategory[]) => cs.map((c) => [c.id, c.items.map((i) => i.id)])

describe('organise ordering', () => {
  test('move up and down stop at the ends', () => {
    expect(moveInList([1, 2, 3], 2, 'up')).toEqual([2, 1, 3])
    expect(moveInList([1, 2, 3], 2, 'down')).toEqual([1, 3, 2])
    expect(moveInList([1, 2, 3], 1, 'up')).toEqual([1, 2, 3])
    expect(moveInList([1, 2, 3], 3, 'down')).toEqual([1, 2, 3])
    expect(moveInList([1, 2, 3], 9, 'down')).toEqual([1, 2, 3])
  })

  test('a drop places the dragged id before the target, or at the end', () => {
    expect(placeBefore([1, 2, 3], 3, 1)).toEqual([3, 1, 2])
    expect(placeBefore([1, 2, 3], 1, null)).toEqual([2, 3, 1])
    expect(placeBefore([1, 2], 5, 2)).toEqual([1, 5, 2])
  })

  test('id lists ignore junk', () => {
    expect(idList('3,1,x,-2,2.5,4')).toEqual([3, 1, 4])
    expect(idList(null)).toEqual([])
  })

  test('a pending move shows at once: categories, items within a category, and items into another category', () => {
    expect(shape(applyPending(layout(), f({ intent: 'move-category', id: '2', direction: 'up' })))).toEqual([[2, [20]], [1, [10, 11]], [3, []]])
    expect(shape(applyPending(layout(), f({ intent: 'move-item', id: '11', direction: 'up' })))[0]).toEqual([1, [11, 10]])
    expect(shape(applyPending(layout(), f({ intent: 'item-category', id: '10', categoryId: '3' })))).toEqual([[1, [11]], [2, [20]], [3, [10]]])
    expect(shape(applyPending(layout(), f({ intent: 'reorder-items', categoryId: '2', ids: '11,20' })))).toEqual([[1, [10]], [2, [11, 20]], [3, []]])
    expect(shape(applyPending(layout(), f({ intent: 'reorder-categories', ids: '3,1' })))).toEqual([[3, []], [1, [10, 11]], [2, [20]]])
    expect(shape(applyPending(layout(), undefined))).toEqual(shape(layout()))
  })
})
