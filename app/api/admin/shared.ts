// What the admin call files share (no route imports here, so they can all import it).
import type { ApiViewer } from '../auth'
import type { createRouter } from '../openapi'
import { errorResponses } from '../schemas'
import { err } from '../v3/registry-schemas'

export type AdminRouter = ReturnType<typeof createRouter>

export const staffOnly = {
  401: err('Not signed in'),
  404: err('Not staff (the endpoint does not exist for you), or no such object'),
  ...errorResponses,
}

/** The staff member checked by the admin router's guard, per request. */
export const staffOf = new WeakMap<Request, ApiViewer>()
export const staffMember = (c: { req: { raw: Request } }) => staffOf.get(c.req.raw)!

/** The idempotency key from the body, else the Idempotency-Key header. */
export const keyOf = (header: string | undefined, bodyKey: unknown) => (typeof bodyKey === 'string' && bodyKey.trim() ? bodyKey : header)
