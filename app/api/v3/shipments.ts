// /api/v3/shipments: the signed-in user's shipments (their orders' boxes, and registry gifts on the way to
// the family), one shipment, and 'Ship now' for held registry gifts (owner or collaborator).
// 401 anonymous; 404 for a shipment that is not theirs; 409 when it is no longer held (docs/decisions/024).
import { createRoute, z } from '@hono/zod-openapi'
import { shipmentStatuses, shippingMessages } from '~/modules/shipping/shipping.validation'
import { requireApiUser } from '../auth'
import { createRouter } from '../openapi'
import { errorResponses } from '../schemas'
import { err, ok, positiveIdOf, privateJson } from './registry-schemas'

const tags = ['shipments']
const guarded = { 401: err('Not signed in'), 404: err('No such shipment, or not yours'), ...errorResponses }

const ShipmentItemSchema = z
  .object({
    title: z.string(),
    options: z.object({ size: z.string().optional(), color: z.string().optional() }),
    quantity: z.number().int(),
    giverName: z.string().nullable().openapi({ description: "Who gave it: the family's view only, and never while 'keep it a surprise' is on" }),
    orderId: z.string().nullable().openapi({ description: "The buyer's own order this item is from (buyers' view only)" }),
  })
  .openapi('ShipmentItem')

const ShipmentSchema = z
  .object({
    id: z.number().int(),
    role: z.enum(['buyer', 'family']).openapi({ description: "buyer: only the caller's own items; family: registry gifts for a registry the caller manages" }),
    status: z.enum(shipmentStatuses).openapi({ description: 'held (registry gifts waiting to ship together) → processing → shipped → delivered' }),
    warehouseId: z.number().int(),
    carrier: z.string().nullable(),
    trackingNumber: z.string().nullable().openapi({ description: "Null until shipped, and always for a giver's view of a registry gift box" }),
    createdAt: z.string(),
    releasedAt: z.string().nullable(),
    releaseReason: z.enum(['owner', 'automatic']).nullable(),
    shippedAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    registry: z.object({ id: z.number().int(), familyName: z.string(), slug: z.string() }).nullable(),
    autoShipOn: z.string().nullable().openapi({ description: 'Held gifts: the day (YYYY-MM-DD) they ship by themselves' }),
    canShipNow: z.boolean(),
    surpriseActive: z.boolean(),
    itemCount: z.number().int(),
    items: z.array(ShipmentItemSchema).openapi({ description: "Empty while the family keeps it a surprise; never prices" }),
  })
  .openapi('Shipment')

const IdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '42' }) })

const listShipments = createRoute({
  method: 'get',
  path: '/api/v3/shipments',
  tags,
  summary: "The caller's shipments: boxes with their own orders' items, and registry gifts on the way to registries they manage",
  responses: { 200: ok('Shipments', z.object({ purchases: z.array(ShipmentSchema), gifts: z.array(ShipmentSchema) })), 401: err('Not signed in'), 500: errorResponses[500] },
})

const getShipment = createRoute({
  method: 'get',
  path: '/api/v3/shipments/{id}',
  tags,
  summary: 'One shipment, for its buyer or the family it goes to',
  request: { params: IdParam },
  responses: { 200: ok('The shipment', ShipmentSchema), ...guarded },
})

const shipNow = createRoute({
  method: 'post',
  path: '/api/v3/shipments/{id}/ship_now',
  tags,
  summary: "Ship held registry gifts now instead of waiting (the registry's owner or a collaborator)",
  description: 'held → processing. 404 for anyone who does not manage the registry (givers included); 409 when the box is no longer held.',
  request: { params: IdParam },
  responses: { 200: ok('Now processing', ShipmentSchema), 409: err('Not held any more'), ...guarded },
})

export const shipmentsRouter = createRouter()
privateJson(shipmentsRouter, ['/api/v3/shipments', '/api/v3/shipments/*'])

shipmentsRouter.openapi(listShipments, async (c) => {
  const v = await requireApiUser(c)
  return c.json(await c.var.services.shipments.forUser(v.user.id), 200)
})

shipmentsRouter.openapi(getShipment, async (c) => {
  const v = await requireApiUser(c)
  return c.json(await c.var.services.shipments.get(positiveIdOf(c.req.valid('param').id, shippingMessages.shipmentNotFound), v.user.id), 200)
})

shipmentsRouter.openapi(shipNow, async (c) => {
  const v = await requireApiUser(c)
  return c.json(await c.var.services.shipments.shipNow(positiveIdOf(c.req.valid('param').id, shippingMessages.shipmentNotFound), v.user.id), 200)
})
