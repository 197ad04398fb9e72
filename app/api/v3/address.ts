import { createRoute, z } from '@hono/zod-openapi'
import { bodyLimit } from 'hono/body-limit'
import type { SavedAddress } from '~/modules/accounts/address.service.server'
import { addressInput } from '~/modules/accounts/address.validation'
import { requireApiUser } from '../auth'
import { apiError } from '../error-handler'
import { createRouter } from '../openapi'
import { ErrorSchema, errorResponses } from '../schemas'

const err = (description: string) => ({ description, content: { 'application/json': { schema: ErrorSchema } } })

const AddressSchema = z
  .object({
    name: z.string(),
    line1: z.string(),
    line2: z.string(),
    city: z.string(),
    state: z.string().openapi({ example: 'CA' }),
    stateName: z.string().openapi({ example: 'California' }),
    zip: z.string().openapi({ example: '90210' }),
    phone: z.string().openapi({ example: '(212) 555-0142' }),
    updatedAt: z.string(),
  })
  .openapi('Address')

const toJson = (a: SavedAddress) => ({ ...a, updatedAt: a.updatedAt.toISOString() })

const getAddress = createRoute({
  method: 'get',
  path: '/api/v3/address',
  tags: ['accounts'],
  summary: "The signed-in user's saved shipping address",
  responses: {
    200: { description: 'The address', content: { 'application/json': { schema: AddressSchema } } },
    401: err('Not signed in'),
    404: err('No address saved yet'),
    ...errorResponses,
  },
})

const putAddress = createRoute({
  method: 'put',
  path: '/api/v3/address',
  tags: ['accounts'],
  summary: "Save (create or replace) the signed-in user's shipping address",
  description:
    'US addresses only. The ZIP code is 12345 or 12345-6789. City and state may be empty when the ZIP code is known: they are filled ' +
    'from the ZIP data. A known ZIP code in another state than the one given answers 422 with a message on `zip`. ' +
    'The phone is optional; any usual US spelling is stored as (212) 555-0142.',
  request: { body: { required: true, content: { 'application/json': { schema: addressInput } } } },
  responses: {
    200: { description: 'Saved', content: { 'application/json': { schema: AddressSchema } } },
    401: err('Not signed in'),
    ...errorResponses,
  },
})

const deleteAddress = createRoute({
  method: 'delete',
  path: '/api/v3/address',
  tags: ['accounts'],
  summary: "Delete the signed-in user's shipping address",
  responses: { 204: { description: 'Deleted (also when there was none)' }, 401: err('Not signed in'), ...errorResponses },
})

export const addressRouter = createRouter()
addressRouter.use(
  '/api/v3/address',
  bodyLimit({ maxSize: 8 * 1024, onError: (c) => c.json(apiError('payload_too_large', 'The request body is too large.'), 413) }),
)
addressRouter.use('/api/v3/address', async (c, next) => {
  await next()
  // Personal data: never stored by a shared cache or the browser's back/forward cache of another user.
  c.header('Cache-Control', 'no-store')
})

addressRouter.openapi(getAddress, async (c) => {
  const v = await requireApiUser(c)
  const address = await c.var.services.address.get(v.user.id)
  if (!address) return c.json(apiError('not_found', 'You have not saved a shipping address yet.'), 404)
  return c.json(toJson(address), 200)
})

addressRouter.openapi(putAddress, async (c) => {
  const v = await requireApiUser(c)
  return c.json(toJson(await c.var.services.address.save(v.user.id, c.req.valid('json'))), 200)
})

addressRouter.openapi(deleteAddress, async (c) => {
  const v = await requireApiUser(c)
  await c.var.services.address.remove(v.user.id)
  return c.body(null, 204)
})
