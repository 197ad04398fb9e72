// POST /cart/add for 'Buy from Nestlist' on a registry's guest view: an option the family left open is chosen by the
// giver; without it the answer says what to choose (the fetcher's data, or a page with the choice on it).
import pino from 'pino'
import { renderToStaticMarkup } from 'react-dom/server'
import { type AppLoadContext, createMemoryRouter, RouterProvider } from 'react-router'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { optionMessages } from '~/modules/catalog/product-options'
import { cartCopy } from '~/modules/cart/ui/cart-copy'
import { ensureProductStock } from '~/modules/orders/stock.seed.server'
import { createServices, type Services } from '~/services.server'
import { signUpConfirmed } from '../../../tests/support/accounts'
import { catalogFactories } from '../../../tests/support/catalog-factories'
import { post, run } from '../../../tests/support/route-calls'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import AddToCartFailed, { action } from './add'

let database: TestDatabase
let services: Services
let context: AppLoadContext
const factories = catalogFactories(() => database.db, 91_000)
let registry: { id: number; slug: string }
let anyColor: { id: number; productId: number }
let productId: number

beforeAll(async () => {
  database = await createTestDatabase()
  const logger = pino({ level: 'silent' })
  services = createServices({ db: database.db, pool: database.pool, env: { SUPPORT_EMAIL: 'help@example.test', PUBLIC_URL: 'https://nestlist.test' }, logger })
  context = { services, logger, nonce: '', requestId: 'test', supportEmail: 'help@example.test', clientIp: '127.0.0.1' } as AppLoadContext
  const { user } = await signUpConfirmed(services.accounts, database.db, { firstName: 'Ada', lastName: 'Owner', email: 'ada.owner@example.test', password: 'sunflower meadow 42' }, { ip: '203.0.113.9', userAgent: 'vitest' })
  const category = (await factories.createCategory({ urlSlug: 'cart-add-route' })).id
  const brand = (await factories.createBrand()).id
  productId = (await factories.createProduct({ categoryId: category, brandId: brand, stock: 10, options: { colors: ['Sage', 'Oat', 'Rose'] } })).id
  await ensureProductStock(database.db, [productId])
  // Rose is sold out.
  await database.pool.query(`update product_stock set quantity = 0 where product_id = $1 and option_key = 'color=Rose'`, [productId])
  registry = await services.registry.create(user.id, { registryType: 'baby', title: 'Baby Add', familyName: 'The Adds', slug: 'cart-add-route', isArrivalDateKnown: false })
  await services.registry.setShippingAddress(registry.id, user.id, { name: 'Ada Owner', line1: '1 Main St', line2: '', city: 'Austin', state: 'TX', zip: '78701' })
  // Added with 'Any color'.
  const item = await services.registry.addItem(registry.id, user.id, { productId, quantity: 2 })
  anyColor = { id: item.id, productId }
})
afterAll(async () => {
  await database?.drop()
})

const buy = (fields: Record<string, string | number>) =>
  run<{ ok: boolean; message: string; fields: Record<string, string[]>; gift?: { item: { openOptions?: unknown[] } } | null }>(() =>
    action({ request: post('/cart/add', undefined, { productId: anyColor.productId, regItemId: anyColor.id, registryId: registry.id, quantity: 1, returnTo: `/${registry.slug}`, ...fields }), params: {}, context } as never),
  )

describe('Buy from Nestlist with an option left open', () => {
  test('a chosen color in stock adds the gift line and goes on to the registry gift checkout', async () => {
    const answer = await action({ request: post('/cart/add', undefined, { productId, regItemId: anyColor.id, registryId: registry.id, quantity: 1, color: 'Oat', js: '1' }), params: {}, context } as never).catch((r: unknown) => r)
    expect(answer).toBeInstanceOf(Response)
    expect((answer as Response).headers.get('Location')).toBe(`/store-checkout-hbb?registry_id=${registry.id}`)
    const { rows } = await database.pool.query('select option_key, quantity, registry_id from cart_items where reg_item_id = $1', [anyColor.id])
    expect(rows).toEqual([{ option_key: 'color=Oat', quantity: 1, registry_id: registry.id }])
  })

  test('without the color the fetcher gets a 422 with the message; a plain form gets the gift back to choose it on the page', async () => {
    const scripted = await buy({ js: '1' })
    expect(scripted.status).toBe(422)
    expect(scripted.body.message).toBe(optionMessages.chooseColor)
    expect(scripted.body.fields.color).toEqual([optionMessages.chooseColor])

    const plain = await buy({})
    expect(plain.status).toBe(422)
    expect(plain.body.message).toBe('Choose a color.')
    expect(plain.body.gift?.item.openOptions).toEqual([{ field: 'color', values: [{ value: 'Sage', left: 4 }, { value: 'Oat', left: 3 }, { value: 'Rose', left: 0 }] }])

    // The page the plain form lands on: the message at the color menu, sold-out Rose not choosable.
    const router = createMemoryRouter([{ path: '/cart/add', element: <AddToCartFailed actionData={plain.body as never} loaderData={null as never} params={{}} matches={[] as never} /> }], { initialEntries: ['/cart/add'] })
    const html = renderToStaticMarkup(<RouterProvider router={router} />)
    expect(html).toContain('Choose a color.')
    expect(html).toMatch(/<select[^>]*name="color"[^>]*required/)
    expect(html).toContain('<option value="Rose" disabled="">Rose (sold out)</option>')
    expect(html).toContain(cartCopy.giftFor('The Adds'))
    expect(html).toContain(`href="/${registry.slug}"`)
  })

  test('a sold-out color is refused with a 409 and its reason, said at the card', async () => {
    const soldOut = await buy({ color: 'Rose', js: '1' })
    expect(soldOut.status).toBe(409)
    expect(soldOut.body.message).toMatch(/sold out/i)
  })
})
