// /api/v3/registries/{id}/insert_card_orders: printed insert cards for shower invitations. The owner and
// collaborators list and order (401 anonymous, 404 anyone else); each registry's first order is free with
// free shipping (payments arrive with checkout), shipped to the registry's shipping address.
import { createRoute, z } from '@hono/zod-openapi'
import { INSERT_CARD_QUANTITIES } from '~/modules/insert-cards/insert-cards.validation'
import { requireApiUser } from '../auth'
import { createRouter } from '../openapi'
import { errorResponses } from '../schemas'
import { body, err, ok, PostalAddressSchema, positiveIdOf, privateJson, RegistryIdParam, registryIdOf } from './registry-schemas'

const tags = ['registries']
const guarded = { 401: err('Not signed in'), 404: err('No such registry, or not yours'), ...errorResponses }

const InsertCardOrderSchema = z
  .object({
    id: z.number().int(),
    registryId: z.number().int(),
    quantity: z.number().int().openapi({ description: INSERT_CARD_QUANTITIES.join(', ') }),
    priceCents: z.number().int(),
    shippingCents: z.number().int(),
    shipTo: PostalAddressSchema,
    card: z.object({ familyName: z.string(), title: z.string(), url: z.string() }).openapi({ description: 'What is printed (copied when ordered)' }),
    status: z.enum(['ordered', 'printed', 'shipped']),
    createdAt: z.string(),
    printedAt: z.string().nullable(),
    shippedAt: z.string().nullable(),
  })
  .openapi('InsertCardOrder')

const listOrders = createRoute({
  method: 'get',
  path: '/api/v3/registries/{id}/insert_card_orders',
  tags,
  summary: "The registry's insert card orders, newest first, and whether its free order is still available (owner or collaborator)",
  request: { params: RegistryIdParam },
  responses: { 200: ok('Orders', z.object({ orders: z.array(InsertCardOrderSchema), freeOrderAvailable: z.boolean() })), ...guarded },
})

const createOrder = createRoute({
  method: 'post',
  path: '/api/v3/registries/{id}/insert_card_orders',
  tags,
  summary: 'Order insert cards (owner or collaborator): free with free shipping, once per registry',
  description: `quantity is one of ${INSERT_CARD_QUANTITIES.join(', ')} (422 otherwise). 422 when the registry has no shipping address; 409 when its free order was already made.`,
  request: { params: RegistryIdParam, ...body(z.object({ quantity: z.number().int().openapi({ example: 20 }) }).openapi('InsertCardOrderInput')) },
  responses: { 201: ok('Ordered', InsertCardOrderSchema), 409: err('Already ordered'), ...guarded },
})

const OrderParams = RegistryIdParam.extend({ orderId: z.string().openapi({ param: { name: 'orderId', in: 'path' } }) })
const getOrder = createRoute({
  method: 'get',
  path: '/api/v3/registries/{id}/insert_card_orders/{orderId}',
  tags,
  summary: 'One insert card order with its status (owner or collaborator)',
  request: { params: OrderParams },
  responses: { 200: ok('The order', InsertCardOrderSchema), ...guarded },
})

export const insertCardOrdersRouter = createRouter()
privateJson(insertCardOrdersRouter, ['/api/v3/registries/:id/insert_card_orders', '/api/v3/registries/:id/insert_card_orders/*'])

insertCardOrdersRouter.openapi(listOrders, async (c) => {
  const v = await requireApiUser(c)
  return c.json(await c.var.services.insertCards.list(registryIdOf(c.req.valid('param').id), v.user.id), 200)
})

insertCardOrdersRouter.openapi(createOrder, async (c) => {
  const v = await requireApiUser(c)
  const order = await c.var.services.insertCards.order(registryIdOf(c.req.valid('param').id), v.user.id, c.req.valid('json'), { origin: c.var.services.publicOrigin })
  return c.json(order, 201)
})

insertCardOrdersRouter.openapi(getOrder, async (c) => {
  const v = await requireApiUser(c)
  const params = c.req.valid('param')
  return c.json(await c.var.services.insertCards.get(registryIdOf(params.id), v.user.id, positiveIdOf(params.orderId, 'We could not find that insert card order.')), 200)
})
