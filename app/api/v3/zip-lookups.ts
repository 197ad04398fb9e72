import { createRoute, z } from '@hono/zod-openapi'
import { apiError } from '../error-handler'
import { createRouter } from '../openapi'
import { ErrorSchema, errorResponses } from '../schemas'

const ZipPlaceSchema = z
  .object({
    zip: z.string().openapi({ example: '90210' }),
    city: z.string().openapi({ example: 'Beverly Hills' }),
    state: z.string().openapi({ example: 'CA' }),
  })
  .openapi('ZipLookup')

const lookup = createRoute({
  method: 'get',
  path: '/api/v3/zip_lookups',
  tags: ['accounts'],
  summary: 'City and state for a US ZIP code',
  description:
    'From the ZIP data file shipped with the app (US states, DC, territories and military codes). A ZIP+4 is cut to its first five digits. ' +
    'Needs no sign-in; answers are public and cached for a day.',
  request: { query: z.object({ zip: z.string().openapi({ example: '90210' }) }) },
  responses: {
    200: { description: 'Found', content: { 'application/json': { schema: ZipPlaceSchema } } },
    404: { description: 'Not a ZIP code we know', content: { 'application/json': { schema: ErrorSchema } } },
    ...errorResponses,
  },
})

export const zipLookupsRouter = createRouter()
zipLookupsRouter.openapi(lookup, (c) => {
  // Malformed ZIP codes throw invalid_input (422) from the service.
  const place = c.var.services.address.zipLookup(c.req.valid('query'))
  if (!place) {
    c.header('Cache-Control', 'public, max-age=3600')
    return c.json(apiError('not_found', 'We do not know that ZIP code. Check it, or enter the city and state yourself.'), 404)
  }
  c.header('Cache-Control', 'public, max-age=86400')
  return c.json(place, 200)
})
