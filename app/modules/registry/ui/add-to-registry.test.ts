import { describe, expect, test } from 'vitest'
import { addToRegistryStateOf } from './add-to-registry'
import { addItemFormInput } from './add-to-registry.server'

describe('add to registry (product pages)', () => {
  test('gift cards never offer Add to Registry, whoever is looking; others get sign in, a registry first, or the form', () => {
    const viewer = { firstName: 'Ada', role: 'user' as const, emailVerified: true }
    const addTarget = { registryId: 4, title: "Ada's registry", categories: [{ id: 1, title: 'Nursery', isDefault: true }] }
    expect(addToRegistryStateOf('gift_card', { viewer, addTarget })).toEqual({ kind: 'hidden' })
    // Not known yet (a shared page before the visitor's facts come), or nobody signed in: the way in that works for all.
    expect(addToRegistryStateOf('product', null)).toEqual({ kind: 'anonymous' })
    expect(addToRegistryStateOf('product', { viewer: null, addTarget: null })).toEqual({ kind: 'anonymous' })
    expect(addToRegistryStateOf('product', { viewer, addTarget: null })).toEqual({ kind: 'no-registry' })
    expect(addToRegistryStateOf('product', { viewer, addTarget })).toEqual({ kind: 'owner', registryTitle: "Ada's registry", categories: addTarget.categories })
  })

  test('the form reads options only when chosen and treats a ticked box as most wanted', () => {
    const f = new FormData()
    f.set('productId', '7')
    f.set('size', ' 0-3M ')
    f.set('color', '')
    f.set('mostWanted', 'on')
    expect(addItemFormInput(f)).toEqual({ productId: '7', quantity: '1', note: '', mostWanted: true, categoryId: undefined, options: { size: '0-3M' } })
  })
})
