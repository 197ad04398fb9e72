// /bl_admin/api: the spec's admin calls (spec §7 'Admin'), staff only. 401 without a session; 404 for a signed-in
// user who is not staff, decided before the body or query is validated (never a 422 that describes an admin call).
import { requireApiStaff } from '../auth'
import { createRouter } from '../openapi'
import { privateJson } from '../v3/registry-schemas'
import { registerCacheRoutes } from './caches'
import { registerGiftCardRoutes } from './gift-cards'
import { registerReservationRoutes } from './reservations'
import { staffOf } from './shared'

export function createAdminRouter() {
  const router = createRouter()
  privateJson(router, ['/bl_admin/api/*'])
  router.use('/bl_admin/api/*', async (c, next) => {
    staffOf.set(c.req.raw, await requireApiStaff(c))
    await next()
  })
  registerGiftCardRoutes(router)
  registerReservationRoutes(router)
  registerCacheRoutes(router)
  return router
}
