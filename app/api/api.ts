import { apiError } from './error-handler'
import { createRouter } from './openapi'
import { storeCategoriesRouter } from './store/categories'
import { navbarRouter } from './store/navbar'
import { storeProductsRouter } from './store/products'
import { catalogCategoriesRouter } from './v3/catalog-categories'
import { v3ProductsRouter } from './v3/products'
import { v3BrandsRouter } from './v3/brands'
import { v3SearchRouter } from './v3/search'
import { storeSuggestionsRouter } from './store/suggestions'
import { eventsRouter } from './v3/events'
import { userRouter } from './v3/user'
import { addressRouter } from './v3/address'
import { zipLookupsRouter } from './v3/zip-lookups'
import { emailPreferencesRouter } from './v3/email-preferences'
import { twoFactorsRouter } from './v3/two-factors'
import { registriesRouter } from './v3/registries'
import { reservationsRouter } from './v3/reservations'
import { checklistRouter } from './v3/checklist'
import { flagRouter } from './v3/flag'
import { meRouter } from './v3/me'
import { externalItemsRouter } from './v3/external-items'
import { collaboratorsRouter } from './v3/collaborators'
import { insertCardOrdersRouter } from './v3/insert-card-orders'
import { cartRouter } from './v3/cart'
import { amazonCartRouter } from './v3/amazon-cart'
import { ordersRouter } from './v3/orders'
import { checkoutsRouter } from './v3/checkouts'
import { orderAddressRouter } from './v3/order-address'
import { shipmentsRouter } from './v3/shipments'
import { purchaseReturnsRouter } from './v3/purchase-returns'
import { orderCancellationsRouter } from './v3/order-cancellations'
import { giftCardsRouter } from './v3/gift-cards'
import { paymentMethodsRouter } from './v3/payment-methods'
import { staffRouter } from './v3/staff'
import { cashFundsRouter } from './v3/cash-funds'
import { createAdminRouter } from './admin/router'

/** The JSON API: /api/v3 for the app and partners, /store/api for the shop front end. */
export function createApi() {
  const api = createRouter()
  api.route('/', navbarRouter)
  api.route('/', catalogCategoriesRouter)
  api.route('/', storeCategoriesRouter)
  api.route('/', storeProductsRouter)
  api.route('/', v3ProductsRouter)
  api.route('/', v3BrandsRouter)
  api.route('/', v3SearchRouter)
  api.route('/', storeSuggestionsRouter)
  api.route('/', eventsRouter)
  api.route('/', userRouter)
  api.route('/', addressRouter)
  api.route('/', zipLookupsRouter)
  api.route('/', emailPreferencesRouter)
  api.route('/', twoFactorsRouter)
  api.route('/', registriesRouter)
  api.route('/', reservationsRouter)
  api.route('/', checklistRouter)
  api.route('/', flagRouter)
  api.route('/', meRouter)
  api.route('/', externalItemsRouter)
  api.route('/', collaboratorsRouter)
  api.route('/', insertCardOrdersRouter)
  api.route('/', cartRouter)
  api.route('/', amazonCartRouter)
  api.route('/', ordersRouter)
  api.route('/', checkoutsRouter)
  api.route('/', orderAddressRouter)
  api.route('/', shipmentsRouter)
  api.route('/', purchaseReturnsRouter)
  api.route('/', orderCancellationsRouter)
  api.route('/', giftCardsRouter)
  api.route('/', paymentMethodsRouter)
  api.route('/', staffRouter)
  api.route('/', cashFundsRouter)
  // The spec's admin calls (under /bl_admin/api): staff only.
  api.route('/', createAdminRouter())

  api.doc31('/api/v3/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Nestlist API', version: '3.0.0', description: 'Registries, gifts and the Nestlist shop.' },
  })
  api.all('/api/*', (c) => c.json(apiError('not_found', `No API endpoint at ${c.req.method} ${c.req.path}.`), 404))
  api.all('/store/api/*', (c) => c.json(apiError('not_found', `No API endpoint at ${c.req.method} ${c.req.path}.`), 404))
  api.all('/bl_admin/api/*', (c) => c.json(apiError('not_found', `No API endpoint at ${c.req.method} ${c.req.path}.`), 404))
  return api
}
