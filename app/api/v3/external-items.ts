// Items from any store: preview a pasted link (fetched safely by the server), save it on the registry,
// manage further places to buy an item, where guests can buy each item, and the bookmarklet.
import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { DomainError } from '~/lib/errors'
import { bookmarkletHref, BOOKMARKLET_PARAMS, SAVE_ITEM_PATH } from '~/modules/external-products/bookmarklet'
import { registryMessages } from '~/modules/registry/registry.service.server'
import { requireApiUser } from '../auth'
import { createRouter } from '../openapi'
import { errorResponses } from '../schemas'
import type { AppEnv } from '../types'
import { body, err, ok, origin, OwnerItemSchema, positiveIdOf, privateJson, RegistryIdParam, registryIdOf } from './registry-schemas'

const tags = ['registries']
const owner401 = { 401: err('Not signed in'), 404: err('No such registry or item, or not yours'), ...errorResponses }

const PreviewBody = z
  .object({
    url: z.string().openapi({ example: 'https://shop.example/products/cloud-nine-bassinet', description: 'http or https only' }),
    title: z.string().optional().openapi({ description: 'what the page itself says (the bookmarklet); used when we cannot read the page' }),
    price: z.string().optional().openapi({ example: '24.99' }),
    image: z.string().optional().openapi({ description: 'a picture link from the page; fetched through the same guard' }),
    store: z.string().optional(),
  })
  .openapi('ExternalPreviewRequest')

const PreviewImageSchema = z.object({ id: z.string().uuid(), path: z.string().openapi({ example: '/images/external/0b6e….webp' }) })
const PreviewSchema = z
  .discriminatedUnion('ok', [
    z.object({
      ok: z.literal(true),
      url: z.string(),
      title: z.string().nullable(),
      priceCents: z.number().int().nullable(),
      currency: z.string().nullable(),
      brand: z.string().nullable(),
      description: z.string().nullable(),
      storeName: z.string(),
      images: z.array(PreviewImageSchema),
    }),
    z.object({
      ok: z.literal(false),
      url: z.string(),
      reason: z.string().openapi({ description: 'bad_url, blocked_address, dns_failed, timeout, too_large, wrong_type, http_error, too_many_redirects, network or not_a_product' }),
      message: z.string(),
      title: z.string().nullable(),
      priceCents: z.number().int().nullable(),
      storeName: z.string(),
      images: z.array(PreviewImageSchema),
    }),
  ])
  .openapi('ExternalPreview')

const ExternalItemBody = z
  .object({
    url: z.string().openapi({ description: 'the product link (http or https)' }),
    title: z.string(),
    priceCents: z.number().int().openapi({ example: 2499 }),
    quantity: z.number().int().optional(),
    categoryId: z.number().int().optional(),
    note: z.string().optional(),
    mostWanted: z.boolean().optional(),
    storeName: z.string(),
    imageId: z.string().optional().openapi({ description: 'one of the preview’s pictures; left out: the placeholder' }),
  })
  .openapi('AddExternalRegItem')

const OfferSchema = z.object({ id: z.number().int(), storeName: z.string(), url: z.string(), priceCents: z.number().int() }).openapi('RegItemOffer')
const OfferBody = z.object({ storeName: z.string(), url: z.string(), priceCents: z.number().int() }).openapi('RegItemOfferInput')
const ItemParams = RegistryIdParam.extend({ itemId: z.string().openapi({ param: { name: 'itemId', in: 'path' } }) })
const OfferParams = ItemParams.extend({ offerId: z.string().openapi({ param: { name: 'offerId', in: 'path' } }) })

const WhereToBuySchema = z.object({
  items: z.array(
    z.object({
      regItemId: z.number().int(),
      options: z.array(z.object({ storeName: z.string(), href: z.string().nullable(), priceCents: z.number().int(), isNestlist: z.boolean() })),
    }),
  ),
})

const preview = createRoute({
  method: 'post',
  path: '/api/v3/registries/{id}/external_previews',
  tags,
  summary: 'Read a product link from any store for the preview (owner)',
  description:
    'The server fetches the page through its guard (http/https only, public addresses only, at most 5 redirects, 2 MB and 5 seconds), reads JSON-LD Product data and Open Graph tags, and stores the pictures as WebP on our own paths. When it cannot read the page the answer is ok:false with the reason and what it could still fill in.',
  request: { params: RegistryIdParam, ...body(PreviewBody) },
  responses: { 200: ok('The preview, or why the page could not be read', PreviewSchema), ...owner401 },
})

const addExternal = createRoute({
  method: 'post',
  path: '/api/v3/registries/{id}/external_items',
  tags,
  summary: 'Add an item from another store (owner); product type external',
  request: { params: RegistryIdParam, ...body(ExternalItemBody) },
  responses: { 201: ok('Added', OwnerItemSchema), ...owner401 },
})

const listOffers = createRoute({
  method: 'get',
  path: '/api/v3/registries/{id}/reg_items/{itemId}/offers',
  tags,
  summary: 'Further places to buy an item (owner)',
  request: { params: ItemParams },
  responses: { 200: ok('Offers', z.object({ offers: z.array(OfferSchema) })), ...owner401 },
})

const addOffer = createRoute({
  method: 'post',
  path: '/api/v3/registries/{id}/reg_items/{itemId}/offers',
  tags,
  summary: 'Add a place to buy an item: store, link and price (owner)',
  request: { params: ItemParams, ...body(OfferBody) },
  responses: { 201: ok('Added', OfferSchema), ...owner401 },
})

const deleteOffer = createRoute({
  method: 'delete',
  path: '/api/v3/registries/{id}/reg_items/{itemId}/offers/{offerId}',
  tags,
  summary: 'Remove a place to buy an item (owner)',
  request: { params: OfferParams },
  responses: { 204: { description: 'Removed' }, ...owner401 },
})

const whereToBuy = createRoute({
  method: 'get',
  path: '/api/v3/registries/{id}/where_to_buy',
  tags,
  summary: 'Where guests can buy each item: its own store (or the Nestlist Shop) first, then the other stores the family added',
  request: { params: RegistryIdParam },
  responses: { 200: ok('Buying options by item', WhereToBuySchema), 404: err('No such registry'), ...errorResponses },
})

const bookmarklet = createRoute({
  method: 'get',
  path: '/api/v3/bookmarklet',
  tags: ['bookmarklet'],
  summary: "The 'Nestlist button' bookmarklet",
  description:
    'The javascript: link to put on a bookmarks bar. On a shop’s product page it opens saveItemUrl with the page’s link and what the page itself says (title, price, image, store), so the owner can add the item even when our server cannot read that page.',
  responses: {
    200: ok(
      'The bookmarklet',
      z.object({ href: z.string().openapi({ description: 'javascript:… (drag it to the bookmarks bar)' }), saveItemUrl: z.string(), parameters: z.array(z.string()) }).openapi('Bookmarklet'),
    ),
  },
})

export const externalItemsRouter = createRouter()
privateJson(externalItemsRouter, ['/api/v3/registries/*'])

async function asOwner(c: Context<AppEnv>, rawId: string) {
  const v = await requireApiUser(c)
  const id = registryIdOf(rawId)
  if (!(await c.var.services.registry.isOwner(id, v.user.id))) throw new DomainError('not_found', registryMessages.notFound)
  return { userId: v.user.id, id }
}

/** The item id, when the item is on this registry (and the caller may manage it). */
async function ownedItemId(c: Context<AppEnv>, registryId: number, userId: number, rawItemId: string) {
  const itemId = positiveIdOf(rawItemId, registryMessages.itemNotFound)
  const item = await c.var.services.registry.manageableItem(itemId, userId)
  if (item.registryId !== registryId) throw new DomainError('not_found', registryMessages.itemNotFound)
  return item.id
}

externalItemsRouter.openapi(preview, async (c) => {
  const { userId } = await asOwner(c, c.req.valid('param').id)
  const { url, ...hints } = c.req.valid('json')
  return c.json(await c.var.services.externalProducts.preview(userId, url, hints), 200)
})

externalItemsRouter.openapi(addExternal, async (c) => {
  const { id, userId } = await asOwner(c, c.req.valid('param').id)
  return c.json(await c.var.services.externalProducts.saveItem(id, userId, c.req.valid('json')), 201)
})

externalItemsRouter.openapi(listOffers, async (c) => {
  const { id, userId } = await asOwner(c, c.req.valid('param').id)
  const itemId = await ownedItemId(c, id, userId, c.req.valid('param').itemId)
  return c.json({ offers: (await c.var.services.externalProducts.itemOffers(itemId, userId)).offers }, 200)
})

externalItemsRouter.openapi(addOffer, async (c) => {
  const { id, userId } = await asOwner(c, c.req.valid('param').id)
  const itemId = await ownedItemId(c, id, userId, c.req.valid('param').itemId)
  return c.json(await c.var.services.externalProducts.addOffer(itemId, userId, c.req.valid('json')), 201)
})

externalItemsRouter.openapi(deleteOffer, async (c) => {
  const { id, userId } = await asOwner(c, c.req.valid('param').id)
  const params = c.req.valid('param')
  const itemId = await ownedItemId(c, id, userId, params.itemId)
  await c.var.services.externalProducts.removeOffer(itemId, positiveIdOf(params.offerId, 'That buying option is not on this item.'), userId)
  return c.body(null, 204)
})

externalItemsRouter.openapi(whereToBuy, async (c) => {
  const registry = await c.var.services.registry.guestView(registryIdOf(c.req.valid('param').id))
  const offers = await c.var.services.externalProducts.offersFor(registry.items.map((i) => i.id))
  return c.json(
    {
      items: registry.items.map((i) => ({
        regItemId: i.id,
        options: [
          { storeName: i.productId !== null ? 'Nestlist Shop' : i.storeName, href: i.href, priceCents: i.priceCents, isNestlist: i.productId !== null },
          ...(offers[i.id] ?? []).map((o) => ({ storeName: o.storeName, href: o.url, priceCents: o.priceCents, isNestlist: false })),
        ],
      })),
    },
    200,
  )
})

externalItemsRouter.openapi(bookmarklet, (c) => {
  const base = origin(c)
  c.header('Cache-Control', 'public, max-age=3600')
  return c.json({ href: bookmarkletHref(base), saveItemUrl: `${base}${SAVE_ITEM_PATH}`, parameters: [...BOOKMARKLET_PARAMS] }, 200)
})
