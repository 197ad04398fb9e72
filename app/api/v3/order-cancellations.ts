// /api/v3/orders/{id}/cancellations: the signed-in buyer cancels items of their own order that have not shipped
// (docs/decisions/024, h13). Idempotent by idempotencyKey (or the Idempotency-Key header): one cancellation, one refund.
import { createRoute, z } from '@hono/zod-openapi'
import { DomainError } from '~/lib/errors'
import { cancellationMessages } from '~/modules/orders/cancellations.validation'
import { requireApiUser } from '../auth'
import { createRouter } from '../openapi'
import { errorResponses } from '../schemas'
import { body, err, ok, privateJson } from './registry-schemas'

const tags = ['orders']

const OrderIdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '3f1c2a9e-8d0b-4c5e-9a7f-1b2c3d4e5f60' }) })

const CancellationSchema = z
  .object({
    id: z.string(),
    orderId: z.string(),
    status: z.enum(['pending', 'refunded', 'credited']).openapi({ description: 'pending: the card refund is not confirmed yet (finished automatically); credited: the card refused it, so it went to store credit' }),
    itemsCents: z.number().int().openapi({ description: "The items' share of what was paid (after their registry discount share)" }),
    taxCents: z.number().int(),
    shippingCents: z.number().int().openapi({ description: 'Only when nothing of the order is left to ship or return' }),
    refundCents: z.number().int(),
    card: z.object({ brand: z.string(), last4: z.string(), cents: z.number().int() }).nullable(),
    giftCard: z.object({ last4: z.string(), cents: z.number().int() }).nullable(),
    creditCents: z.number().int().openapi({ description: 'What went back as store credit' }),
    createdAt: z.string(),
    refundedAt: z.string().nullable(),
    lines: z.array(
      z.object({
        orderLineId: z.number().int(),
        title: z.string(),
        options: z.object({ size: z.string().optional(), color: z.string().optional() }),
        quantity: z.number().int(),
        refundCents: z.number().int(),
      }),
    ),
  })
  .openapi('OrderCancellation')

const CancellableSchema = z
  .object({
    orderId: z.string(),
    canCancel: z.boolean(),
    lines: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        options: z.object({ size: z.string().optional(), color: z.string().optional() }),
        quantity: z.number().int(),
        lineTotalCents: z.number().int(),
        warehouseId: z.number().int(),
        cancelled: z.number().int(),
        cancellable: z.number().int().openapi({ description: 'Units that can be cancelled now (0 once shipped)' }),
        shipmentStatus: z.string().nullable(),
      }),
    ),
    cancellations: z.array(CancellationSchema),
  })
  .openapi('OrderCancellations')

const CancellationInputSchema = z
  .object({
    idempotencyKey: z.string().optional().openapi({ description: '8 to 80 characters (or the Idempotency-Key header); the same key gives the same cancellation (one refund)' }),
    lines: z.array(z.object({ orderLineId: z.number().int(), quantity: z.number().int().openapi({ description: '1 to 99, at most what is left of the line' }) })),
  })
  .openapi('OrderCancellationInput')

const listCancellations = createRoute({
  method: 'get',
  path: '/api/v3/orders/{id}/cancellations',
  tags,
  summary: 'What can be cancelled of one of your orders, and its cancellations',
  request: { params: OrderIdParam },
  responses: { 200: ok('Cancellable lines and cancellations', CancellableSchema), 401: err('Not signed in'), 404: err('No such order, or not yours'), 500: errorResponses[500] },
})

const createCancellation = createRoute({
  method: 'post',
  path: '/api/v3/orders/{id}/cancellations',
  tags,
  summary: 'Cancel items of one of your orders that have not shipped; the refund goes back the way it was paid',
  description:
    'The stock goes back, the items leave their shipment (an emptied shipment is cancelled), a registry gift shows as needed again, and when nothing is left the order is cancelled. The card part is refunded once per key; gift card and store credit parts go back to them. 404 for someone else\'s order; 409 when an item has already shipped, the order is not charged yet or already cancelled; 422 for a bad quantity, more than is left, a gift card line, or a key reused with other items.',
  request: { params: OrderIdParam, ...body(CancellationInputSchema) },
  responses: {
    201: ok('Cancelled (refund made, or in progress when status is pending)', CancellationSchema),
    401: err('Not signed in'),
    404: err('No such order, or not yours'),
    409: err('Already shipped, not charged yet, or already cancelled'),
    ...errorResponses,
  },
})

export const orderCancellationsRouter = createRouter()
privateJson(orderCancellationsRouter, ['/api/v3/orders/*/cancellations'])

orderCancellationsRouter.openapi(listCancellations, async (c) => {
  const v = await requireApiUser(c)
  const found = await c.var.services.orderCancellations.forOrder(c.req.valid('param').id, v.user.id)
  if (!found) throw new DomainError('not_found', cancellationMessages.orderNotFound)
  return c.json(found, 200)
})

orderCancellationsRouter.openapi(createCancellation, async (c) => {
  const v = await requireApiUser(c)
  const input = c.req.valid('json')
  const idempotencyKey = input.idempotencyKey ?? c.req.header('Idempotency-Key')
  return c.json(await c.var.services.orderCancellations.create(v.user.id, c.req.valid('param').id, { ...input, idempotencyKey }, { origin: c.var.services.publicOrigin }), 201)
})
