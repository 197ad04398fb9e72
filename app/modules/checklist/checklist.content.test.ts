import { describe, expect, test } from 'vitest'
import { CATEGORY_NODES } from '../catalog/seed/category-tree'
import { CHECKLIST_CONTENT, HEALTH_AND_SAFETY_CHECKLIST_ID } from './checklist.content'

describe('checklist content', () => {
  test('has about ten categories with 4 to 8 suggested items each, and guidance', () => {
    expect(CHECKLIST_CONTENT.length).toBeGreaterThanOrEqual(9)
    for (const c of CHECKLIST_CONTENT) {
      expect(c.items.length, c.slug).toBeGreaterThanOrEqual(4)
      expect(c.items.length, c.slug).toBeLessThanOrEqual(8)
      expect(c.guidance.length, c.slug).toBeGreaterThan(80)
    }
  })

  test('Health & Safety is category 61', () => {
    expect(CHECKLIST_CONTENT.find((c) => c.id === HEALTH_AND_SAFETY_CHECKLIST_ID)?.title).toBe('Health & Safety')
  })

  test('ids and slugs are unique, and every item has a why, a quantity and a priority', () => {
    const items = CHECKLIST_CONTENT.flatMap((c) => c.items)
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length)
    expect(new Set(CHECKLIST_CONTENT.map((c) => c.id)).size).toBe(CHECKLIST_CONTENT.length)
    expect(new Set(CHECKLIST_CONTENT.map((c) => c.slug)).size).toBe(CHECKLIST_CONTENT.length)
    for (const i of items) {
      expect(i.why.length, i.title).toBeGreaterThan(20)
      expect(i.quantity, i.title).not.toBe('')
      expect(['must', 'nice']).toContain(i.priority)
    }
  })

  test('every item links to a store category that exists, so Shop this is never a dead link', () => {
    const slugs = new Set(CATEGORY_NODES.map((c) => c.urlSlug))
    for (const i of CHECKLIST_CONTENT.flatMap((c) => c.items)) expect(slugs.has(i.shopCategorySlug), i.shopCategorySlug).toBe(true)
  })
})
