// /bl_admin/api reservation calls (spec §7 'Admin': reservation_reminders, cancel_reservation,
// unpurchase_reservation; docs/decisions/013, amendment h15): the same service as the /admin/reservations page.
import { createRoute, z } from '@hono/zod-openapi'
import { body, err, ok } from '../v3/registry-schemas'
import { type AdminRouter, staffOnly } from './shared'

const tags = ['admin']

const ReservationSchema = z
  .object({
    id: z.string().uuid(),
    status: z.enum(['reserved', 'purchased', 'cancelled']),
    source: z.enum(['reserved', 'bought_elsewhere', 'nestlist_order']).openapi({
      description: 'nestlist_order: bought in the Nestlist shop (an order; cancel or return it there)',
    }),
    quantity: z.number().int(),
    giverName: z.string(),
    giverEmail: z.string(),
    itemTitle: z.string(),
    itemRemoved: z.boolean(),
    registry: z.object({
      id: z.number().int(),
      slug: z.string(),
      familyName: z.string(),
    }),
    createdAt: z.string(),
    purchasedAt: z.string().nullable(),
    remindedAt: z.string().nullable().openapi({
      description: 'when the giver was last asked whether they bought it',
    }),
  })
  .openapi('AdminReservation')

const ReservationIdBody = z.object({
  reservationId: z.string().openapi({ example: '3f1c2a9e-8d0b-4c5e-9a7f-1b2c3d4e5f60' }),
})

const findReservations = createRoute({
  method: 'get',
  path: '/bl_admin/api/reservations',
  tags,
  summary: "Find reservations by the giver's email, or a registry's id or link name (newest 50)",
  request: {
    query: z.object({
      q: z.string().optional().openapi({ example: 'grandma@example.com' }),
    }),
  },
  responses: {
    200: ok('Reservations', z.object({ reservations: z.array(ReservationSchema) })),
    ...staffOnly,
  },
})

const sendReminder = createRoute({
  method: 'post',
  path: '/bl_admin/api/reservation_reminders',
  tags,
  summary: "Ask a giver now whether they bought a gift they reserved ('I bought it' and 'give it back' links)",
  description: 'Only for a gift still reserved and not bought; not twice within a day (409). Givers are also asked once, automatically, a week after reserving.',
  request: body(ReservationIdBody.openapi('AdminReservationReminder')),
  responses: {
    201: ok('Reminded', ReservationSchema),
    409: err('Not reserved any more, or reminded less than a day ago'),
    ...staffOnly,
  },
})

const cancelReservation = createRoute({
  method: 'post',
  path: '/bl_admin/api/cancel_reservation',
  tags,
  summary: 'Release a reserved gift back to the registry; the giver is emailed the reason',
  request: body(
    ReservationIdBody.extend({
      reason: z.string().openapi({
        example: 'The family asked; the giver could not be reached',
      }),
    }).openapi('AdminCancelReservation'),
  ),
  responses: {
    200: ok('Released', ReservationSchema),
    409: err('Already bought or already released'),
    ...staffOnly,
  },
})

const unpurchaseReservation = createRoute({
  method: 'post',
  path: '/bl_admin/api/unpurchase_reservation',
  tags,
  summary: 'Set a gift marked bought by mistake back to reserved by the same giver',
  description: 'Not for gifts bought in the Nestlist shop (they are orders: cancel or return them), nor for items taken off the registry (409).',
  request: body(ReservationIdBody.openapi('AdminUnpurchaseReservation')),
  responses: {
    200: ok('Reserved again', ReservationSchema),
    409: err('Not marked bought, bought in the shop, or the item is gone'),
    ...staffOnly,
  },
})

/** Registers the reservation calls on the admin router (app/api/admin/router.ts). */
export function registerReservationRoutes(router: AdminRouter) {
  router.openapi(findReservations, async (c) => {
    return c.json(
      {
        reservations: await c.var.services.reservationSupport.find(c.req.valid('query').q ?? ''),
      },
      200,
    )
  })

  router.openapi(sendReminder, async (c) => {
    return c.json(await c.var.services.reservationSupport.remindNow(c.req.valid('json').reservationId), 201)
  })

  router.openapi(cancelReservation, async (c) => {
    return c.json(await c.var.services.reservationSupport.release(c.req.valid('json')), 200)
  })

  router.openapi(unpurchaseReservation, async (c) => {
    return c.json(await c.var.services.reservationSupport.unpurchase(c.req.valid('json').reservationId), 200)
  })
}
