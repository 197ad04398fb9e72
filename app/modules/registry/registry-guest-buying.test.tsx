// What the guest view offers for 'Buy from Nestlist': the options the family left open with their stock (sold-out
// ones marked, never choosable), the family's own choice fixed, and whether the registry can receive gifts at all.
import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { cartCopy } from '~/modules/cart/ui/cart-copy'
import { ensureProductStock } from '~/modules/orders/stock.seed.server'
import { catalogFactories } from '../../../tests/support/catalog-factories'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { users } from '../accounts/accounts.schema'
import { createRegistryService } from './registry.service.server'
import type { GuestItem } from './registry.types'
import { GuestItemCard } from './ui/guest-item-card'

let database: TestDatabase
let registry: ReturnType<typeof createRegistryService>
const factories = catalogFactories(() => database.db, 93_000)
let ownerId: number
let category: number
let brand: number

beforeAll(async () => {
  database = await createTestDatabase()
  registry = createRegistryService({ db: database.db })
  category = (await factories.createCategory({ urlSlug: 'guest-buying' })).id
  brand = (await factories.createBrand()).id
  const [u] = await database.db.insert(users).values({ email: 'buying.owner@example.test', firstName: 'Bea', lastName: 'Owner', passwordHash: 'x' }).returning()
  ownerId = u!.id
})
afterAll(async () => {
  await database?.drop()
})

async function stocked(options: { sizes?: string[]; colors?: string[] }, zero: string[] = []) {
  const p = await factories.createProduct({ categoryId: category, brandId: brand, stock: 12, options })
  await ensureProductStock(database.db, [p.id])
  for (const key of zero) await database.pool.query('update product_stock set quantity = 0 where product_id = $1 and option_key = $2', [p.id, key])
  return p.id
}

const card = (item: GuestItem, canShip: boolean) =>
  renderToStaticMarkup(
    <RouterProvider router={createMemoryRouter([{ path: '/', element: <GuestItemCard item={item} registryId={1} canShip={canShip} mine={[]} reserveHref={() => '/x'} /> }])} />,
  )

describe('the guest view for buying from Nestlist', () => {
  test('an open color lists every color with its stock (sold out left 0); a chosen size stays fixed; all sold out is not buyable', async () => {
    const r = await registry.create(ownerId, { registryType: 'baby', title: 'Baby Buy', familyName: 'The Buys', slug: 'guest-buying-1', isArrivalDateKnown: false })
    await registry.setShippingAddress(r.id, ownerId, { name: 'Bea Owner', line1: '5 Elm St', line2: '', city: 'Denver', state: 'CO', zip: '80202' })
    const product = await stocked({ sizes: ['S', 'M'], colors: ['Sage', 'Rose'] }, ['size=M|color=Rose'])
    const plain = await stocked({})
    const gone = await stocked({ colors: ['Sage', 'Rose'] })
    const sizeChosen = await registry.addItem(r.id, ownerId, { productId: product, quantity: 1, options: { size: 'M' } })
    const bothOpen = await registry.addItem(r.id, ownerId, { productId: product, quantity: 1 })
    const noOptions = await registry.addItem(r.id, ownerId, { productId: plain, quantity: 1 })
    const soldOut = await registry.addItem(r.id, ownerId, { productId: gone, quantity: 1 })
    // Sold out since the family added it.
    await database.pool.query('update product_stock set quantity = 0 where product_id = $1', [gone])

    const view = await registry.guestView(r.id)
    expect(view.shipsTo).toEqual({ city: 'Denver', state: 'CO' })
    const item = (id: number) => view.items.find((i) => i.id === id)!
    expect(item(sizeChosen.id)).toMatchObject({ buyFromShop: true, options: { size: 'M' }, openOptions: [{ field: 'color', values: [{ value: 'Sage', left: 3 }, { value: 'Rose', left: 0 }] }] })
    expect(item(bothOpen.id).openOptions).toEqual([
      { field: 'size', values: [{ value: 'S', left: 3 }, { value: 'M', left: 3 }] },
      { field: 'color', values: [{ value: 'Sage', left: 3 }, { value: 'Rose', left: 3 }] },
    ])
    expect(item(noOptions.id)).toMatchObject({ buyFromShop: true })
    expect(item(noOptions.id).openOptions).toBeUndefined()
    expect(item(soldOut.id).buyFromShop).toBe(false)

    // The card: a Color menu (Rose sold out, not choosable), the fixed size only shown, the Buy button.
    const html = card(item(sizeChosen.id), true)
    expect(html).toMatch(/<label[^>]*>Color<span class="sr-only"> for /)
    expect(html).toContain('<option value="Rose" disabled="">Rose (sold out)</option>')
    expect(html).not.toMatch(/name="size"[^>]*><option/)
    expect(html).toContain('<input type="hidden" name="size" value="M"/>')
    expect(html).toContain(cartCopy.buyFromNestlist)
  })

  test('without a gift shipping address the view says so (no city) and the card explains instead of offering Buy', async () => {
    const r = await registry.create(ownerId, { registryType: 'baby', title: 'Baby Nowhere', familyName: 'The Nowheres', slug: 'guest-buying-2', isArrivalDateKnown: false })
    const item = await registry.addItem(r.id, ownerId, { productId: await stocked({}), quantity: 1 })
    const view = await registry.guestView(r.id)
    expect(view.shipsTo).toBeNull()
    const guestItem = view.items.find((i) => i.id === item.id)!
    expect(guestItem.buyFromShop).toBe(true)
    const html = card(guestItem, false)
    expect(html).toContain("The family has not added a shipping address yet, so this can&#x27;t be shipped from Nestlist yet. You can still reserve it.")
    expect(html).not.toContain(cartCopy.buyFromNestlist)
    expect(html).toContain('Reserve')
  })
})
