// OpenAPI shapes of the registry and reservation endpoints. They mirror registry.types.ts: the guest
// shapes have no field for an address or an email, so a response that matches them cannot carry one.
import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { apiBodyLimit } from '../body-limit'
import { DomainError } from '~/lib/errors'
import { publicOrigin } from '~/lib/links'
import { registryMessages } from '~/modules/registry/registry.service.server'
import type { createRouter } from '../openapi'
import { ErrorSchema } from '../schemas'
import { RegistryDiscountSchema } from './discount-schemas'
import type { AppEnv } from '../types'

export const err = (description: string) => ({ description, content: { 'application/json': { schema: ErrorSchema } } })
export const ok = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } })
export const body = <T extends z.ZodType>(schema: T) => ({ body: { required: true, content: { 'application/json': { schema } } } })

/** Registry ids are 12 random digits; anything else is simply not found (never a 422 that hints at the format). */
export const RegistryIdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '483920175630' }) })

export function registryIdOf(raw: string): number {
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN
  if (!Number.isSafeInteger(id) || id <= 0) throw new DomainError('not_found', registryMessages.notFound)
  return id
}

export function positiveIdOf(raw: string, message: string): number {
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN
  if (!Number.isSafeInteger(id) || id <= 0) throw new DomainError('not_found', message)
  return id
}

/** Personal data: never kept by a shared cache; bodies are small. */
export function privateJson(router: ReturnType<typeof createRouter>, paths: string[]) {
  for (const path of paths) {
    router.use(path, apiBodyLimit(16 * 1024))
    router.use(path, async (c, next) => {
      // Set before the answer is made: a header set on a finished answer makes @hono/node-server build a
      // WHATWG Response and a body stream for it (docs/decisions/025, h10). After, only if a handler changed it.
      c.header('Cache-Control', 'no-store')
      await next()
      if (c.res.headers.get('Cache-Control') !== 'no-store') c.header('Cache-Control', 'no-store')
    })
  }
}

export const origin = (c: Context<AppEnv>) => publicOrigin(c.var.publicUrl ?? new URL(c.req.url).origin)

const registryType = z.enum(['baby', 'birthday', 'holiday'])
const CityState = z.object({ city: z.string(), state: z.string() }).nullable()

export const PostalAddressSchema = z
  .object({ name: z.string(), line1: z.string(), line2: z.string(), city: z.string(), state: z.string(), zip: z.string() })
  .openapi('PostalAddress')

export const GuestItemSchema = z
  .object({
    id: z.number().int(),
    categoryId: z.number().int(),
    productId: z.number().int().nullable(),
    href: z.string().nullable(),
    title: z.string(),
    imageUrl: z.string(),
    storeName: z.string(),
    priceCents: z.number().int(),
    quantityNeeded: z.number().int(),
    quantityStillNeeded: z.number().int(),
    note: z.string(),
    mostWanted: z.boolean(),
    groupGift: z.boolean().openapi({ description: 'Guests chip in towards it (PUT /reg_items/{itemId}/group_gift) instead of reserving or buying it' }),
    options: z.record(z.string(), z.string()),
    position: z.number().int(),
  })
  .openapi('GuestRegItem')

export const OwnerItemSchema = GuestItemSchema.extend({
  quantityReserved: z.number().int().openapi({ description: '0 while the surprise is on' }),
  quantityPurchased: z.number().int().openapi({ description: '0 while the surprise is on' }),
  removed: z.boolean(),
}).openapi('OwnerRegItem')

export const GuestCategorySchema = z.object({ id: z.number().int(), title: z.string(), position: z.number().int() }).openapi('GuestRegistryCategory')
export const OwnerCategorySchema = GuestCategorySchema.extend({ isDefault: z.boolean(), itemCount: z.number().int() }).openapi('OwnerRegistryCategory')

export const GuestRegistrySchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    registryType,
    title: z.string(),
    familyName: z.string(),
    welcomeNote: z.string(),
    arrivalMonth: z.string().nullable().openapi({ example: '2026-11' }),
    shipsTo: CityState,
    categories: z.array(GuestCategorySchema),
    items: z.array(GuestItemSchema),
  })
  .openapi('GuestRegistry')

export const SetupGoalSchema = z
  .object({ key: z.enum(['add_10_items', 'add_shipping_address', 'share_registry', 'add_welcome_note']), label: z.string(), done: z.boolean(), href: z.string() })
  .openapi('RegistrySetupGoal')

export const OwnerRegistrySchema = z
  .object({
    id: z.number().int(),
    ownerId: z.number().int(),
    role: z.enum(['owner', 'collaborator']).openapi({ description: 'owner, or collaborator (manages like the owner but cannot delete the registry or change who collaborates)' }),
    slug: z.string(),
    registryType,
    title: z.string(),
    familyName: z.string(),
    welcomeNote: z.string(),
    arrivalMonth: z.string().nullable(),
    arrivalDate: z.string().nullable(),
    isArrivalDateKnown: z.boolean(),
    planningStage: z.enum(['pregnant', 'adopting', 'surrogate', 'fostering', 'conceiving']).nullable(),
    expecting: z.enum(['girl', 'boy', 'unknown', 'notFindingOut']).nullable(),
    showerDate: z.string().nullable(),
    guestCount: z.string().nullable(),
    guestTypes: z.array(z.string()),
    searchLevel: z.enum(['nestlist', 'private', 'google']),
    shippingAddress: PostalAddressSchema.nullable(),
    shipsTo: CityState,
    surprise: z.boolean(),
    surpriseRevealDate: z.string().nullable(),
    surpriseActive: z.boolean(),
    categories: z.array(OwnerCategorySchema),
    items: z.array(OwnerItemSchema),
    stats: z.object({ items: z.number().int(), reserved: z.number().int(), purchased: z.number().int(), stillNeeded: z.number().int() }),
    goals: z.array(SetupGoalSchema),
    createdAt: z.string(),
  })
  .openapi('OwnerRegistry')

export const RegistryViewSchema = z
  .discriminatedUnion('view', [
    z.object({
      view: z.literal('owner'),
      registry: OwnerRegistrySchema,
      discount: RegistryDiscountSchema.nullable().openapi({ description: 'The registry discount (baby registries; null otherwise). Owner view only.' }),
    }),
    z.object({ view: z.literal('guest'), registry: GuestRegistrySchema }),
  ])
  .openapi('RegistryView')

export const TrackedGiftSchema = z
  .object({
    id: z.string().openapi({ description: "The gift's id (PATCH /api/v3/gifts/{id}); not the giver's reservation id, which is their key" }),
    kind: z.enum(['reserved', 'bought_elsewhere', 'nestlist_order', 'cash_fund', 'group_gift']),
    itemTitle: z.string().openapi({ description: "The item's or the cash fund's title" }),
    quantity: z.number().int(),
    amountCents: z.number().int().nullable().openapi({ description: 'Cash fund gifts and group-gift chip-ins only' }),
    source: z.enum(['reserved', 'bought_elsewhere', 'nestlist_order']).nullable().openapi({ description: 'Item gifts only (null for cash gifts)' }),
    status: z.enum(['reserved', 'purchased', 'confirmed']),
    date: z.string(),
    giverName: z.string(),
    giverEmail: z.string(),
    message: z.string().openapi({ description: "The giver's gift message ('' when none)" }),
    thankYouAddress: PostalAddressSchema.nullable(),
    received: z.boolean().openapi({ description: 'Cash gifts are received once charged' }),
    thankYouSent: z.boolean(),
    itemRemoved: z.boolean(),
    addressRequestedAt: z.string().nullable().openapi({ description: "When the family last asked the giver for a thank-you address" }),
    canAskForAddress: z.boolean().openapi({ description: 'POST /api/v3/gifts/{id}/address_requests applies now' }),
  })
  .openapi('TrackedGift')

export const GiverReservationSchema = z
  .object({
    id: z.string().uuid(),
    status: z.enum(['reserved', 'purchased', 'cancelled']),
    source: z.enum(['reserved', 'bought_elsewhere', 'nestlist_order']),
    quantity: z.number().int(),
    giverName: z.string(),
    createdAt: z.string(),
    purchasedAt: z.string().nullable(),
    thankYouAddressProvided: z.boolean(),
    item: z.object({
      id: z.number().int(),
      title: z.string(),
      imageUrl: z.string(),
      priceCents: z.number().int(),
      href: z.string().nullable(),
      storeName: z.string(),
    }),
    registry: z.object({ id: z.number().int(), slug: z.string(), title: z.string(), familyName: z.string() }),
  })
  .openapi('Reservation')
