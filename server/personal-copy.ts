// Personal values in the shared copy of a shop page (decision 028, amendments h28, h29 and h30).
//
// A shop page differs between visitors only in a few values: the header's cart count, who is signed in (the
// header's account menu), on the landing, category, search and brand pages a signed-in owner's registry discount
// banner, on the landing page the birthday prompt's facts (h30), and on a product page the Add to Registry block and
// the signed-in address its 'Notify me' writes to (h29; the sold-out page's 'Notify me' form, h30).
// When the page cache stores an anonymous page, `markPage` finds each of them, so a guest holding a cart or a
// signed-in shopper is answered with the stored copy and their own values put in, instead of a render of their own.
//
// Each value is in two places: the HTML (the cart link, the account menu, the banner, the Add to Registry block, the
// 'Notify me' form; the birthday prompt's facts are in the data only) and React Router's hydration
// data, a turbo-stream: a flat JSON array where objects refer to their keys and values by index and equal values are
// written once. The anonymous page's values (0, null) may share their entries with any other 0 or null of the page,
// so they cannot be replaced where they stand. Instead the loader data's keys (the root loader's `cartCount` and
// `viewer`, a listed route's `discountBanner`, the product page's `viewerEmail` and `addToRegistry`, the landing
// page's `birthdayPrompt`) are pointed at new entries at the end of the array, one each in a
// fixed order, followed by whatever those values contain (personalEntries). Everything is checked before a page is
// marked: one stream chunk, the array written back byte for byte as React Router wrote it, a root loader rendered
// for nobody, and each HTML part found exactly once. A page that fails a check is stored as before, and is rendered
// for those visitors; one whose routes are not listed below takes a guest's cart count only.
import { randomUUID } from 'node:crypto'
import { createElement, type ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { AccountMenu, type HeaderViewer } from '~/components/account-menu'
import type { BirthdayPromptUser } from '~/modules/birthday-prompt/birthday-prompt'
import { NotifyMe } from '~/modules/cart/ui/add-to-cart'
import { cartCopy } from '~/modules/cart/ui/cart-copy'
import { CartLink } from '~/modules/cart/ui/cart-link'
import type { ShopDiscount } from '~/modules/discount/discount.service.server'
import { LANDING_DISCOUNT_BANNER_CLASS, REGISTRY_DISCOUNT_SLOT, RegistryDiscountBanner } from '~/modules/discount/ui/registry-discount-banner'
import { AddToRegistry } from '~/modules/registry/ui/add-to-registry'
import type { AddToRegistryState } from '~/modules/registry/ui/add-to-registry.server'

/**
 * The routes whose pages a signed-in shopper may get from the shared copy, and what personal values their loaders
 * have: the class of the registry discount banner a page renders (shopExtras without options), or the product page's
 * Add to Registry block and the address its 'Notify me' would write to (decision 028 h29), or the landing page's
 * birthday prompt facts (only in its loader data: the prompt renders nothing on the server) and its banner, shown
 * only while the page has no home banner ads (`bannerUnlessAds`: the page's own `bannerAds` say, h30). Any other route
 * on the page keeps signed-in shoppers rendered.
 */
export const SIGNED_IN_ROUTES: Readonly<Record<string, { bannerClass?: string; bannerUnlessAds?: true; addToRegistry?: true; birthdayPrompt?: true } | null>> = {
  'routes/store/landing': { bannerClass: LANDING_DISCOUNT_BANNER_CLASS, bannerUnlessAds: true, birthdayPrompt: true },
  'routes/store/category': { bannerClass: 'mb-4' },
  'routes/store/search': { bannerClass: 'mb-4' },
  'routes/store/brand': { bannerClass: '-mb-4' },
  // The listing pages (routes/store/listing.tsx) under their own ids (app/routes.ts): no personal value of their own.
  'store-sale': null,
  'store-new': null,
  'store-fsa-hsa-eligible': null,
  'best-baby-products': null,
  'routes/product/product': { addToRegistry: true },
}

/**
 * The personal values of one response. `viewerEmail` and `addToRegistry` are the product page's (its loader's
 * values, for the viewer: addToRegistryState and the signed-in address), `birthdayPrompt` the landing page's
 * (shopExtras'); other pages have none of them.
 */
export type PersonalValues = {
  cartCount: number
  viewer: HeaderViewer
  discountBanner: ShopDiscount | null
  viewerEmail?: string | null
  addToRegistry?: AddToRegistryState
  birthdayPrompt?: BirthdayPromptUser | null
}

export const ANONYMOUS: PersonalValues = { cartCount: 0, viewer: null, discountBanner: null, viewerEmail: null, addToRegistry: { kind: 'anonymous' }, birthdayPrompt: null }

/** What the product page's Add to Registry block is rendered from: its loader's product fields and path. */
export type RegistryBlockProduct = { productId: number; title: string; available: boolean; options: { sizes?: string[]; colors?: string[] }; path: string }

/** What `markPage` found in a page: its slots, in the order of their values after the nonce and UUIDs. */
export type PersonalSlots = {
  kinds: ('cartLink' | 'accountMenu' | 'banner' | 'addToRegistry' | 'notifyMe' | 'stream')[]
  /** Whether a signed-in shopper can be answered from it (all of the page's routes listed, every part found). */
  signedIn: boolean
  /** The page's own 'Sign in' link (it names the page to come back to). */
  signInLink: string
  /** The index of the stream's first new entry, and what the new entries are for, in order. */
  streamBase: number
  heads: ('cartCount' | 'viewer' | 'discountBanner' | 'viewerEmail' | 'addToRegistry' | 'birthdayPrompt')[]
  bannerClass: string
  /** The page shows home banner ads, so no visitor gets the registry discount banner on it (the landing page). */
  noBanner?: true
  /** A product page's product, when its Add to Registry block is a slot. */
  product?: RegistryBlockProduct
  /** A sold-out product page's 'Notify me' form (it names the signed-in address): the product it is for. */
  notifyMe?: NotifyMeProduct
}

/** What a product page's 'Notify me' form is rendered from: the product's id and path (the form's action). */
export type NotifyMeProduct = { productId: number; path: string }

const ENQUEUE = 'window.__reactRouterContext.streamController.enqueue('
const BANNER_ANCHOR = `<template data-personal-slot="${REGISTRY_DISCOUNT_SLOT}"></template>`

// React Router's escaping of the stream inside its <script> (StreamTransfer's escapeHtml).
const ESCAPES: Record<string, string> = { '&': '\\u0026', '>': '\\u003e', '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' }
const escapeScript = (s: string) => s.replace(/[&><\u2028\u2029]/g, (c) => ESCAPES[c]!)
/** A stream chunk as React Router writes it into the page: a JavaScript string literal. */
const chunkLiteral = (chunk: string) => escapeScript(JSON.stringify(chunk))

/** Remembers up to 500 renders of a part by key (a count, a first name and role, a discount), then starts again. */
function remembered(render: () => string, memo: Map<string, string>, key: string): string {
  let html = memo.get(key)
  if (html === undefined) {
    html = render()
    if (memo.size >= 500) memo.clear()
    memo.set(key, html)
  }
  return html
}

const cartLinks = new Map<string, string>()
/** The header's cart link for `count` items, as the page renders it (mini-cart.tsx without scripts). */
export const cartLinkHtml = (count: number) => remembered(() => renderToString(createElement(CartLink, { count })), cartLinks, String(count))

/** An element rendered as the page renders it at `url`: inside a router (links, forms and the location need one). */
export async function renderAt(url: string, element: ReactElement): Promise<string> {
  const handler = createStaticHandler([{ id: 'part', path: '*', element }])
  const context = await handler.query(new Request(url))
  if (context instanceof Response) throw new Error(`no router context for ${url}`)
  return renderToString(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }))
}

/** A part rendered inside a router (renderAt), remembered by key as `remembered` does (its markup does not depend on the page). */
async function renderedOnce(memo: Map<string, string>, key: string, element: () => ReactElement): Promise<string> {
  const known = memo.get(key)
  if (known !== undefined) return known
  const html = await renderAt('http://shop.invalid/', element())
  return remembered(() => html, memo, key)
}

const menus = new Map<string, string>()
/** The header's account menu of a signed-in person (it does not depend on the page). */
export const accountMenuHtml = (viewer: NonNullable<HeaderViewer>): Promise<string> => renderedOnce(menus, JSON.stringify(viewer), () => createElement(AccountMenu, { viewer }))

const banners = new Map<string, string>()
/** The registry discount banner, or its empty slot. */
export const bannerHtml = (promo: ShopDiscount | null, className: string) =>
  promo ? remembered(() => renderToString(createElement(RegistryDiscountBanner, { promo, className })), banners, JSON.stringify([promo, className])) : BANNER_ANCHOR

let signInParts: Promise<[string, string]> | undefined
/**
 * The header's 'Sign in' link in a page: the link as AccountMenu renders it, with whatever page it names to come back
 * to (the location as the app saw it), found exactly once; at -1 when it is not.
 */
async function findSignInLink(html: string): Promise<{ at: number; link: string }> {
  signInParts ??= renderAt('http://shop.invalid/nl-page', createElement(AccountMenu, { viewer: null })).then((link) => {
    const [before, after] = link.split('%2Fnl-page')
    if (before === undefined || after === undefined || !before.endsWith('redirect_path=') || !after.startsWith('"')) throw new Error('the Sign in link changed shape')
    return [before, after]
  })
  const [before, after] = await signInParts
  const at = onlyOne(html, before)
  const end = at < 0 ? -1 : html.indexOf('"', at + before.length)
  if (end < 0 || !html.startsWith(after, end)) return { at: -1, link: '' }
  return { at, link: html.slice(at, end + after.length) }
}

/** Unique strings that stand for the slots in a marked page until the cache cuts it into a template. */
export type Markers = Record<PersonalSlots['kinds'][number], string>

export const newMarkers = (): Markers => {
  const id = randomUUID()
  return {
    cartLink: `nl-cart-${id}`,
    accountMenu: `nl-menu-${id}`,
    banner: `nl-banner-${id}`,
    addToRegistry: `nl-registry-${id}`,
    notifyMe: `nl-notify-${id}`,
    stream: `nl-stream-${id}`,
  }
}

const registryBlocks = new Map<string, string>()
/**
 * The product page's Add to Registry block for `state`, as the page renders it (its fields have fixed ids, so alone
 * it is the same markup; the form's links and action do not depend on the page's location).
 */
export const registryBlockHtml = (state: AddToRegistryState, product: RegistryBlockProduct): Promise<string> =>
  renderedOnce(registryBlocks, JSON.stringify([state, product]), () => createElement(AddToRegistry, { state, product, path: product.path }))

const notifyForms = new Map<string, string>()
/**
 * A sold-out product page's 'Notify me' form for `viewerEmail` (null: a visitor, who types an address), as the page
 * renders it: the product's, without options chosen (the server renders it only for a product sold out in every
 * option), its email field with a fixed id.
 */
export const notifyMeHtml = (product: NotifyMeProduct, viewerEmail: string | null): Promise<string> =>
  renderedOnce(notifyForms, JSON.stringify([product.productId, product.path, viewerEmail]), () =>
    createElement(NotifyMe, { productId: product.productId, options: {}, viewerEmail, action: product.path }),
  )

/**
 * A value of the stream made only of JSON values (null, booleans, numbers, strings, arrays, plain objects), decoded;
 * anything else (a date, a promise, a reference turbo-stream writes as a typed entry) throws.
 */
function decodePlain(values: unknown[], index: number, depth = 0): unknown {
  if (index === -5) return null
  if (index < 0 || depth > 8) throw new Error(`not a plain value (${index})`)
  const value = values[index]
  if (value === null || typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number') return value
  if (Array.isArray(value)) {
    if (value.some((v) => typeof v !== 'number')) throw new Error('a typed entry')
    return value.map((v: number) => decodePlain(values, v, depth + 1))
  }
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [prop, v] of Object.entries(value as Record<string, number>)) {
      const name = values[Number(prop.slice(1))]
      if (!prop.startsWith('_') || typeof name !== 'string') throw new Error('not a plain object')
      if (v !== -7) out[name] = decodePlain(values, v, depth + 1)
    }
    return out
  }
  throw new Error('not a plain value')
}

const isStrings = (v: unknown): v is string[] | undefined => v === undefined || (Array.isArray(v) && v.every((s) => typeof s === 'string'))

/** The product page's Add to Registry product from its loader's `product` (null when it is not as expected). */
function registryBlockProduct(values: unknown[], index: number): RegistryBlockProduct | null {
  let product: unknown
  try {
    product = decodePlain(values, index)
  } catch {
    return null
  }
  const p = product as Record<string, unknown> | null
  const options = p?.options as Record<string, unknown> | null | undefined
  if (!p || typeof p.productId !== 'number' || typeof p.title !== 'string' || typeof p.available !== 'boolean' || typeof p.path !== 'string') return null
  if (!options || typeof options !== 'object' || !isStrings(options.sizes) || !isStrings(options.colors)) return null
  return {
    productId: p.productId,
    title: p.title,
    available: p.available,
    options: { ...(options.sizes ? { sizes: options.sizes } : {}), ...(options.colors ? { colors: options.colors } : {}) },
    path: p.path,
  }
}

/** The key under which an object of the stream holds a value named `name`, and the index it points to. */
function entry(values: unknown[], object: unknown, name: string): { prop: string; index: number } | undefined {
  if (!object || typeof object !== 'object' || Array.isArray(object)) return undefined
  for (const [prop, index] of Object.entries(object as Record<string, number>)) {
    if (prop.startsWith('_') && values[Number(prop.slice(1))] === name) return { prop, index }
  }
  return undefined
}

/** Each occurrence of `part` in `html`, when there is exactly one. */
function onlyOne(html: string, part: string): number {
  const at = html.indexOf(part)
  return at >= 0 && html.indexOf(part, at + 1) < 0 ? at : -1
}

/**
 * The product page's personal values in an anonymous page: its loader's `viewerEmail` (null), `addToRegistry` (the
 * anonymous block, found in the HTML exactly once as AddToRegistry renders it for the page's product; none for a
 * gift card, whose block is hidden for everyone) and, on a sold-out product, the 'Notify me' form (its text names the
 * signed-in address; found exactly once as NotifyMe renders it for a visitor, h30). Not ok, and the page stays
 * rendered for signed-in shoppers, when anything is not as expected.
 */
type RegistryMark =
  | { ok: false }
  | {
      ok: true
      owner?: unknown
      email?: { prop: string }
      block?: { prop: string; at: number; html: string; product: RegistryBlockProduct }
      notify?: { at: number; html: string; product: NotifyMeProduct }
    }

async function markRegistryBlock(html: string, values: unknown[], routeData: unknown[], streamAt: number): Promise<RegistryMark> {
  const NO = { ok: false as const }
  const owner = routeData.find((data) => entry(values, data, 'addToRegistry'))
  const email = owner ? entry(values, owner, 'viewerEmail') : undefined
  const state = owner ? entry(values, owner, 'addToRegistry') : undefined
  const productEntry = owner ? entry(values, owner, 'product') : undefined
  if (!owner || !email || email.index !== -5 || !state || !productEntry) return NO
  let kind: unknown
  try {
    kind = (decodePlain(values, state.index) as { kind?: unknown } | null)?.kind
  } catch {
    return NO
  }
  const product = registryBlockProduct(values, productEntry.index)
  let notify: { at: number; html: string; product: NotifyMeProduct } | undefined
  if (html.includes(cartCopy.notifyMeHelp)) {
    if (!product) return NO
    const forProduct = { productId: product.productId, path: product.path }
    const form = await notifyMeHtml(forProduct, null)
    const at = onlyOne(html, form)
    if (at < 0 || at > streamAt) return NO
    notify = { at, html: form, product: forProduct }
  }
  if (kind === 'hidden') return { ok: true, owner, email, ...(notify ? { notify } : {}) }
  if (kind !== 'anonymous' || !product) return NO
  const block = await registryBlockHtml({ kind: 'anonymous' }, product)
  const at = onlyOne(html, block)
  if (at < 0 || at > streamAt) return NO
  return { ok: true, owner, email, block: { prop: state.prop, at, html: block, product }, ...(notify ? { notify } : {}) }
}

/**
 * The anonymous page with its personal parts replaced by `markers`, and what was found; null when not even
 * the cart count can be marked (see the top of this file).
 */
export async function markPage(html: string, markers: Markers): Promise<{ html: string; slots: PersonalSlots } | null> {
  const streamAt = onlyOne(html, ENQUEUE)
  if (streamAt < 0) return null
  const start = streamAt + ENQUEUE.length
  // The literal ends before the script does: its own '<' are escaped, so the first '</script>' is the tag's.
  const scriptEnd = html.indexOf('</script>', start)
  const end = html.lastIndexOf(');', scriptEnd)
  if (scriptEnd < 0 || end <= start || html.slice(end, scriptEnd) !== ');') return null
  const literal = html.slice(start, end)
  let values: unknown[]
  try {
    const chunk = JSON.parse(literal) as unknown
    if (typeof chunk !== 'string' || !chunk.endsWith('\n')) return null
    values = JSON.parse(chunk) as unknown[]
    if (!Array.isArray(values) || chunkLiteral(`${JSON.stringify(values)}\n`) !== literal) return null
  } catch {
    return null
  }
  const loaderData = entry(values, values[0], 'loaderData')
  const routes = loaderData ? values[loaderData.index] : undefined
  const root = entry(values, routes, 'root')
  const rootData = root ? values[root.index] : undefined
  const cartCount = entry(values, rootData, 'cartCount')
  const viewer = entry(values, rootData, 'viewer')
  // -5 is turbo-stream's null: the page was rendered for nobody.
  if (!cartCount || values[cartCount.index] !== 0 || !viewer || viewer.index !== -5) return null
  const cartAt = onlyOne(html, cartLinkHtml(0))
  if (cartAt < 0 || cartAt > streamAt) return null

  // Everything a signed-in shopper needs, or guests only.
  const routeIds = Object.entries(routes as Record<string, number>).map(([prop]) => values[Number(prop.slice(1))] as string)
  const listed = routeIds.every((id) => id === 'root' || id in SIGNED_IN_ROUTES)
  const bannerConfig = routeIds.map((id) => SIGNED_IN_ROUTES[id]).find((r) => r?.bannerClass !== undefined)
  const routeData = routeIds.filter((id) => id !== 'root').map((id) => values[entry(values, routes, id)!.index])
  const bannerOwner = bannerConfig ? routeData.find((data) => entry(values, data, 'discountBanner')) : undefined
  // The landing page shows the banner only without home banner ads: with ads, it is no one's (not a slot).
  const ads = bannerConfig?.bannerUnlessAds && bannerOwner ? entry(values, bannerOwner, 'bannerAds') : undefined
  const adList = ads ? values[ads.index] : undefined
  const adsKnown = !bannerConfig?.bannerUnlessAds || Array.isArray(adList)
  const noBanner = Array.isArray(adList) && adList.length > 0
  const bannerRoute = noBanner ? undefined : bannerConfig
  const banner = bannerOwner && bannerRoute ? entry(values, bannerOwner, 'discountBanner') : undefined
  const { at: menuAt, link: signInLink } = await findSignInLink(html)
  const bannerAt = banner && banner.index === -5 ? onlyOne(html, BANNER_ANCHOR) : -1
  const registry = routeIds.some((id) => SIGNED_IN_ROUTES[id]?.addToRegistry) ? await markRegistryBlock(html, values, routeData, streamAt) : ({ ok: true } as RegistryMark)
  // The landing page's birthday prompt facts: in its loader data only, null for nobody.
  const offersPrompt = routeIds.some((id) => SIGNED_IN_ROUTES[id]?.birthdayPrompt)
  const promptOwner = offersPrompt ? routeData.find((data) => entry(values, data, 'birthdayPrompt')) : undefined
  const prompt = promptOwner ? entry(values, promptOwner, 'birthdayPrompt') : undefined
  const promptOk = !offersPrompt || prompt?.index === -5
  const signedIn =
    listed && adsKnown && promptOk && registry.ok && menuAt >= 0 && menuAt < streamAt && (!bannerRoute || (bannerAt >= 0 && bannerAt < streamAt))

  const heads: PersonalSlots['heads'] = ['cartCount']
  const streamBase = values.length
  const point = (object: unknown, prop: string) => ((object as Record<string, number>)[prop] = streamBase + heads.length - 1)
  point(rootData, cartCount.prop)
  if (signedIn) {
    heads.push('viewer')
    point(rootData, viewer.prop)
    if (banner) {
      heads.push('discountBanner')
      point(bannerOwner, banner.prop)
    }
    if (registry.ok && registry.owner && registry.email) {
      heads.push('viewerEmail')
      point(registry.owner, registry.email.prop)
      if (registry.block) {
        heads.push('addToRegistry')
        point(registry.owner, registry.block.prop)
      }
    }
    if (prompt) {
      heads.push('birthdayPrompt')
      point(promptOwner, prompt.prop)
    }
  }
  // The new entries go where a placeholder string stands, quotes and all.
  const placeholder = `nl-placeholder-${randomUUID()}`
  values.push(placeholder)
  const marked = chunkLiteral(`${JSON.stringify(values)}\n`)
  const quoted = chunkLiteral(JSON.stringify(placeholder)).slice(1, -1)
  const at = marked.indexOf(quoted)
  if (at < 0) return null

  // The HTML's parts in page order, then the stream.
  const parts: { at: number; length: number; kind: PersonalSlots['kinds'][number] }[] = [{ at: cartAt, length: cartLinkHtml(0).length, kind: 'cartLink' }]
  if (signedIn) {
    parts.push({ at: menuAt, length: signInLink.length, kind: 'accountMenu' })
    if (banner) parts.push({ at: bannerAt, length: BANNER_ANCHOR.length, kind: 'banner' })
    if (registry.ok && registry.block) parts.push({ at: registry.block.at, length: registry.block.html.length, kind: 'addToRegistry' })
    if (registry.ok && registry.notify) parts.push({ at: registry.notify.at, length: registry.notify.html.length, kind: 'notifyMe' })
  }
  parts.sort((a, b) => a.at - b.at)
  for (let i = 1; i < parts.length; i++) if (parts[i]!.at < parts[i - 1]!.at + parts[i - 1]!.length) return null
  let out = ''
  let from = 0
  for (const part of parts) {
    out += html.slice(from, part.at) + markers[part.kind]
    from = part.at + part.length
  }
  out += html.slice(from, start) + marked.slice(0, at) + markers.stream + marked.slice(at + quoted.length) + html.slice(end)
  return {
    html: out,
    slots: {
      kinds: [...parts.map((p) => p.kind), 'stream'],
      signedIn,
      signInLink,
      streamBase,
      heads,
      bannerClass: bannerRoute?.bannerClass ?? '',
      ...(signedIn && noBanner ? { noBanner: true as const } : {}),
      ...(signedIn && registry.ok && registry.block ? { product: registry.block.product } : {}),
      ...(signedIn && registry.ok && registry.notify ? { notifyMe: registry.notify.product } : {}),
    },
  }
}

/**
 * `values` as new stream entries from index `base`: first one entry per value (its head, the index a key was pointed
 * at), then what objects and arrays among them hold. Only JSON values (what the personal values are); anything else
 * throws, and the page is then rendered.
 */
export function personalEntries(values: unknown[], base: number): string {
  const entries: unknown[] = new Array(values.length)
  const add = (value: unknown): number => {
    if (value === null) return -5
    if (value === undefined) return -7
    entries.push(undefined)
    const at = entries.length - 1
    entries[at] = encode(value)
    return base + at
  }
  const encode = (value: unknown): unknown => {
    if (value === null || typeof value === 'string' || typeof value === 'boolean') return value
    if (typeof value === 'number') {
      if (!Number.isFinite(value) || Object.is(value, -0)) throw new Error('not a plain number')
      return value
    }
    if (Array.isArray(value)) return value.map(add)
    if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
      const object: Record<string, number> = {}
      for (const [key, v] of Object.entries(value as Record<string, unknown>)) object[`_${add(key)}`] = add(v)
      return object
    }
    throw new Error(`not a JSON value: ${typeof value}`)
  }
  values.forEach((value, i) => (entries[i] = encode(value)))
  return JSON.stringify(entries).slice(1, -1)
}

const streams = new Map<string, string>()
/**
 * The stream's new entries for these values, as they stand in the page's script. Remembered by the values' JSON (the
 * personal values are JSON by their types, and personalEntries checks each on first use): visitors share a cart count,
 * a banner, a block, and the same visitor comes back, so most responses skip the encoding (decision 028 h30).
 */
function streamEntries(heads: unknown[], base: number): string {
  const key = `${base} ${JSON.stringify(heads)}`
  return remembered(() => escapeScript(JSON.stringify(personalEntries(heads, base)).slice(1, -1)), streams, key)
}

/** The values for a marked page's slots, in `slots.kinds` order; null when this visitor's page cannot be made from it. */
export async function slotValues(slots: PersonalSlots, personal: PersonalValues): Promise<string[] | null> {
  // A signed-in page needs a copy that takes one; an address not yet confirmed adds a reminder the copy does not have.
  if (personal.viewer && (!slots.signedIn || !personal.viewer.emailVerified)) return null
  if (personal.discountBanner && !slots.heads.includes('discountBanner') && !slots.noBanner) return null
  const menu = personal.viewer ? await accountMenuHtml(personal.viewer) : slots.signInLink
  const product = slots.product
  const block = product && personal.addToRegistry ? await registryBlockHtml(personal.addToRegistry, product) : ''
  if (product && !block) return null
  if (slots.notifyMe && personal.viewerEmail === undefined) return null
  const notify = slots.notifyMe ? await notifyMeHtml(slots.notifyMe, personal.viewerEmail ?? null) : ''
  if (slots.heads.some((head) => personal[head] === undefined)) return null
  const heads = slots.heads.map((head) => personal[head])
  let stream: string
  try {
    stream = streamEntries(heads, slots.streamBase)
  } catch {
    return null
  }
  return slots.kinds.map((kind) =>
    kind === 'cartLink'
      ? cartLinkHtml(personal.cartCount)
      : kind === 'accountMenu'
        ? menu
        : kind === 'banner'
          ? bannerHtml(personal.discountBanner, slots.bannerClass)
          : kind === 'addToRegistry'
            ? block
            : kind === 'notifyMe'
              ? notify
              : stream,
  )
}
