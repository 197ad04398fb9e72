import { z } from '@hono/zod-openapi'

/** The error body every API answer that is not 2xx carries. */
export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: 'not_found' }),
      message: z.string(),
      fields: z.record(z.string(), z.array(z.string())).optional(),
    }),
  })
  .openapi('Error')

export const errorResponses = {
  422: { description: 'Invalid input', content: { 'application/json': { schema: ErrorSchema } } },
  500: { description: 'Unexpected failure', content: { 'application/json': { schema: ErrorSchema } } },
} as const
