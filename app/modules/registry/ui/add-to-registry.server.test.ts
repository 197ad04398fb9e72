import type { AppLoadContext } from 'react-router'
import { describe, expect, test } from 'vitest'
import { addItemFormInput, addToRegistryState } from './add-to-registry.server'

describe('add to registry (product pages)', () => {
  test('gift cards never offer Add to Registry, whoever is looking', async () => {
    // No services are needed: the product type decides before any session or registry is read.
    const state = await addToRegistryState(new Request('http://x.test/gp/card/1'), {} as AppLoadContext, { productType: 'gift_card' })
    expect(state).toEqual({ kind: 'hidden' })
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
