// /api/v3/registries/...: the owner's registries and their items and categories, and the guest view.
// Owner endpoints are open to the owner and the registry's collaborators (registry-access decides); they
// answer 401 to anonymous callers and 404 to anyone else (never 403, which would confirm that the registry
// exists). Deleting the registry is the owner's alone: a collaborator gets 403. Guest-readable ones return the guest shapes, which have no
// field for the owner's address or email or for who gave what.
import { createRoute, z } from '@hono/zod-openapi'
import { filterGifts, giftFilterOf } from '~/modules/registry/gift-tracker.server'
import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { VISITOR_RESERVATIONS_COOKIE } from '~/modules/registry/reservation-holder.server'
import QRCode from 'qrcode'
import { DomainError } from '~/lib/errors'
import { registryMessages } from '~/modules/registry/registry.service.server'
import { apiViewer, requireApiUser } from '../auth'
import { createRouter } from '../openapi'
import { errorResponses } from '../schemas'
import type { AppEnv } from '../types'
import {
  GuestCategorySchema,
  GuestItemSchema,
  OwnerCategorySchema,
  OwnerItemSchema,
  OwnerRegistrySchema,
  PostalAddressSchema,
  RegistryIdParam,
  RegistryViewSchema,
  SetupGoalSchema,
  TrackedGiftSchema,
  body,
  err,
  ok,
  origin,
  positiveIdOf,
  privateJson,
  registryIdOf,
} from './registry-schemas'

const tags = ['registries']
const notYours = err('No such registry, or not yours')
const owner401 = { 401: err('Not signed in'), 404: notYours, ...errorResponses }


// Edge shapes: types only. The registry service validates the content and answers with the messages
// the pages show (422 with fields), so the API and the forms say the same thing.
const CreateRegistryBody = z
  .object({
    registryType: z.string().optional().openapi({ example: 'baby', description: 'baby, birthday or holiday (required)' }),
    title: z.string().optional().openapi({ example: 'Baby Rivera', description: 'required, at most 80 characters' }),
    familyName: z.string().optional().openapi({ example: 'Maya & Leo Rivera', description: 'required; the names guests see' }),
    slug: z.string().optional().openapi({ example: 'maya-and-leo', description: 'required; unique web address /{slug}' }),
    arrivalDate: z.string().optional().openapi({ example: '2026-11-02', description: 'YYYY-MM-DD; required for baby registries unless isArrivalDateKnown is false' }),
    isArrivalDateKnown: z.boolean().optional(),
    planningStage: z.string().optional().openapi({ description: 'pregnant, adopting, surrogate, fostering or conceiving' }),
    expecting: z.string().optional().openapi({ description: 'girl, boy, unknown or notFindingOut' }),
    showerDate: z.string().optional(),
    guestCount: z.string().optional().openapi({ description: '1-10, 11-20, 21-30, 31-40, 41-50 or 50+' }),
    guestTypes: z.array(z.string()).optional(),
  })
  .openapi('CreateRegistry')

const PatchRegistryBody = z
  .object({
    title: z.string().optional(),
    familyName: z.string().optional(),
    slug: z.string().optional(),
    welcomeNote: z.string().optional(),
    arrivalDate: z.string().nullable().optional(),
    isArrivalDateKnown: z.boolean().optional(),
    planningStage: z.string().optional(),
    surprise: z.boolean().optional(),
    surpriseRevealDate: z.string().nullable().optional(),
    searchLevel: z.enum(['nestlist', 'private', 'google']).optional().openapi({ description: "google is the spec's 'public'" }),
    shippingAddress: z
      .object({ name: z.string(), line1: z.string(), line2: z.string().optional(), city: z.string(), state: z.string(), zip: z.string() })
      .nullable()
      .optional()
      .openapi({ description: 'null removes it' }),
  })
  .openapi('UpdateRegistry')

const AddItemBody = z
  .object({
    productId: z.number().int().openapi({ description: 'a product from the shop (required)' }),
    quantity: z.number().int().optional().openapi({ description: '1 to 99, default 1' }),
    note: z.string().optional(),
    mostWanted: z.boolean().optional(),
    categoryId: z.number().int().optional().openapi({ description: 'one of this registry’s categories; default: the default category' }),
    options: z.record(z.string(), z.string()).optional(),
  })
  .openapi('AddRegItem')

const PatchItemBody = z
  .object({
    quantity: z.number().int().optional(),
    note: z.string().optional(),
    mostWanted: z.boolean().optional(),
    categoryId: z.number().int().optional(),
    position: z.number().int().optional(),
    removed: z.literal(false).optional().openapi({ description: 'false puts a removed item back' }),
  })
  .openapi('UpdateRegItem')

const CategoryBody = z.object({ title: z.string().openapi({ example: 'Nursery' }) }).openapi('RegistryCategoryInput')
const PatchCategoryBody = z
  .object({ title: z.string().optional(), position: z.number().int().min(0).optional().openapi({ description: 'moves the category to this place (0 is first)' }) })
  .openapi('UpdateRegistryCategory')

const ItemParams = RegistryIdParam.extend({ itemId: z.string().openapi({ param: { name: 'itemId', in: 'path' } }) })
const CategoryParams = RegistryIdParam.extend({ c: z.string().openapi({ param: { name: 'c', in: 'path' } }) })
const ViewQuery = z.object({
  view: z.enum(['guest']).optional().openapi({ description: 'guest: what guests see, also for the owner' }),
  show: z.enum(['all', 'to-thank', 'thanked']).optional().openapi({ description: "The owner's tracker: gifts still to thank, or thanked (default all)" }),
  kind: z.enum(['all', 'items', 'cash', 'group']).optional().openapi({ description: "The owner's tracker: item gifts, cash fund gifts or group-gift chip-ins (default all)" }),
  received: z.enum(['no']).optional().openapi({ description: "no: only gifts not marked received yet" }),
})

const GuestQuantitiesSchema = z.object({
  view: z.literal('guest'),
  items: z.array(z.object({ regItemId: z.number().int(), quantityNeeded: z.number().int(), quantityStillNeeded: z.number().int() })),
})
const TrackerSchema = z.object({
  view: z.literal('owner'),
  surpriseActive: z.boolean(),
  gifts: z.array(TrackedGiftSchema),
  counts: z
    .object({ gifts: z.number().int(), thankYouSent: z.number().int(), toThank: z.number().int(), notReceived: z.number().int() })
    .openapi({ description: 'Over every gift, whatever the filters' }),
})

export const SORT_OPTIONS = [
  { label: 'Featured', value: '' },
  { label: 'Most Wanted', value: 'most_wanted' },
  { label: 'Price Low to High', value: 'price_asc' },
  { label: 'Price High to Low', value: 'price_desc' },
] as const

// ---- routes -------------------------------------------------------------------------------------

const listRegistries = createRoute({
  method: 'get',
  path: '/api/v3/registries',
  tags,
  summary: "The registries the signed-in user manages: their own (newest first), then those they collaborate on",
  responses: {
    200: ok(
      'Registries',
      z.object({
        registries: z.array(
          z.object({ id: z.number().int(), ownerId: z.number().int(), registryType: z.string(), slug: z.string(), title: z.string(), role: z.enum(['owner', 'collaborator']) }),
        ),
      }),
    ),
    401: err('Not signed in'),
    ...errorResponses,
  },
})

const createRegistry = createRoute({
  method: 'post',
  path: '/api/v3/registries',
  tags,
  summary: 'Create a registry for the signed-in user',
  description: 'It starts with the default categories of its type. A taken slug answers 409 with a message on `slug`.',
  request: body(CreateRegistryBody),
  responses: { 201: ok('Created: the owner view', OwnerRegistrySchema), 401: err('Not signed in'), 409: err('Slug taken'), ...errorResponses },
})

const getRegistry = createRoute({
  method: 'get',
  path: '/api/v3/registries/{id}',
  tags,
  summary: 'A registry: the owner view for its owner, the guest view for anyone else',
  description: 'The guest view never carries the shipping address (city and state only), the owner’s email or who gave what. ?view=guest shows the owner what guests see.',
  request: { params: RegistryIdParam, query: ViewQuery },
  responses: { 200: ok('The registry', RegistryViewSchema), 404: err('No such registry'), ...errorResponses },
})

const patchRegistry = createRoute({
  method: 'patch',
  path: '/api/v3/registries/{id}',
  tags,
  summary: 'Change settings, visibility or the shipping address (owner or collaborator)',
  description: 'Fields left out keep their values.',
  request: { params: RegistryIdParam, ...body(PatchRegistryBody) },
  responses: { 200: ok('The owner view after the change', OwnerRegistrySchema), 409: err('Slug taken'), ...owner401 },
})

const deleteRegistry = createRoute({
  method: 'delete',
  path: '/api/v3/registries/{id}',
  tags,
  summary: 'Delete the registry with its items, categories, gift records and collaborators (owner only)',
  description: 'Send ?confirm=true to confirm (422 otherwise). Collaborators get 403: only the owner may delete.',
  request: { params: RegistryIdParam, query: z.object({ confirm: z.enum(['true', 'false']).optional() }) },
  responses: { 204: { description: 'Deleted' }, 403: err('A collaborator: only the owner may delete'), ...owner401 },
})

const listItems = createRoute({
  method: 'get',
  path: '/api/v3/registries/{id}/reg_items',
  tags,
  summary: 'The items: the owner sees quantities and removed items; guests see what is still needed',
  request: { params: RegistryIdParam, query: ViewQuery },
  responses: {
    200: ok(
      'Items',
      z.discriminatedUnion('view', [
        z.object({ view: z.literal('owner'), items: z.array(OwnerItemSchema) }),
        z.object({ view: z.literal('guest'), items: z.array(GuestItemSchema) }),
      ]),
    ),
    404: err('No such registry'),
    ...errorResponses,
  },
})

const addItem = createRoute({
  method: 'post',
  path: '/api/v3/registries/{id}/reg_items',
  tags,
  summary: 'Add a shop product to the registry (owner or collaborator)',
  request: { params: RegistryIdParam, ...body(AddItemBody) },
  responses: { 201: ok('Added', OwnerItemSchema), ...owner401 },
})

const patchItem = createRoute({
  method: 'patch',
  path: '/api/v3/registries/{id}/reg_items/{itemId}',
  tags,
  summary: 'Edit quantity, note, most wanted, category or position of an item (owner or collaborator)',
  description: 'The quantity cannot go below what guests already reserved or bought (409).',
  request: { params: ItemParams, ...body(PatchItemBody) },
  responses: { 200: ok('The item after the change', OwnerItemSchema), 409: err('Quantity below what was given'), ...owner401 },
})

const deleteItem = createRoute({
  method: 'delete',
  path: '/api/v3/registries/{id}/reg_items/{itemId}',
  tags,
  summary: 'Remove an item (owner or collaborator); its reservations are kept and shown to the owner',
  request: { params: ItemParams },
  responses: { 204: { description: 'Removed' }, ...owner401 },
})

const listCategories = createRoute({
  method: 'get',
  path: '/api/v3/registries/{id}/categories',
  tags,
  summary: 'The categories in order (the owner also sees which is the default and item counts)',
  request: { params: RegistryIdParam, query: ViewQuery },
  responses: {
    200: ok(
      'Categories',
      z.discriminatedUnion('view', [
        z.object({ view: z.literal('owner'), categories: z.array(OwnerCategorySchema) }),
        z.object({ view: z.literal('guest'), categories: z.array(GuestCategorySchema) }),
      ]),
    ),
    404: err('No such registry'),
    ...errorResponses,
  },
})

const addCategory = createRoute({
  method: 'post',
  path: '/api/v3/registries/{id}/categories',
  tags,
  summary: 'Add a category at the end (owner or collaborator)',
  request: { params: RegistryIdParam, ...body(CategoryBody) },
  responses: { 201: ok('Added', OwnerCategorySchema), ...owner401 },
})

const patchCategory = createRoute({
  method: 'patch',
  path: '/api/v3/registries/{id}/categories/{c}',
  tags,
  summary: 'Rename or move a category (owner or collaborator); the default category cannot be renamed',
  request: { params: CategoryParams, ...body(PatchCategoryBody) },
  responses: { 200: ok('Categories after the change', z.object({ categories: z.array(OwnerCategorySchema) })), ...owner401 },
})

const deleteCategory = createRoute({
  method: 'delete',
  path: '/api/v3/registries/{id}/categories/{c}',
  tags,
  summary: 'Delete a category (owner or collaborator); its items move to the default category',
  request: { params: CategoryParams },
  responses: { 204: { description: 'Deleted' }, ...owner401 },
})

const visitorReservations = createRoute({
  method: 'get',
  path: '/api/v3/registries/{id}/visitor_reservations',
  tags,
  summary: "This visitor's active reservations on the registry",
  description: `By the reservation ids in the ${VISITOR_RESERVATIONS_COOKIE} cookie (set by the guest pages and POST /api/v3/reg_items/{id}/reservations) and in ids[] (for apps). A reservation id is the giver's key, so only its holder can name it.`,
  request: {
    params: RegistryIdParam,
    query: z.object({ 'ids[]': z.union([z.string(), z.array(z.string())]).optional(), ids: z.union([z.string(), z.array(z.string())]).optional() }),
  },
  responses: {
    200: ok(
      'Reservations by regItemId',
      z.object({
        reservations: z.array(
          z.object({ id: z.string().uuid(), regItemId: z.number().int(), quantity: z.number().int(), status: z.enum(['reserved', 'purchased', 'cancelled']), isActive: z.boolean() }),
        ),
      }),
    ),
    404: err('No such registry'),
    ...errorResponses,
  },
})

const registryReservations = createRoute({
  method: 'get',
  path: '/api/v3/registries/{id}/reservations',
  tags,
  summary: "The owner's gift tracker; ?view=guest gives only the quantities guests see (anyone)",
  description: "While 'keep it a surprise' is on, the tracker is empty (surpriseActive true): the server leaves out who gave what.",
  request: { params: RegistryIdParam, query: ViewQuery },
  responses: { 200: ok('Gifts or quantities', z.discriminatedUnion('view', [TrackerSchema, GuestQuantitiesSchema])), ...owner401 },
})

const filterSortOptions = createRoute({
  method: 'get',
  path: '/api/v3/registries/{id}/filter_sort_options',
  tags,
  summary: "The guest view's filters (categories with counts, price range in cents, hide fulfilled) and sort options",
  request: { params: RegistryIdParam },
  responses: {
    200: ok(
      'Options',
      z.object({
        categories: z.array(z.object({ id: z.number().int(), title: z.string(), count: z.number().int() })),
        price: z.object({ minCents: z.number().int(), maxCents: z.number().int() }).nullable(),
        fulfilled: z.object({ count: z.number().int() }),
        sortOptions: z.array(z.object({ label: z.string(), value: z.string() })),
        defaultSort: z.string(),
      }),
    ),
    404: err('No such registry'),
    ...errorResponses,
  },
})

const giftGivers = createRoute({
  method: 'get',
  path: '/api/v3/registries/{id}/gift_givers',
  tags,
  summary: 'Who gave gifts, with thank-you addresses (owner or collaborator; empty while the surprise is on)',
  request: { params: RegistryIdParam },
  responses: {
    200: ok(
      'Givers',
      z.object({
        surpriseActive: z.boolean(),
        giftGivers: z.array(z.object({ name: z.string(), gifts: z.number().int(), thankYouAddress: PostalAddressSchema.nullable(), thankYouSent: z.boolean() })),
      }),
    ),
    ...owner401,
  },
})

const setupGoals = createRoute({
  method: 'get',
  path: '/api/v3/registries/{id}/registry_setup_goals',
  tags,
  summary: 'Setup progress (owner or collaborator)',
  request: { params: RegistryIdParam },
  responses: { 200: ok('Goals', z.object({ goals: z.array(SetupGoalSchema), done: z.number().int(), total: z.number().int() })), ...owner401 },
})

const share = createRoute({
  method: 'get',
  path: '/api/v3/registries/{id}/share',
  tags,
  summary: 'The share link and a QR code for it (owner or collaborator)',
  request: { params: RegistryIdParam },
  responses: { 200: ok('Link', z.object({ url: z.string(), listUrl: z.string(), qrSvg: z.string() })), ...owner401 },
})

// ---- handlers -----------------------------------------------------------------------------------

export const registriesRouter = createRouter()
privateJson(registriesRouter, ['/api/v3/registries', '/api/v3/registries/*'])

/** The signed-in manager (owner or collaborator), their role and the registry id; 401 anonymous, 404 for anyone else. */
async function asOwner(c: Context<AppEnv>, rawId: string) {
  const v = await requireApiUser(c)
  const id = registryIdOf(rawId)
  const role = await c.var.services.registry.roleOf(id, v.user.id)
  if (!role) throw new DomainError('not_found', registryMessages.notFound)
  return { userId: v.user.id, id, role }
}

/** The caller's id when they manage the registry (owner or collaborator) and did not ask for the guest view; otherwise null. */
async function ownerOrNull(c: Context<AppEnv>, id: number, view?: 'guest') {
  if (view === 'guest') return null
  const v = await apiViewer(c)
  return v && (await c.var.services.registry.canManage(id, v.user.id)) ? v.user.id : null
}

registriesRouter.openapi(listRegistries, async (c) => {
  const v = await requireApiUser(c)
  return c.json({ registries: await c.var.services.registry.managedBy(v.user.id) }, 200)
})

registriesRouter.openapi(deleteRegistry, async (c) => {
  const v = await requireApiUser(c)
  await c.var.services.registry.deleteRegistry(registryIdOf(c.req.valid('param').id), v.user.id, c.req.valid('query').confirm === 'true')
  return c.body(null, 204)
})

registriesRouter.openapi(createRegistry, async (c) => {
  const v = await requireApiUser(c)
  return c.json(await c.var.services.registry.create(v.user.id, c.req.valid('json')), 201)
})

registriesRouter.openapi(getRegistry, async (c) => {
  const id = registryIdOf(c.req.valid('param').id)
  const ownerId = await ownerOrNull(c, id, c.req.valid('query').view)
  if (ownerId !== null) {
    const registry = await c.var.services.registry.ownerView(id, ownerId)
    return c.json({ view: 'owner' as const, registry, discount: c.var.services.discount.forRegistry(registry) }, 200)
  }
  return c.json({ view: 'guest' as const, registry: await c.var.services.registry.guestView(id) }, 200)
})

const SETTINGS_KEYS = ['title', 'familyName', 'slug', 'welcomeNote', 'arrivalDate', 'isArrivalDateKnown', 'planningStage', 'surprise', 'surpriseRevealDate'] as const

registriesRouter.openapi(patchRegistry, async (c) => {
  const { id, userId } = await asOwner(c, c.req.valid('param').id)
  const patch = c.req.valid('json')
  const registry = c.var.services.registry
  if (SETTINGS_KEYS.some((k) => patch[k] !== undefined)) {
    const now = await registry.ownerView(id, userId)
    // A reveal date that has passed no longer hides anything; carrying it over would fail the date check.
    const revealPassed = now.surpriseRevealDate !== null && now.surpriseRevealDate <= new Date().toISOString().slice(0, 10)
    const keepSurprise = patch.surprise === undefined && patch.surpriseRevealDate === undefined
    await registry.updateSettings(id, userId, {
      title: patch.title ?? now.title,
      familyName: patch.familyName ?? now.familyName,
      slug: patch.slug ?? now.slug,
      welcomeNote: patch.welcomeNote ?? now.welcomeNote,
      arrivalDate: (patch.arrivalDate === undefined ? now.arrivalDate : patch.arrivalDate) ?? '',
      isArrivalDateKnown: patch.isArrivalDateKnown ?? now.isArrivalDateKnown,
      planningStage: patch.planningStage ?? now.planningStage ?? undefined,
      surprise: keepSurprise && revealPassed ? false : (patch.surprise ?? now.surprise),
      surpriseRevealDate: keepSurprise && revealPassed ? '' : ((patch.surpriseRevealDate === undefined ? now.surpriseRevealDate : patch.surpriseRevealDate) ?? ''),
    })
  }
  if (patch.searchLevel !== undefined) await registry.setVisibility(id, userId, { searchLevel: patch.searchLevel })
  if (patch.shippingAddress !== undefined) await registry.setShippingAddress(id, userId, patch.shippingAddress)
  return c.json(await registry.ownerView(id, userId), 200)
})

registriesRouter.openapi(listItems, async (c) => {
  const id = registryIdOf(c.req.valid('param').id)
  const ownerId = await ownerOrNull(c, id, c.req.valid('query').view)
  if (ownerId !== null) return c.json({ view: 'owner' as const, items: (await c.var.services.registry.ownerView(id, ownerId)).items }, 200)
  return c.json({ view: 'guest' as const, items: (await c.var.services.registry.guestView(id)).items }, 200)
})

registriesRouter.openapi(addItem, async (c) => {
  const { id, userId } = await asOwner(c, c.req.valid('param').id)
  return c.json(await c.var.services.registry.addItem(id, userId, c.req.valid('json')), 201)
})

/** The item if it is on this owner's registry (404 otherwise, also for items of their other registries). */
async function ownedItemOf(c: Context<AppEnv>, rawId: string, rawItemId: string) {
  const { id, userId } = await asOwner(c, rawId)
  const itemId = positiveIdOf(rawItemId, registryMessages.itemNotFound)
  const view = await c.var.services.registry.ownerView(id, userId)
  if (!view.items.some((i) => i.id === itemId)) throw new DomainError('not_found', registryMessages.itemNotFound)
  return { id, userId, itemId }
}

registriesRouter.openapi(patchItem, async (c) => {
  const params = c.req.valid('param')
  const { id, userId, itemId } = await ownedItemOf(c, params.id, params.itemId)
  const { removed, ...changes } = c.req.valid('json')
  const registry = c.var.services.registry
  if (removed === false) await registry.restoreItem(itemId, userId)
  await registry.updateItem(itemId, userId, changes)
  const item = (await registry.ownerView(id, userId)).items.find((i) => i.id === itemId)!
  return c.json(item, 200)
})

registriesRouter.openapi(deleteItem, async (c) => {
  const params = c.req.valid('param')
  const { userId, itemId } = await ownedItemOf(c, params.id, params.itemId)
  await c.var.services.registry.removeItem(itemId, userId)
  return c.body(null, 204)
})

registriesRouter.openapi(listCategories, async (c) => {
  const id = registryIdOf(c.req.valid('param').id)
  const ownerId = await ownerOrNull(c, id, c.req.valid('query').view)
  if (ownerId !== null) return c.json({ view: 'owner' as const, categories: (await c.var.services.registry.ownerView(id, ownerId)).categories }, 200)
  return c.json({ view: 'guest' as const, categories: (await c.var.services.registry.guestView(id)).categories }, 200)
})

registriesRouter.openapi(addCategory, async (c) => {
  const { id, userId } = await asOwner(c, c.req.valid('param').id)
  const created = await c.var.services.registry.addCategory(id, userId, c.req.valid('json'))
  return c.json({ id: created.id, title: created.title, position: created.position, isDefault: created.isDefault, itemCount: 0 }, 201)
})

registriesRouter.openapi(patchCategory, async (c) => {
  const params = c.req.valid('param')
  const { id, userId } = await asOwner(c, params.id)
  const categoryId = positiveIdOf(params.c, 'That category is not on this registry.')
  const { title, position } = c.req.valid('json')
  const registry = c.var.services.registry
  if (title !== undefined) await registry.renameCategory(id, userId, categoryId, { title })
  if (position !== undefined) {
    const order = (await registry.ownerView(id, userId)).categories.map((x) => x.id)
    if (!order.includes(categoryId)) throw new DomainError('not_found', 'That category is not on this registry.')
    const rest = order.filter((x) => x !== categoryId)
    rest.splice(Math.min(position, rest.length), 0, categoryId)
    await registry.reorderCategories(id, userId, rest)
  }
  return c.json({ categories: (await registry.ownerView(id, userId)).categories }, 200)
})

registriesRouter.openapi(deleteCategory, async (c) => {
  const params = c.req.valid('param')
  const { id, userId } = await asOwner(c, params.id)
  await c.var.services.registry.deleteCategory(id, userId, positiveIdOf(params.c, 'That category is not on this registry.'))
  return c.body(null, 204)
})

const list = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : v.split(/[.,]/))

registriesRouter.openapi(visitorReservations, async (c) => {
  const id = registryIdOf(c.req.valid('param').id)
  await c.var.services.registry.guestView(id) // 404 for unknown registries
  const q = c.req.valid('query')
  const fromCookie = list(getCookie(c, VISITOR_RESERVATIONS_COOKIE))
  const ids = [...new Set([...list(q['ids[]']), ...list(q.ids), ...fromCookie].map((s) => s.trim()))]
  const rows = await c.var.services.reservations.visitorReservations(id, ids)
  return c.json({ reservations: rows.map((r) => ({ ...r, isActive: r.status !== 'cancelled' })) }, 200)
})

registriesRouter.openapi(registryReservations, async (c) => {
  const { view, id: rawId } = { ...c.req.valid('query'), ...c.req.valid('param') }
  if (view === 'guest') {
    const guest = await c.var.services.registry.guestView(registryIdOf(rawId))
    return c.json(
      { view: 'guest' as const, items: guest.items.map((i) => ({ regItemId: i.id, quantityNeeded: i.quantityNeeded, quantityStillNeeded: i.quantityStillNeeded })) },
      200,
    )
  }
  const { id, userId } = await asOwner(c, rawId)
  const tracker = await c.var.services.giftTracker.list(id, userId)
  const filter = giftFilterOf(new URL(c.req.url).searchParams)
  return c.json({ view: 'owner' as const, ...tracker, gifts: filterGifts(tracker.gifts, filter) }, 200)
})

registriesRouter.openapi(filterSortOptions, async (c) => {
  const guest = await c.var.services.registry.guestView(registryIdOf(c.req.valid('param').id))
  const prices = guest.items.map((i) => i.priceCents)
  return c.json(
    {
      categories: guest.categories
        .map((cat) => ({ id: cat.id, title: cat.title, count: guest.items.filter((i) => i.categoryId === cat.id).length }))
        .filter((cat) => cat.count > 0),
      price: prices.length ? { minCents: Math.min(...prices), maxCents: Math.max(...prices) } : null,
      fulfilled: { count: guest.items.filter((i) => i.quantityStillNeeded === 0).length },
      sortOptions: SORT_OPTIONS.map((s) => ({ ...s })),
      defaultSort: '',
    },
    200,
  )
})

registriesRouter.openapi(giftGivers, async (c) => {
  const { id, userId } = await asOwner(c, c.req.valid('param').id)
  const tracker = await c.var.services.giftTracker.list(id, userId)
  const byGiver = new Map<string, { name: string; gifts: number; thankYouAddress: z.infer<typeof PostalAddressSchema> | null; thankYouSent: boolean }>()
  for (const g of tracker.gifts) {
    // One giver per email (the owner's tracker has it); the answer carries names and addresses only.
    const key = (g.giverEmail ?? g.giverName ?? g.id).toLowerCase()
    const giver = byGiver.get(key) ?? { name: g.giverName ?? '', gifts: 0, thankYouAddress: null, thankYouSent: true }
    giver.gifts += 1
    giver.thankYouAddress ??= g.thankYouAddress
    giver.thankYouSent &&= g.thankYouSent
    byGiver.set(key, giver)
  }
  return c.json({ surpriseActive: tracker.surpriseActive, giftGivers: [...byGiver.values()] }, 200)
})

registriesRouter.openapi(setupGoals, async (c) => {
  const { id, userId } = await asOwner(c, c.req.valid('param').id)
  const { goals } = await c.var.services.registry.ownerView(id, userId)
  return c.json({ goals, done: goals.filter((g) => g.done).length, total: goals.length }, 200)
})

registriesRouter.openapi(share, async (c) => {
  const { id, userId } = await asOwner(c, c.req.valid('param').id)
  const { slug } = await c.var.services.registry.ownerView(id, userId)
  const base = origin(c)
  const url = `${base}/${slug}`
  const qrSvg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
  return c.json({ url, listUrl: `${base}/list/${id}`, qrSvg }, 200)
})
