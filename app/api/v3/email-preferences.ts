import { createRoute, z } from '@hono/zod-openapi'
import { bodyLimit } from 'hono/body-limit'
import { emailPreferencesInput } from '~/modules/accounts/email-preferences.validation'
import { requireApiUser } from '../auth'
import { apiError } from '../error-handler'
import { createRouter } from '../openapi'
import { ErrorSchema, errorResponses } from '../schemas'

const err = (description: string) => ({ description, content: { 'application/json': { schema: ErrorSchema } } })

const PreferencesSchema = z
  .object({
    categories: z.array(
      z.object({
        id: z.string().openapi({ example: 'shop_offers' }),
        label: z.string(),
        description: z.string(),
        optional: z.boolean().openapi({ description: 'False for account and order email, which is always sent.' }),
        subscribed: z.boolean(),
      }),
    ),
    registryActivityDelivery: z.enum(['instant', 'daily']).openapi({ description: "Registry activity: 'instant' (each gift as it happens) or 'daily' (one digest a day)." }),
  })
  .openapi('EmailPreferences')

const PATH = '/api/v3/restricted/email_preferences'

const getPreferences = createRoute({
  method: 'get',
  path: PATH,
  tags: ['accounts'],
  summary: "The signed-in user's email categories and whether each is on",
  responses: {
    200: { description: 'Preferences', content: { 'application/json': { schema: PreferencesSchema } } },
    401: err('Not signed in'),
    ...errorResponses,
  },
})

const putPreferences = createRoute({
  method: 'put',
  path: PATH,
  tags: ['accounts'],
  summary: 'Choose which optional email categories to get',
  description:
    'Send every category you want in `subscribed`; optional categories left out are turned off. Required categories (account, orders) ' +
    'stay on whatever is sent. An unknown category answers 422 and changes nothing.',
  request: { body: { required: true, content: { 'application/json': { schema: emailPreferencesInput } } } },
  responses: {
    200: { description: 'Preferences after the change', content: { 'application/json': { schema: PreferencesSchema } } },
    401: err('Not signed in'),
    ...errorResponses,
  },
})

export const emailPreferencesRouter = createRouter()
emailPreferencesRouter.use(
  PATH,
  bodyLimit({ maxSize: 4 * 1024, onError: (c) => c.json(apiError('payload_too_large', 'The request body is too large.'), 413) }),
)
emailPreferencesRouter.use(PATH, async (c, next) => {
  await next()
  c.header('Cache-Control', 'no-store')
})

emailPreferencesRouter.openapi(getPreferences, async (c) => {
  const v = await requireApiUser(c)
  const prefs = c.var.services.emailPreferences
  return c.json({ categories: await prefs.preferences(v.user.id), registryActivityDelivery: await prefs.registryActivityDelivery(v.user.id) }, 200)
})

emailPreferencesRouter.openapi(putPreferences, async (c) => {
  const v = await requireApiUser(c)
  const prefs = c.var.services.emailPreferences
  const categories = await prefs.update(v.user.id, c.req.valid('json'))
  return c.json({ categories, registryActivityDelivery: await prefs.registryActivityDelivery(v.user.id) }, 200)
})
