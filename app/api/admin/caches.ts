// /bl_admin/api/cache_refreshes (spec §7 'Admin'; docs/decisions/028, amendment h16): staff see the shop's
// in-process copies (listing index, anonymous pages, shared catalogue reads) and drop them all after an edit.
import { createRoute, z } from '@hono/zod-openapi'
import { ok } from '../v3/registry-schemas'
import { type AdminRouter, staffMember, staffOnly } from './shared'

const tags = ['admin']

const Figures = z.object({
  entries: z.number().int(),
  bytes: z.number().int().optional(),
  hits: z.number().int(),
  misses: z.number().int(),
})

const RefreshSchema = z
  .object({
    refreshedAt: z.string(),
    byStaffId: z.number().int(),
    ms: z.number().int().openapi({ description: 'how long the reload of the listing index took' }),
    products: z.number().int().openapi({ description: 'products in the listing index after the refresh (0 while listings come from SQL)' }),
  })
  .openapi('AdminCacheRefresh')

const StatusSchema = z
  .object({
    index: z.object({
      ready: z.boolean(),
      listening: z.boolean().openapi({ description: 'following the database change feed now' }),
      products: z.number().int(),
      loadedAt: z.string().nullable(),
    }),
    pages: Figures.nullable().openapi({ description: 'the anonymous page cache (null when PAGE_CACHE_MB is 0 or the server runs without it)' }),
    reads: Figures.openapi({ description: 'catalog reads shared between requests' }),
    lastRefresh: RefreshSchema.nullable(),
  })
  .openapi('AdminShopCaches')

const showCaches = createRoute({
  method: 'get',
  path: '/bl_admin/api/cache_refreshes',
  tags,
  summary: "The shop's copies now (listing index, anonymous pages, shared reads) and the last refresh",
  responses: {
    200: ok('Caches', StatusSchema),
    ...staffOnly,
  },
})

const refreshCaches = createRoute({
  method: 'post',
  path: '/bl_admin/api/cache_refreshes',
  tags,
  summary: 'Drop every copy of shop content now: the listing index reloads, pages and the navbar are read afresh',
  description:
    'Catalog edits (products, prices, brands, categories) already show at once through the change feed. Guides, reviews, FAQs and stock counts show within ~20 s on their own; this shows them on the next request. Answers when the listing index has reloaded.',
  responses: {
    201: ok('Refreshed', z.object({ refresh: RefreshSchema, caches: StatusSchema })),
    ...staffOnly,
  },
})

/** Registers the cache calls on the admin router (app/api/admin/router.ts). */
export function registerCacheRoutes(router: AdminRouter) {
  router.openapi(showCaches, (c) => c.json(c.var.services.shopCaches.status(), 200))

  router.openapi(refreshCaches, async (c) => {
    const refresh = await c.var.services.shopCaches.refresh(staffMember(c).user.id)
    return c.json({ refresh, caches: c.var.services.shopCaches.status() }, 201)
  })
}
