// /api/v3/payment_methods: the signed-in shopper's saved cards (docs/decisions/026). The card processor keeps
// the card and answers a token; we answer the brand, last four and expiry only. Another account's card is 404.
// State-changing calls from a browser are checked for CSRF like every other (server/app.ts).
import { createRoute, z } from '@hono/zod-openapi'
import { cardLabel, type PaymentMethodView } from '~/modules/payments/payment-methods.validation'
import { requireApiUser } from '../auth'
import { createRouter } from '../openapi'
import { errorResponses } from '../schemas'
import { body, err, ok, privateJson } from './registry-schemas'

const tags = ['payment methods']

const PaymentMethodSchema = z
  .object({
    id: z.string().uuid(),
    brand: z.string().openapi({ example: 'Visa' }),
    last4: z.string().openapi({ example: '4242' }),
    expMonth: z.number().int().openapi({ example: 12 }),
    expYear: z.number().int().openapi({ example: 2029 }),
    isDefault: z.boolean(),
    expired: z.boolean().openapi({ description: 'past its expiry month: it cannot pay' }),
    label: z.string().openapi({ example: 'Visa ending in 4242, expires 12/29' }),
    createdAt: z.string().datetime(),
  })
  .openapi('PaymentMethod')

const SaveCardBody = z
  .object({
    number: z.string().openapi({ example: '4242 4242 4242 4242', description: 'sent to the card processor, never stored by Nestlist' }),
    expMonth: z.number().int().openapi({ example: 12 }),
    expYear: z.number().int().openapi({ example: 2029 }),
    cvc: z.string().openapi({ example: '123', description: 'checked, never stored' }),
    makeDefault: z.boolean().optional().openapi({ description: 'make it the default card (the first card always is)' }),
  })
  .openapi('SavePaymentMethod')

const IdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '3f1c2a9e-8d0b-4c5e-9a7f-1b2c3d4e5f60' }) })

const toJson = (m: PaymentMethodView) => ({ ...m, label: cardLabel(m) })

const listRoute = createRoute({
  method: 'get',
  path: '/api/v3/payment_methods',
  tags,
  summary: "The signed-in shopper's saved cards, the default first",
  responses: { 200: ok('Saved cards', z.object({ paymentMethods: z.array(PaymentMethodSchema) })), 401: err('Not signed in'), ...errorResponses },
})

const saveRoute = createRoute({
  method: 'post',
  path: '/api/v3/payment_methods',
  tags,
  summary: 'Save a card',
  description:
    'The card processor checks the card and keeps it; Nestlist keeps its token, brand, last four and expiry. Test mode saves only test cards ' +
    '(4242… charges; a saved 4000 0000 0000 0002 is declined and 4000 0000 0000 9995 has insufficient funds when charged). The same card saved again answers 200 with the saved one.',
  request: body(SaveCardBody),
  responses: { 201: ok('Saved', PaymentMethodSchema), 200: ok('Already saved', PaymentMethodSchema), 401: err('Not signed in'), ...errorResponses, 422: err('Invalid card, or refused by the processor') },
})

const updateRoute = createRoute({
  method: 'patch',
  path: '/api/v3/payment_methods/{id}',
  tags,
  summary: 'Make a saved card the default',
  request: { params: IdParam, ...body(z.object({ isDefault: z.literal(true) }).openapi('UpdatePaymentMethod')) },
  responses: { 200: ok('Updated', PaymentMethodSchema), 401: err('Not signed in'), 404: err('No such card, or not yours'), ...errorResponses, 422: err('Expired cards cannot be the default') },
})

const deleteRoute = createRoute({
  method: 'delete',
  path: '/api/v3/payment_methods/{id}',
  tags,
  summary: 'Remove a saved card (the processor forgets it: it can never be charged again)',
  request: { params: IdParam },
  responses: { 204: { description: 'Removed' }, 401: err('Not signed in'), 404: err('No such card, or not yours'), ...errorResponses },
})

export const paymentMethodsRouter = createRouter()
privateJson(paymentMethodsRouter, ['/api/v3/payment_methods', '/api/v3/payment_methods/*'])

paymentMethodsRouter.openapi(listRoute, async (c) => {
  const v = await requireApiUser(c)
  return c.json({ paymentMethods: (await c.var.services.paymentMethods.list(v.user.id)).map(toJson) }, 200)
})

paymentMethodsRouter.openapi(saveRoute, async (c) => {
  const v = await requireApiUser(c)
  const { makeDefault, ...card } = c.req.valid('json')
  const { method, created } = await c.var.services.paymentMethods.save(v.user.id, card, { makeDefault })
  return c.json(toJson(method), created ? 201 : 200)
})

paymentMethodsRouter.openapi(updateRoute, async (c) => {
  const v = await requireApiUser(c)
  return c.json(toJson(await c.var.services.paymentMethods.makeDefault(v.user.id, c.req.valid('param').id)), 200)
})

paymentMethodsRouter.openapi(deleteRoute, async (c) => {
  const v = await requireApiUser(c)
  await c.var.services.paymentMethods.remove(v.user.id, c.req.valid('param').id)
  return c.body(null, 204)
})
