import { createRoute, z } from '@hono/zod-openapi'
import { bodyLimit } from 'hono/body-limit'
import { MAX_BATCH_BYTES } from '~/modules/analytics/analytics.events'
import { eventBatchInput } from '~/modules/analytics/analytics.validation'
import { apiError } from '../error-handler'
import { createRouter } from '../openapi'
import { ErrorSchema, errorResponses } from '../schemas'

const record = createRoute({
  method: 'post',
  path: '/api/v3/events',
  tags: ['analytics'],
  summary: 'Record a batch of analytics events',
  description:
    'Sent by the shop front end (navigator.sendBeacon or fetch keepalive). Each event is validated against its own schema; ' +
    'an unknown event name or an invalid field refuses the whole batch with 422. Bodies over 32 KB answer 413.',
  request: { body: { required: true, content: { 'application/json': { schema: eventBatchInput } } } },
  responses: {
    202: { description: 'Stored', content: { 'application/json': { schema: z.object({ accepted: z.number().int() }) } } },
    413: { description: 'Body too large', content: { 'application/json': { schema: ErrorSchema } } },
    ...errorResponses,
  },
})

export const eventsRouter = createRouter()
eventsRouter.use(
  '/api/v3/events',
  bodyLimit({
    maxSize: MAX_BATCH_BYTES,
    onError: (c) => c.json(apiError('payload_too_large', `An events batch is at most ${MAX_BATCH_BYTES} bytes.`), 413),
  }),
)
eventsRouter.openapi(record, async (c) => {
  // No caching, and nothing for the beacon to read beyond the count.
  c.header('Cache-Control', 'no-store')
  return c.json(await c.var.services.analytics.record(c.req.valid('json')), 202)
})
