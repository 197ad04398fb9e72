import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createDropdownController } from './dropdown-controller'

describe('navbar dropdown timing', () => {
  let changes: (string | null)[]
  let dropdown: ReturnType<typeof createDropdownController>

  beforeEach(() => {
    vi.useFakeTimers()
    changes = []
    dropdown = createDropdownController((id) => changes.push(id))
  })
  afterEach(() => {
    dropdown.dispose()
    vi.useRealTimers()
  })

  test('hovering an item opens it after 400 ms, not before', () => {
    dropdown.pointerEnterItem('strollers')
    vi.advanceTimersByTime(399)
    expect(dropdown.openId).toBeNull()
    vi.advanceTimersByTime(1)
    expect(dropdown.openId).toBe('strollers')
    expect(changes).toEqual(['strollers'])
  })

  test('passing over an item without resting on it opens nothing', () => {
    dropdown.pointerEnterItem('strollers')
    vi.advanceTimersByTime(200)
    dropdown.pointerLeaveItem()
    vi.advanceTimersByTime(1000)
    expect(dropdown.openId).toBeNull()
    expect(changes).toEqual([])
  })

  test('moving to another item while one is open switches at once', () => {
    dropdown.open('strollers')
    dropdown.pointerEnterItem('car-seats')
    expect(dropdown.openId).toBe('car-seats')
  })

  test('leaving the navigation closes after 400 ms, and coming back keeps it open', () => {
    dropdown.open('strollers')
    dropdown.pointerLeaveNav()
    vi.advanceTimersByTime(399)
    expect(dropdown.openId).toBe('strollers')
    dropdown.pointerEnterNav()
    vi.advanceTimersByTime(1000)
    expect(dropdown.openId).toBe('strollers')
    dropdown.pointerLeaveNav()
    vi.advanceTimersByTime(400)
    expect(dropdown.openId).toBeNull()
  })

  test('leaving an item of an open dropdown does not close it by itself', () => {
    dropdown.open('strollers')
    dropdown.pointerLeaveItem()
    vi.advanceTimersByTime(1000)
    expect(dropdown.openId).toBe('strollers')
  })

  test('a press outside or a click on a category closes at once and cancels any pending open', () => {
    dropdown.open('strollers')
    dropdown.close()
    expect(dropdown.openId).toBeNull()
    dropdown.pointerEnterItem('feeding')
    dropdown.close()
    vi.advanceTimersByTime(1000)
    expect(dropdown.openId).toBeNull()
    expect(changes).toEqual(['strollers', null])
  })

  test('toggle opens and closes the same item', () => {
    dropdown.toggle('nursery')
    expect(dropdown.openId).toBe('nursery')
    dropdown.toggle('nursery')
    expect(dropdown.openId).toBeNull()
  })

  test('hovering the item that is already open cancels a pending close', () => {
    dropdown.open('strollers')
    dropdown.pointerLeaveNav()
    dropdown.pointerEnterItem('strollers')
    vi.advanceTimersByTime(1000)
    expect(dropdown.openId).toBe('strollers')
  })
})
