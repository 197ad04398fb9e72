// /api/v3/order_address: the signed-in buyer reads where their order ships and changes it while nothing of it has
// shipped (docs/decisions/031), the order page's 'Change shipping address'. Anyone else's order: 404.
import { createRoute, z } from '@hono/zod-openapi'
import { requireApiUser } from '../auth'
import { createRouter } from '../openapi'
import { errorResponses } from '../schemas'
import { Address } from './orders'
import { body, err, ok, privateJson } from './registry-schemas'

const tags = ['orders']

const OrderAddressSchema = z
  .object({
    orderId: z.string().uuid(),
    shipsTo: z.union([
      z.object({ kind: z.literal('buyer'), address: Address.extend({ phone: z.string().optional() }) }),
      z.object({ kind: z.literal('registry'), familyName: z.string(), city: z.string(), state: z.string() }).openapi({ description: "a registry gift order: the family's city and state only" }),
    ]),
    canChange: z.boolean(),
    blocked: z.enum(['shipped', 'registry_gift', 'cancelled', 'nothing_ships']).nullable().openapi({ description: 'why the address cannot be changed (null: it can)' }),
    reason: z.string().nullable().openapi({ description: 'the same, in words to show the buyer' }),
    taxState: z.string().openapi({ example: 'OH', description: "the state the order's tax was worked out for: a new address must be in it, unless that state's tax on the order is the same to the cent" }),
    changedAt: z.string().datetime().nullable().openapi({ description: 'when the buyer last changed it' }),
  })
  .openapi('OrderAddressView')

const ChangeBody = z
  .object({
    orderId: z.string().openapi({ example: '3f1c2a9e-8d0b-4c5e-9a7f-1b2c3d4e5f60' }),
    address: z
      .object({
        name: z.string().optional(),
        line1: z.string().optional(),
        line2: z.string().optional(),
        city: z.string().optional().openapi({ description: 'may be empty when the ZIP code is known' }),
        state: z.string().optional().openapi({ example: 'OH', description: 'a US state, DC, territory or APO/FPO/DPO code; may be empty when the ZIP code is known' }),
        zip: z.string().optional().openapi({ example: '43215' }),
        phone: z.string().optional(),
      })
      .openapi({ description: "checked as checkout checks it: required fields, US states, ZIP format, and a known ZIP code's state (422 with messages on address.zip, address.state, …)" }),
  })
  .openapi('ChangeOrderAddress')

const getOrderAddress = createRoute({
  method: 'get',
  path: '/api/v3/order_address',
  tags,
  summary: "Where the signed-in buyer's order ships, and whether it can still be changed",
  request: { query: z.object({ order_id: z.string().openapi({ example: '3f1c2a9e-8d0b-4c5e-9a7f-1b2c3d4e5f60' }) }) },
  responses: { 200: ok('The address', OrderAddressSchema), 401: err('Not signed in'), 404: err('No such order, or not yours'), ...errorResponses },
})

const putOrderAddress = createRoute({
  method: 'put',
  path: '/api/v3/order_address',
  tags,
  summary: "Change where the signed-in buyer's order ships, while nothing of it has shipped",
  description:
    'One transaction under the order\'s and its boxes\' locks: a box marked shipped at the same moment either waits and ships to the new address, or has shipped and the change is 409. ' +
    'The buyer is emailed that the address changed; staff see the change on the order. Sending the address the order already has changes nothing (changed: false).',
  request: body(ChangeBody),
  responses: {
    200: ok('Changed (or already so)', OrderAddressSchema.extend({ changed: z.boolean() })),
    401: err('Not signed in'),
    404: err('No such order, or not yours'),
    409: err('A box has shipped, the order holds registry gifts (they ship to the family), it was cancelled, nothing in it ships, or the new state would be taxed differently'),
    ...errorResponses,
  },
})

export const orderAddressRouter = createRouter()
privateJson(orderAddressRouter, ['/api/v3/order_address'])

orderAddressRouter.openapi(getOrderAddress, async (c) => {
  const v = await requireApiUser(c)
  return c.json(await c.var.services.orderAddress.forOrder(c.req.valid('query').order_id, v.user.id), 200)
})

orderAddressRouter.openapi(putOrderAddress, async (c) => {
  const v = await requireApiUser(c)
  const { view, changed } = await c.var.services.orderAddress.change(v.user.id, c.req.valid('json'), { origin: c.var.services.publicOrigin, source: 'api' })
  return c.json({ ...view, changed }, 200)
})
