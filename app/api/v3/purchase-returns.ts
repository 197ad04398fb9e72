// /api/v3/purchase_returns: a signed-in buyer returns items from their own order within the returns window;
// the refund goes to the card the order was paid with (what a gift card or store credit paid comes back as store credit). Idempotent by idempotencyKey (docs/decisions/024).
import { createRoute, z } from '@hono/zod-openapi'
import { RETURN_WINDOW_MONTHS, returnReasons } from '~/modules/shipping/shipping.validation'
import { requireApiUser } from '../auth'
import { createRouter } from '../openapi'
import { errorResponses } from '../schemas'
import { body, err, ok, privateJson } from './registry-schemas'

const tags = ['returns']

const PurchaseReturnSchema = z
  .object({
    id: z.string(),
    orderId: z.string(),
    status: z.enum(['pending', 'refunded', 'failed']),
    reason: z.string(),
    reasonLabel: z.string(),
    note: z.string(),
    itemsCents: z.number().int().openapi({ description: "The items' share of what was paid (after discount)" }),
    taxCents: z.number().int(),
    shippingCents: z.number().int().openapi({ description: 'Only when this return completes the whole order' }),
    refundCents: z.number().int(),
    card: z
      .object({ brand: z.string(), last4: z.string(), cents: z.number().int() })
      .nullable()
      .openapi({ description: 'What went back to the card the order was paid with; null when no card paid for it' }),
    creditCents: z.number().int().openapi({ description: 'What went back as store credit: the part a gift card or store credit paid' }),
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
  .openapi('PurchaseReturn')

const PurchaseReturnInputSchema = z
  .object({
    orderId: z.string().openapi({ example: '7d0f0e59-6a53-4a55-9d4e-4c1f3c6f2a10' }),
    idempotencyKey: z.string().openapi({ description: '8 to 80 characters; the same key returns the same return (one refund)' }),
    reason: z.enum(returnReasons.map((r) => r.id) as [string, ...string[]]),
    note: z.string().optional(),
    lines: z.array(z.object({ orderLineId: z.number().int(), quantity: z.number().int() })),
  })
  .openapi('PurchaseReturnInput')

const listReturns = createRoute({
  method: 'get',
  path: '/api/v3/purchase_returns',
  tags,
  summary: "The caller's purchase returns, newest first",
  responses: { 200: ok('Returns', z.object({ returns: z.array(PurchaseReturnSchema) })), 401: err('Not signed in'), 500: errorResponses[500] },
})

const createReturn = createRoute({
  method: 'post',
  path: '/api/v3/purchase_returns',
  tags,
  summary: 'Return items from one of your orders; the refund goes to the card it was paid with, the rest as store credit',
  description: `Within ${RETURN_WINDOW_MONTHS} months of delivery (or of the order date until delivered). 404 for someone else's order; 422 past the window, for more than is left to return, for gift cards or registry gifts, or for a reused key with other items; 409 when the order is not charged yet, an item has not shipped yet (it can be returned once it ships), or the processor refuses the refund (nothing is returned then).`,
  request: body(PurchaseReturnInputSchema),
  responses: {
    201: ok('Returned and refunded', PurchaseReturnSchema),
    401: err('Not signed in'),
    404: err("No such order, or not yours"),
    409: err('Not charged yet, an item not shipped yet, or the refund was refused'),
    ...errorResponses,
  },
})

export const purchaseReturnsRouter = createRouter()
privateJson(purchaseReturnsRouter, ['/api/v3/purchase_returns'])

purchaseReturnsRouter.openapi(listReturns, async (c) => {
  const v = await requireApiUser(c)
  return c.json({ returns: await c.var.services.purchaseReturns.list(v.user.id) }, 200)
})

purchaseReturnsRouter.openapi(createReturn, async (c) => {
  const v = await requireApiUser(c)
  return c.json(await c.var.services.purchaseReturns.create(v.user.id, c.req.valid('json'), { origin: c.var.services.publicOrigin }), 201)
})
