// /api/v3/reg_items/{id}/reservations and /api/v3/reservations/...: guests reserve and buy without an
// account; the reservation's random UUID (in the giver's email link) is their key to it. Responses to
// givers never carry an email address; the owner's per-item list follows the surprise setting and, like the gift
// tracker, names gifts by their gift id (PATCH /api/v3/gifts/{id}), never by the giver's key.
import { createRoute, z } from '@hono/zod-openapi'
import { DomainError } from '~/lib/errors'
import { isSecureRequest } from '~/modules/accounts/auth.server'
import { reservationCookieWith } from '~/modules/registry/reservation-holder.server'
import { reservationMessages } from '~/modules/registry/reservations.service.server'
import { apiViewer, requireApiUser } from '../auth'
import { createRouter } from '../openapi'
import { errorResponses } from '../schemas'
import { GiverReservationSchema, TrackedGiftSchema, body, err, ok, positiveIdOf, privateJson, registryIdOf } from './registry-schemas'

const tags = ['reservations']

const ReserveBody = z
  .object({
    quantity: z.number().int().optional().openapi({ description: 'default 1; at most what the item still needs' }),
    giverName: z.string().optional().openapi({ example: 'Aunt June', description: 'required' }),
    giverEmail: z.string().optional().openapi({ example: 'june@example.com', description: 'required; the confirmation goes here' }),
    giftMessage: z.string().optional(),
    purchased: z.boolean().optional().openapi({ description: "true: 'I bought this elsewhere' (marked purchased at once)" }),
  })
  .openapi('ReserveRegItem')

const PatchReservationBody = z
  .object({
    status: z.literal('purchased').optional().openapi({ description: "'I bought it'" }),
    thankYouAddress: z
      .object({ name: z.string(), line1: z.string(), line2: z.string().optional(), city: z.string(), state: z.string(), zip: z.string() })
      .optional()
      .openapi({ description: "Marks every reservation of this giver on the registry as giftGiverThankYouAddressProvided" }),
    thankYouSent: z.boolean().optional().openapi({ description: "Not here: the owner ticks 'thank-you sent' with PATCH /api/v3/gifts/{id} (422)" }),
  })
  .openapi('UpdateReservation')

const GiftIdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '9b1f0c7e2d4a6b8c0e1f2a3b4c5d6e7f' }) })
const PatchGiftBody = z
  .object({
    thankYouSent: z.boolean().optional(),
    received: z.boolean().optional().openapi({ description: 'Item gifts only: a cash gift is received once charged (false is 409)' }),
  })
  .strict()
  .openapi('UpdateGift')
const thankYouSentMoved = "Tick 'thank-you sent' from the gift tracker: PATCH /api/v3/gifts/{id} with the gift's id."

const ReservationIdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '3f1c2a9e-8d0b-4c5e-9a7f-1b2c3d4e5f60' }) })
const ItemIdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) })
const Created = z
  .object({ id: z.string().uuid(), registryId: z.number().int(), quantity: z.number().int(), status: z.enum(['reserved', 'purchased']) })
  .openapi('ReservationCreated')

const itemReservations = createRoute({
  method: 'get',
  path: '/api/v3/reg_items/{id}/reservations',
  tags,
  summary: "The gifts of one item (the registry owner; empty while the surprise is on)",
  request: { params: ItemIdParam },
  responses: { 200: ok('Gifts', z.object({ reservations: z.array(TrackedGiftSchema) })), 401: err('Not signed in'), 404: err('No such item, or not yours'), ...errorResponses },
})

const reserve = createRoute({
  method: 'post',
  path: '/api/v3/reg_items/{id}/reservations',
  tags,
  summary: 'Reserve an item (or mark it bought elsewhere); no account needed',
  description: "One conditional update: when the item no longer needs that many, 409 with a message saying so. Signed-in givers find it at GET /api/v3/reservations. The answer adds the id to the caller's nestlist_reservations cookie, as the registry page does (that cookie, or being the signed-in giver, is what lets POST /api/v3/checkouts buy it).",
  request: { params: ItemIdParam, ...body(ReserveBody) },
  responses: { 201: ok('Reserved', Created), 404: err('No such item'), 409: err('Already reserved'), ...errorResponses },
})

const myReservations = createRoute({
  method: 'get',
  path: '/api/v3/reservations',
  tags,
  summary: "The signed-in giver's reservations, newest first",
  responses: { 200: ok('Reservations', z.object({ reservations: z.array(GiverReservationSchema) })), 401: err('Not signed in'), ...errorResponses },
})

const getReservation = createRoute({
  method: 'get',
  path: '/api/v3/reservations/{id}',
  tags,
  summary: 'One reservation (anyone holding its id, which is in the giver’s email link)',
  request: { params: ReservationIdParam },
  responses: { 200: ok('Reservation', GiverReservationSchema), 404: err('No such reservation'), ...errorResponses },
})

const patchReservation = createRoute({
  method: 'patch',
  path: '/api/v3/reservations/{id}',
  tags,
  summary: "Mark bought ('I bought it') or leave a thank-you address (anyone holding the reservation's id)",
  request: { params: ReservationIdParam, ...body(PatchReservationBody) },
  responses: { 200: ok('Reservation after the change', GiverReservationSchema), 404: err('No such reservation'), 409: err('Cancelled'), ...errorResponses },
})

const patchGift = createRoute({
  method: 'patch',
  path: '/api/v3/gifts/{id}',
  tags,
  summary: "Tick 'received' or 'thank-you sent' on a gift of the gift tracker (the registry's owner and collaborators)",
  description:
    "The id is the gift tracker's (`TrackedGift.id`), not the giver's reservation id: that one is the giver's key and is never shown to " +
    'the owner. 404 for anyone who does not manage the registry, for unknown ids, and while the surprise is on.',
  request: { params: GiftIdParam, ...body(PatchGiftBody) },
  responses: { 200: ok('The gift after the change', TrackedGiftSchema), 401: err('Not signed in'), 404: err('No such gift, or not yours'), ...errorResponses },
})

const askForAddress = createRoute({
  method: 'post',
  path: '/api/v3/gifts/{id}/address_requests',
  tags,
  summary: "'Ask for their address': email the giver of an item gift a link to add a thank-you address",
  description:
    'For item gifts with no thank-you address, at most once a day per gift (409 says when the family may ask again). The giver adds the ' +
    'address on their gift page; the family sees it in the tracker. 404 as for PATCH /api/v3/gifts/{id}.',
  request: { params: GiftIdParam },
  responses: {
    200: ok('The gift after the request (addressRequestedAt set)', TrackedGiftSchema),
    401: err('Not signed in'),
    404: err('No such gift, or not yours'),
    409: err('A cash gift, an address already given, or asked in the last 24 hours'),
    ...errorResponses,
  },
})

const deleteReservation = createRoute({
  method: 'delete',
  path: '/api/v3/reservations/{id}',
  tags,
  summary: 'Unreserve: the gift goes back to the registry (purchases cannot be unreserved: 409)',
  request: { params: ReservationIdParam },
  responses: { 204: { description: 'Unreserved (also when it already was)' }, 404: err('No such reservation'), 409: err('Already bought'), ...errorResponses },
})

const recover = createRoute({
  method: 'post',
  path: '/api/v3/reservations/{id}/recover',
  tags,
  summary: 'Undo an unreserve, when the item still needs that many (409 otherwise)',
  request: { params: ReservationIdParam },
  responses: { 200: ok('Reserved again', GiverReservationSchema), 404: err('No such reservation'), 409: err('Already reserved by someone else'), ...errorResponses },
})

const reveal = createRoute({
  method: 'post',
  path: '/api/v3/reservations/reveal',
  tags,
  summary: "End 'keep it a surprise' now (owner): the gift tracker shows who gave what",
  request: body(z.object({ registryId: z.union([z.string(), z.number().int()]).openapi({ example: '483920175630' }) }).openapi('RevealSurprise')),
  responses: { 200: ok('Surprise ended', z.object({ surprise: z.literal(false) })), 401: err('Not signed in'), 404: err('No such registry, or not yours'), ...errorResponses },
})

export const reservationsRouter = createRouter()
privateJson(reservationsRouter, ['/api/v3/reg_items/*', '/api/v3/reservations', '/api/v3/reservations/*', '/api/v3/gifts/*'])

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const reservationIdOf = (raw: string) => {
  if (!UUID.test(raw)) throw new DomainError('not_found', reservationMessages.notFound)
  return raw.toLowerCase()
}

reservationsRouter.openapi(itemReservations, async (c) => {
  const v = await requireApiUser(c)
  const itemId = positiveIdOf(c.req.valid('param').id, reservationMessages.itemGone)
  return c.json({ reservations: await c.var.services.giftTracker.forItem(itemId, v.user.id) }, 200)
})

reservationsRouter.openapi(reserve, async (c) => {
  const itemId = positiveIdOf(c.req.valid('param').id, reservationMessages.itemGone)
  const { purchased, ...input } = c.req.valid('json')
  const v = await apiViewer(c)
  const reservations = c.var.services.reservations
  const made = purchased ? await reservations.boughtElsewhere(itemId, input, v?.user.id) : await reservations.reserve(itemId, input, v?.user.id)
  // The giver's confirmation email and the family's notice are sent by the service, as for the registry page.
  // As the registry page does: this client's reservation cookie now holds it (its 'You reserved this', and the
  // right to check it out through POST /api/v3/checkouts; reservation-holder.server.ts).
  c.header('Set-Cookie', reservationCookieWith(c.req.header('Cookie'), made.id, isSecureRequest(c.req.raw, c.var.publicUrl)), { append: true })
  return c.json({ ...made, status: purchased ? ('purchased' as const) : ('reserved' as const) }, 201)
})

reservationsRouter.openapi(myReservations, async (c) => {
  const v = await requireApiUser(c)
  return c.json({ reservations: await c.var.services.reservations.forUser(v.user) }, 200)
})

reservationsRouter.openapi(reveal, async (c) => {
  const v = await requireApiUser(c)
  await c.var.services.registry.revealSurprise(registryIdOf(String(c.req.valid('json').registryId)), v.user.id)
  return c.json({ surprise: false as const }, 200)
})

reservationsRouter.openapi(getReservation, async (c) => {
  return c.json(await c.var.services.reservations.forGiver(reservationIdOf(c.req.valid('param').id)), 200)
})

reservationsRouter.openapi(patchReservation, async (c) => {
  const id = reservationIdOf(c.req.valid('param').id)
  const patch = c.req.valid('json')
  const reservations = c.var.services.reservations
  if (patch.thankYouSent !== undefined) throw new DomainError('invalid_input', thankYouSentMoved, { fields: { thankYouSent: [thankYouSentMoved] } })
  if (patch.thankYouAddress !== undefined) await reservations.setThankYouAddress(id, patch.thankYouAddress)
  if (patch.status === 'purchased') await reservations.markPurchased(id)
  return c.json(await reservations.forGiver(id), 200)
})

reservationsRouter.openapi(patchGift, async (c) => {
  const v = await requireApiUser(c)
  return c.json(await c.var.services.giftTracker.update(c.req.valid('param').id, v.user.id, c.req.valid('json')), 200)
})

reservationsRouter.openapi(askForAddress, async (c) => {
  const v = await requireApiUser(c)
  return c.json(await c.var.services.giftTracker.askForAddress(c.req.valid('param').id, v.user.id), 200)
})

reservationsRouter.openapi(deleteReservation, async (c) => {
  await c.var.services.reservations.unreserve(reservationIdOf(c.req.valid('param').id))
  return c.body(null, 204)
})

reservationsRouter.openapi(recover, async (c) => {
  const id = reservationIdOf(c.req.valid('param').id)
  await c.var.services.reservations.recover(id)
  return c.json(await c.var.services.reservations.forGiver(id), 200)
})
