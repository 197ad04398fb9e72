import { randomInt } from 'node:crypto'
import { type AnyColumn, and, asc, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { DomainError } from '~/lib/errors'
import { parseInput as parse } from '~/lib/parse-input'
import { openOptionChoices } from '~/modules/catalog/product-options'
import { type ProductOptions, products } from '~/modules/catalog/catalog.schema'
import { pdpPath } from '~/modules/catalog/product-path'
import { createRegistryAccess } from './registry-access.server'
import { DEFAULT_CATEGORIES, type RegistryType } from './registry.constants'
import { type RegItemRow, type RegistryRow, regItems, registries, registryCategories, reservations } from './registry.schema'
import type { FoundRegistry, GuestItem, GuestRegistry, OwnerItem, OwnerRegistry, SetupGoal } from './registry.types'
import {
  addItemInput,
  categoryInput,
  createRegistryInput,
  giftDeliveryInput,
  postalAddressInput,
  registrySettingsInput,
  slugInput,
  updateItemInput,
  visibilityInput,
} from './registry.validation'


export const registryMessages = {
  notFound: 'We could not find that registry.',
  itemNotFound: 'That item is not on this registry.',
  slugTaken: 'That web address is taken. Try another one.',
  quantityBelowGiven: (given: number) => `${given} of this item ${given === 1 ? 'is' : 'are'} already reserved or bought, so ask for at least ${given}.`,
  groupGiftQuantityFixed: (quantity: number) =>
    `Guests have already chipped in towards this group gift, so the quantity stays at ${quantity} (its goal was fixed when the first guest chipped in).`,
  quantityBelowGivenSurprise: 'Guests have already taken care of some of this, so the quantity cannot go that low. (We keep the details a surprise.)',
  defaultCategory: 'This category holds items by default, so it cannot be renamed or deleted.',
  productUnavailable: 'That product is not available to add.',
  ownerOnlyDelete: 'Only the registry’s owner can delete it.',
  deleteNotConfirmed: 'Tick the box to confirm that you want to delete this registry and its gift records.',
} as const

/** Paths (slugs) that would shadow our own pages at /{slug}. */
const RESERVED_SLUGS = new Set([
  'store', 'registry', 'list', 'reg', 'login', 'logout', 'signup', 'settings', 'admin', 'bl_admin', 'api', 'gp', 'find', 'hello-baby',
  'reservations', 'reservation', 'add-items', 'orders', 'returns', 'shipments', 'catalog', 'assets', 'images', 'sitemap', 'robots', 'about', 'terms',
  'privacy', 'health', 'lists', 'index', 'password_resets', 'forgot_password', 'verify_email', 'best-baby-products', 'email_actions',
  'baby-registry-checklist', 'baby-registry-checklist-quiz',
])

const monthOf = (d: string | null) => (d ? d.slice(0, 7) : null)
const shipsTo = (r: RegistryRow) => (r.shippingAddress ? { city: r.shippingAddress.city, state: r.shippingAddress.state } : null)

function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/g, '')
}

/** An item from another store, checked by external-products.validation (imageUrl is a picture we stored). */
export type ExternalItemData = {
  title: string
  priceCents: number
  quantity: number
  categoryId?: number
  note: string
  mostWanted: boolean
  storeName: string
  externalUrl: string
  imageUrl: string
}

export type RegistryDeps = { db: Db; clock?: () => Date }

/** The registry a user adds products to, with its categories in order (registry.addTargetFor). */
export type AddTarget = { registryId: number; title: string; categories: { id: number; title: string; isDefault: boolean }[] }

/**
 * The registry a user adds products to, as one JSON value over `userId` (a value or another statement's user id column):
 * the first of registry-access's managedBy (their own registries first, then those they most recently joined, newest
 * first), with its categories by position; null when they manage none. addTargetFor reads it alone; the shop header's
 * statement for a product page made from the shared copy reads it beside the session (decision 028 h29).
 */
export const addTargetOf = (userId: AnyColumn | SQL) =>
  sql<AddTarget | null>`(select json_build_object('registryId', r.id, 'title', r.title, 'categories', (select coalesce(json_agg(json_build_object('id', c.id, 'title', c.title, 'isDefault', c.is_default) order by c.position, c.id), '[]'::json) from registry_categories c where c.registry_id = r.id))
    from registries r left join registry_collaborators rc on rc.registry_id = r.id and rc.user_id = ${userId}
    where r.owner_id = ${userId} or rc.user_id = ${userId}
    order by (r.owner_id = ${userId}) desc, rc.joined_at desc, r.created_at desc limit 1)`

/**
 * A user's current registry (their newest own one, as ownedBy()[0]) as the facts its discount is worked out from,
 * as a column of another statement (`userId`: that statement's user id column): null without a registry. For the
 * shop header's facts in one statement (accounts' sessionReaderWith; decision 028 h29).
 */
export const currentRegistryDiscountFactsOf = (userId: AnyColumn) =>
  sql<{ registryType: string; arrivalDate: string | null; createdAt: string } | null>`(select json_build_object('registryType', r.registry_type, 'arrivalDate', r.arrival_date, 'createdAt', r.created_at) from registries r where r.owner_id = ${userId} order by r.created_at desc, r.id desc limit 1)`

/**
 * The registries a user owns, newest first (ownedBy's order), with what the birthday prompt needs of each, as a column
 * of another statement (the landing page's header facts in one statement, decision 028 h30).
 */
export const ownedRegistriesOf = (userId: AnyColumn) =>
  sql<{ id: number; ownerId: number; registryType: string }[]>`(select coalesce(json_agg(json_build_object('id', r.id, 'ownerId', r.owner_id, 'registryType', r.registry_type) order by r.created_at desc, r.id desc), '[]'::json) from registries r where r.owner_id = ${userId})`

/** Registries: create, settings, items and categories for owners; the guest view and find for everyone. */
/** /find: a word of the family name or title this close to the term (pg_trgm word_similarity) is a match; 0.4 lets one typo through. */
export const FIND_WORD_SIMILARITY = 0.4
/** /find: terms shorter than this match by containment only. */
export const FIND_FUZZY_MIN_LENGTH = 3

export function createRegistryService({ db, clock = () => new Date() }: RegistryDeps) {
  const today = () => clock().toISOString().slice(0, 10)

  async function registryById(id: number) {
    if (!Number.isSafeInteger(id) || id <= 0) return undefined
    const [r] = await db.select().from(registries).where(eq(registries.id, id))
    return r
  }

  const access = createRegistryAccess(db)

  /**
   * The registry if `userId` may manage it (its owner or a collaborator); otherwise not_found (never
   * 'forbidden', which would confirm it exists). Every owner use case below goes through here.
   */
  async function managed(registryId: number, userId: number) {
    const found = await access.of(registryId, userId)
    if (!found) throw new DomainError('not_found', registryMessages.notFound)
    return found
  }

  /** The item if `userId` may manage its registry; otherwise not_found. */
  async function managedItem(itemId: number, userId: number) {
    if (!Number.isSafeInteger(itemId) || itemId <= 0) throw new DomainError('not_found', registryMessages.itemNotFound)
    const [item] = await db.select().from(regItems).where(eq(regItems.id, itemId))
    if (!item || !(await access.of(item.registryId, userId))) throw new DomainError('not_found', registryMessages.itemNotFound)
    return item
  }

  async function slugAvailable(slug: string, exceptRegistryId?: number) {
    if (RESERVED_SLUGS.has(slug)) return false
    const [taken] = await db
      .select({ id: registries.id })
      .from(registries)
      .where(exceptRegistryId ? and(eq(registries.slug, slug), ne(registries.id, exceptRegistryId)) : eq(registries.slug, slug))
    return !taken
  }

  const toGuestItem = (i: RegItemRow, productSlug: string | null): GuestItem => ({
    id: i.id,
    categoryId: i.categoryId,
    productId: i.productId,
    href: i.productId && productSlug ? pdpPath({ slug: productSlug, genericProductId: i.productId }) : i.externalUrl,
    title: i.title,
    imageUrl: i.imageUrl,
    storeName: i.storeName,
    priceCents: i.priceCents,
    quantityNeeded: i.quantityNeeded,
    quantityStillNeeded: Math.max(0, i.quantityNeeded - i.quantityReserved - i.quantityPurchased),
    note: i.note,
    mostWanted: i.mostWanted,
    groupGift: i.groupGift,
    options: i.options,
    position: i.position,
  })

  async function itemsOf(registryId: number, { includeRemoved }: { includeRemoved: boolean }) {
    return db
      .select({
        item: regItems,
        productSlug: products.slug,
        // Sold by the Nestlist shop and in stock: guests can 'Buy from Nestlist' (cart module).
        buyable: sql<boolean>`coalesce(${products.productType} = 'product' and ${products.available}, false)`,
      })
      .from(regItems)
      .leftJoin(products, eq(products.id, regItems.productId))
      .where(includeRemoved ? eq(regItems.registryId, registryId) : and(eq(regItems.registryId, registryId), isNull(regItems.removedAt)))
      .orderBy(asc(regItems.categoryId), asc(regItems.position), asc(regItems.id))
  }

  /** The options and stock (per option key; null before the product has stock rows) of the registry's shop products, in one read. */
  async function shopStockOf(registryId: number) {
    const { rows } = await db.execute<{ id: number; options: ProductOptions; stock: number; by_key: Record<string, number> | null }>(sql`
      select p.id, p.options, p.stock, (select json_object_agg(ps.option_key, ps.quantity) from product_stock ps where ps.product_id = p.id) as by_key
      from products p
      where p.id in (select ri.product_id from reg_items ri where ri.registry_id = ${registryId} and ri.removed_at is null and ri.product_id is not null)`)
    return new Map(rows.map((p) => [Number(p.id), { options: p.options ?? {}, stock: Math.max(0, Number(p.stock)), byKey: p.by_key }]))
  }

  async function categoriesOf(registryId: number) {
    return db
      .select()
      .from(registryCategories)
      .where(eq(registryCategories.registryId, registryId))
      .orderBy(asc(registryCategories.position), asc(registryCategories.id))
  }

  type NewItem = Omit<typeof regItems.$inferInsert, 'registryId' | 'categoryId' | 'position' | 'createdAt'>

  /** Inserts an item at the end of the chosen category (or the default one); refuses a category of another registry. */
  async function insertItem(registryId: number, categoryId: number | undefined, values: NewItem) {
    const cats = await categoriesOf(registryId)
    const category = categoryId ? cats.find((c) => c.id === categoryId) : cats.find((c) => c.isDefault)
    if (!category) throw new DomainError('invalid_input', 'Choose one of your categories.', { fields: { categoryId: ['Choose one of your categories.'] } })
    const [{ next } = { next: 0 }] = await db
      .select({ next: sql<number>`coalesce(max(${regItems.position}) + 1, 0)::int` })
      .from(regItems)
      .where(and(eq(regItems.registryId, registryId), eq(regItems.categoryId, category.id)))
    const [item] = await db
      .insert(regItems)
      .values({ ...values, registryId, categoryId: category.id, position: next, createdAt: clock() })
      .returning()
    return item!
  }

  function surpriseActive(r: RegistryRow) {
    return r.surprise && (!r.surpriseRevealDate || r.surpriseRevealDate > today())
  }

  async function hasShared(registryId: number) {
    // Shared once the owner sent invitations (sharedAt) or a guest has reserved or bought from it.
    const [reg] = await db.select({ sharedAt: registries.sharedAt }).from(registries).where(eq(registries.id, registryId))
    if (reg?.sharedAt) return true
    const [r] = await db.select({ id: reservations.id }).from(reservations).where(eq(reservations.registryId, registryId)).limit(1)
    return Boolean(r)
  }

  const service = {
    /** A free, suggested web address from the family's names ('Maya & Leo' -> 'maya-and-leo', then -2, -3…). */
    async suggestSlug(from: string): Promise<string> {
      const base = slugify(from) || 'our-registry'
      const padded = base.length < 3 ? `${base}-registry` : base
      for (let n = 1; n < 50; n++) {
        const candidate = n === 1 ? padded : `${padded}-${n}`
        if (await slugAvailable(candidate)) return candidate
      }
      return `${padded}-${randomInt(1000, 9999)}`
    },

    /** True when `slug` is valid and free (for the create form's live check). */
    async isSlugAvailable(slug: string, exceptRegistryId?: number) {
      const parsed = slugInput.safeParse(slug)
      return parsed.success && (await slugAvailable(parsed.data, exceptRegistryId))
    },

    /** Creates a registry with its default categories for the signed-in owner. */
    async create(ownerId: number, input: unknown): Promise<OwnerRegistry> {
      const data = parse(createRegistryInput, input)
      if (!(await slugAvailable(data.slug))) {
        throw new DomainError('conflict', registryMessages.slugTaken, { fields: { slug: [registryMessages.slugTaken] } })
      }
      const id = await db.transaction(async (tx) => {
        for (let attempt = 0; attempt < 5; attempt++) {
          const candidate = randomInt(100_000_000_000, 999_999_999_999)
          const inserted = await tx
            .insert(registries)
            .values({
              id: candidate,
              ownerId,
              registryType: data.registryType,
              title: data.title,
              slug: data.slug,
              familyName: data.familyName,
              arrivalDate: data.isArrivalDateKnown ? (data.arrivalDate ?? null) : null,
              isArrivalDateKnown: data.isArrivalDateKnown,
              planningStage: data.registryType === 'baby' ? (data.planningStage ?? null) : null,
              expecting: data.registryType === 'baby' ? (data.expecting ?? null) : null,
              showerDate: data.showerDate ?? null,
              guestCount: data.guestCount ?? null,
              guestTypes: data.guestTypes,
              createdAt: clock(),
              updatedAt: clock(),
            })
            .onConflictDoNothing()
            .returning({ id: registries.id, slug: registries.slug })
          if (inserted[0]) {
            await tx.insert(registryCategories).values(
              DEFAULT_CATEGORIES[data.registryType as RegistryType].map((title, position) => ({
                registryId: candidate,
                title,
                position,
                isDefault: position === 0,
              })),
            )
            return candidate
          }
          // a clash on the slug (someone took it a moment ago) or, rarely, on the random id
          if (!(await slugAvailable(data.slug))) {
            throw new DomainError('conflict', registryMessages.slugTaken, { fields: { slug: [registryMessages.slugTaken] } })
          }
        }
        throw new Error('could not allocate a registry id')
      })
      return service.ownerView(id, ownerId)
    },

    /** The registries a user owns, newest first (id, ownerId, registryType for GET /api/v3/user; arrival and creation for the discount). */
    async ownedBy(userId: number) {
      return db
        .select({
          id: registries.id,
          ownerId: registries.ownerId,
          registryType: registries.registryType,
          slug: registries.slug,
          title: registries.title,
          arrivalDate: registries.arrivalDate,
          createdAt: registries.createdAt,
        })
        .from(registries)
        .where(eq(registries.ownerId, userId))
        .orderBy(desc(registries.createdAt), desc(registries.id))
    },

    /** Every registry the user manages, owned ones first, then those they collaborate on (see registry-access). */
    managedBy: access.managedBy,

    /** The user's role on a registry ('owner' or 'collaborator'), or null when they may not manage it. */
    roleOf: access.roleOf,

    /** The user's current registry: their newest own one, else the one they most recently joined; null when none. */
    async currentFor(userId: number): Promise<OwnerRegistry | null> {
      const [r] = await access.managedBy(userId)
      return r ? service.ownerView(r.id, userId) : null
    },

    /** Everything the owner sees; who gave what is left out while 'keep it a surprise' is on. */
    async ownerView(registryId: number, userId: number): Promise<OwnerRegistry> {
      const { registry: r, role } = await managed(registryId, userId)
      const [rows, cats, shared] = await Promise.all([itemsOf(r.id, { includeRemoved: true }), categoriesOf(r.id), hasShared(r.id)])
      const hidden = surpriseActive(r)
      const items: OwnerItem[] = rows.map(({ item, productSlug }) => ({
        ...toGuestItem(item, productSlug),
        // With the surprise on, the owner sees only whether more is needed, not how much was reserved or bought.
        quantityReserved: hidden ? 0 : item.quantityReserved,
        quantityPurchased: hidden ? 0 : item.quantityPurchased,
        removed: item.removedAt !== null,
      }))
      const live = items.filter((i) => !i.removed)
      const stats = {
        items: live.length,
        reserved: hidden ? 0 : live.reduce((n, i) => n + i.quantityReserved, 0),
        purchased: hidden ? 0 : live.reduce((n, i) => n + i.quantityPurchased, 0),
        stillNeeded: live.reduce((n, i) => n + i.quantityStillNeeded, 0),
      }
      const goals: SetupGoal[] = [
        { key: 'add_10_items', label: 'Add 10 items', done: live.length >= 10, href: '/store' },
        { key: 'add_shipping_address', label: 'Add a shipping address', done: r.shippingAddress !== null, href: '/settings/registry' },
        { key: 'add_welcome_note', label: 'Write a welcome note for guests', done: r.welcomeNote.trim() !== '', href: '/settings/registry' },
        { key: 'share_registry', label: 'Share your registry', done: shared, href: '/registry/share' },
      ]
      return {
        id: r.id,
        ownerId: r.ownerId,
        role,
        slug: r.slug,
        registryType: r.registryType,
        title: r.title,
        familyName: r.familyName,
        welcomeNote: r.welcomeNote,
        arrivalMonth: monthOf(r.arrivalDate),
        arrivalDate: r.arrivalDate,
        isArrivalDateKnown: r.isArrivalDateKnown,
        planningStage: r.planningStage,
        expecting: r.expecting,
        showerDate: r.showerDate,
        guestCount: r.guestCount,
        guestTypes: r.guestTypes,
        searchLevel: r.searchLevel,
        shippingAddress: r.shippingAddress ?? null,
        shareAddressWithGivers: r.shareAddressWithGivers,
        giftDeliveryNote: r.giftDeliveryNote,
        shipsTo: shipsTo(r),
        surprise: r.surprise,
        surpriseRevealDate: r.surpriseRevealDate,
        surpriseActive: hidden,
        categories: cats.map((c) => ({
          id: c.id,
          title: c.title,
          position: c.position,
          isDefault: c.isDefault,
          itemCount: live.filter((i) => i.categoryId === c.id).length,
        })),
        items,
        stats,
        goals,
        createdAt: r.createdAt.toISOString(),
      }
    },

    /** What guests see at /list/{id}, /reg/{id} and /{slug}: no address, no email, no givers. */
    async guestView(idOrSlug: number | string): Promise<GuestRegistry> {
      const r =
        typeof idOrSlug === 'number'
          ? await registryById(idOrSlug)
          : (await db.select().from(registries).where(eq(registries.slug, idOrSlug.toLowerCase())))[0]
      if (!r) throw new DomainError('not_found', registryMessages.notFound)
      const [rows, cats, stocked] = await Promise.all([itemsOf(r.id, { includeRemoved: false }), categoriesOf(r.id), shopStockOf(r.id)])
      // What a giver can buy from the shop: the options the family left open with their stock, and nothing at all when
      // every combination the family's choice allows is sold out.
      const buying = (item: RegItemRow, buyable: boolean) => {
        const product = item.productId !== null ? stocked.get(item.productId) : undefined
        if (!buyable || !product) return { buyFromShop: false }
        // A product without stock rows yet counts its opening stock for every option (as the cart does).
        const leftOf = (key: string) => (product.byKey ? (product.byKey[key] ?? 0) : product.stock)
        const { open, left } = openOptionChoices(product.options, { size: item.options.size, color: item.options.color }, leftOf)
        return left > 0 ? { buyFromShop: true, ...(open.length > 0 ? { openOptions: open } : {}) } : { buyFromShop: false }
      }
      return {
        id: r.id,
        slug: r.slug,
        registryType: r.registryType,
        title: r.title,
        familyName: r.familyName,
        welcomeNote: r.welcomeNote,
        arrivalMonth: monthOf(r.arrivalDate),
        shipsTo: shipsTo(r),
        categories: cats.map((c) => ({ id: c.id, title: c.title, position: c.position })),
        items: rows.map(({ item, productSlug, buyable }) => ({ ...toGuestItem(item, productSlug), ...buying(item, Boolean(buyable)) })),
      }
    },

    /** Changes title, slug, names, welcome note, dates and the surprise setting. */
    async updateSettings(registryId: number, userId: number, input: unknown) {
      const { registry: r } = await managed(registryId, userId)
      const data = parse(registrySettingsInput, input)
      if (!(await slugAvailable(data.slug, r.id))) {
        throw new DomainError('conflict', registryMessages.slugTaken, { fields: { slug: [registryMessages.slugTaken] } })
      }
      await db
        .update(registries)
        .set({
          title: data.title,
          familyName: data.familyName,
          slug: data.slug,
          welcomeNote: data.welcomeNote,
          arrivalDate: data.isArrivalDateKnown ? (data.arrivalDate ?? null) : null,
          isArrivalDateKnown: data.isArrivalDateKnown,
          planningStage: r.registryType === 'baby' ? (data.planningStage ?? r.planningStage) : null,
          surprise: data.surprise,
          surpriseRevealDate: data.surprise ? (data.surpriseRevealDate ?? null) : null,
          updatedAt: clock(),
        })
        .where(eq(registries.id, r.id))
      return service.ownerView(r.id, userId)
    },

    /** Who can find the registry: nestlist, private or google (the spec's public). */
    async setVisibility(registryId: number, userId: number, input: unknown) {
      const { registry: r } = await managed(registryId, userId)
      const data = parse(visibilityInput, input)
      await db.update(registries).set({ searchLevel: data.searchLevel, updatedAt: clock() }).where(eq(registries.id, r.id))
      return data.searchLevel
    },

    /** Where gifts ship (never shown to guests). Null removes it. */
    async setShippingAddress(registryId: number, userId: number, input: unknown | null) {
      const { registry: r } = await managed(registryId, userId)
      const address = input === null ? null : parse(postalAddressInput, input)
      await db.update(registries).set({ shippingAddress: address, updatedAt: clock() }).where(eq(registries.id, r.id))
    },

    /**
     * How gifts from other stores reach the family: show the gift address to a giver who reserved a gift or
     * marked one bought elsewhere (to that giver only, never on the public page), and/or a note of their own.
     */
    async setGiftDelivery(registryId: number, userId: number, input: unknown) {
      const { registry: r } = await managed(registryId, userId)
      const data = parse(giftDeliveryInput, input)
      await db.update(registries).set({ shareAddressWithGivers: data.shareAddress, giftDeliveryNote: data.note, updatedAt: clock() }).where(eq(registries.id, r.id))
    },

    /** Adds a shop product to the registry (price as of now), into the chosen or default category. */
    async addItem(registryId: number, userId: number, input: unknown): Promise<OwnerItem> {
      const { registry: r } = await managed(registryId, userId)
      const data = parse(addItemInput, input)
      const [product] = await db.select().from(products).where(eq(products.id, data.productId))
      if (!product || !product.available) {
        throw new DomainError('invalid_input', registryMessages.productUnavailable, { fields: { productId: [registryMessages.productUnavailable] } })
      }
      const item = await insertItem(r.id, data.categoryId, {
        productId: product.id,
        title: product.name,
        imageUrl: product.imageUrl,
        priceCents: product.salePriceCents ?? product.priceCents,
        quantityNeeded: data.quantity,
        note: data.note,
        mostWanted: data.mostWanted,
        options: data.options,
      })
      return { ...toGuestItem(item, product.slug), quantityReserved: 0, quantityPurchased: 0, removed: false }
    },

    /**
     * Adds an item from another store (product type external): its store name and link are kept, the picture
     * is one we stored (external-products module). Input is already checked by that module's schema.
     */
    async addExternalItem(registryId: number, userId: number, data: ExternalItemData): Promise<OwnerItem> {
      const { registry: r } = await managed(registryId, userId)
      const item = await insertItem(r.id, data.categoryId, {
        productId: null,
        title: data.title,
        imageUrl: data.imageUrl,
        externalUrl: data.externalUrl,
        storeName: data.storeName,
        priceCents: data.priceCents,
        quantityNeeded: data.quantity,
        note: data.note,
        mostWanted: data.mostWanted,
      })
      return { ...toGuestItem(item, null), quantityReserved: 0, quantityPurchased: 0, removed: false }
    },

    /** The item (id, registry, title, store) when `userId` may manage it; otherwise not_found. */
    async manageableItem(itemId: number, userId: number) {
      if (!Number.isSafeInteger(itemId) || itemId <= 0) throw new DomainError('not_found', registryMessages.itemNotFound)
      const item = await managedItem(itemId, userId)
      return { id: item.id, registryId: item.registryId, title: item.title, storeName: item.storeName, productId: item.productId, externalUrl: item.externalUrl, priceCents: item.priceCents }
    },

    /**
     * Edits an item; `changed` says whether anything differed from what was saved. The quantity cannot go below
     * what guests already reserved or bought (the database check holds it too, whatever runs at the same moment).
     * An item moved to another category without a position goes to that category's end.
     */
    async updateItem(itemId: number, userId: number, input: unknown): Promise<{ changed: boolean }> {
      const item = await managedItem(itemId, userId)
      const data = parse(updateItemInput, input)
      let position = data.position
      if (data.categoryId !== undefined) {
        const cats = await categoriesOf(item.registryId)
        if (!cats.some((c) => c.id === data.categoryId)) {
          throw new DomainError('invalid_input', 'Choose one of your categories.', { fields: { categoryId: ['Choose one of your categories.'] } })
        }
        if (position === undefined && data.categoryId !== item.categoryId) {
          const [{ next } = { next: 0 }] = await db
            .select({ next: sql<number>`coalesce(max(${regItems.position}) + 1, 0)::int` })
            .from(regItems)
            .where(and(eq(regItems.registryId, item.registryId), eq(regItems.categoryId, data.categoryId)))
          position = next
        }
      }
      const set = {
        ...(data.note !== undefined ? { note: data.note } : {}),
        ...(data.mostWanted !== undefined ? { mostWanted: data.mostWanted } : {}),
        ...(data.categoryId !== undefined ? { categoryId: data.categoryId } : {}),
        ...(position !== undefined ? { position } : {}),
        ...(data.quantity !== undefined ? { quantityNeeded: data.quantity } : {}),
      }
      const changed = (Object.keys(set) as (keyof typeof set)[]).some((key) => set[key] !== item[key])
      if (!changed) return { changed: false }
      const update = (q: Pick<Db, 'update'>, extra: { groupGiftGoalCents?: null } = {}) =>
        q
          .update(regItems)
          .set({ ...set, ...extra })
          .where(
            data.quantity !== undefined
              ? and(eq(regItems.id, item.id), sql`${regItems.quantityReserved} + ${regItems.quantityPurchased} <= ${data.quantity}`)
              : eq(regItems.id, item.id),
          )
          .returning({ id: regItems.id })
      const updated =
        data.quantity !== undefined && data.quantity !== item.quantityNeeded && item.groupGift
          ? // A group gift's goal is fixed once a guest chips in (decision 030, h13): its quantity cannot change while
            // chip-ins are held or charged; before that the goal follows the new quantity. The item's row is locked
            // first (as recording a chip-in locks it), so the count cannot miss one being recorded.
            await db.transaction(async (tx) => {
              const locked = await tx.execute<{ group_gift: boolean; quantity_needed: number }>(sql`select group_gift, quantity_needed from reg_items where id = ${item.id} for update`)
              const row = locked.rows[0]
              if (!row?.group_gift) return update(tx)
              const active = await tx.execute<{ n: number }>(sql`select count(*)::int as n from cash_fund_contributions where reg_item_id = ${item.id} and status <> 'cancelled'`)
              if (Number(active.rows[0]?.n ?? 0) > 0) {
                const message = registryMessages.groupGiftQuantityFixed(Number(row.quantity_needed))
                throw new DomainError('conflict', message, { fields: { quantity: [message] } })
              }
              return update(tx, { groupGiftGoalCents: null })
            })
          : await update(db)
      if (updated.length === 0) {
        const [now] = await db.select().from(regItems).where(eq(regItems.id, item.id))
        const given = (now?.quantityReserved ?? 0) + (now?.quantityPurchased ?? 0)
        // While 'keep it a surprise' is on, the answer must not count what guests gave.
        const [reg] = await db.select().from(registries).where(eq(registries.id, item.registryId))
        const message = reg && surpriseActive(reg) ? registryMessages.quantityBelowGivenSurprise : registryMessages.quantityBelowGiven(given)
        throw new DomainError('conflict', message, { fields: { quantity: [message] } })
      }
      return { changed: true }
    },

    /** Removes an item from the guest view; its reservations stay, and the owner still sees them. */
    async removeItem(itemId: number, userId: number) {
      const item = await managedItem(itemId, userId)
      await db.update(regItems).set({ removedAt: clock() }).where(eq(regItems.id, item.id))
    },

    /** Puts a removed item back. */
    async restoreItem(itemId: number, userId: number) {
      const item = await managedItem(itemId, userId)
      await db.update(regItems).set({ removedAt: null }).where(eq(regItems.id, item.id))
    },

    /** Sets the order of items in a category (ids in the new order); ids from elsewhere are refused. */
    async reorderItems(registryId: number, userId: number, categoryId: number, itemIds: number[]) {
      const { registry: r } = await managed(registryId, userId)
      const rows = await db
        .select({ id: regItems.id })
        .from(regItems)
        .where(and(eq(regItems.registryId, r.id), inArray(regItems.id, itemIds.length ? itemIds : [-1])))
      if (rows.length !== new Set(itemIds).size) throw new DomainError('not_found', registryMessages.itemNotFound)
      await db.transaction(async (tx) => {
        for (const [position, id] of itemIds.entries()) {
          await tx.update(regItems).set({ position, categoryId }).where(eq(regItems.id, id))
        }
      })
    },

    /** Adds a category at the end. */
    async addCategory(registryId: number, userId: number, input: unknown) {
      const { registry: r } = await managed(registryId, userId)
      const data = parse(categoryInput, input)
      const [{ next } = { next: 0 }] = await db
        .select({ next: sql<number>`coalesce(max(${registryCategories.position}) + 1, 0)::int` })
        .from(registryCategories)
        .where(eq(registryCategories.registryId, r.id))
      const [c] = await db.insert(registryCategories).values({ registryId: r.id, title: data.title, position: next }).returning()
      return c!
    },

    /** Renames a category (not the default one). */
    async renameCategory(registryId: number, userId: number, categoryId: number, input: unknown) {
      const { registry: r } = await managed(registryId, userId)
      const data = parse(categoryInput, input)
      const [c] = await db
        .select()
        .from(registryCategories)
        .where(and(eq(registryCategories.id, categoryId), eq(registryCategories.registryId, r.id)))
      if (!c) throw new DomainError('not_found', 'That category is not on this registry.')
      if (c.isDefault) throw new DomainError('invalid_input', registryMessages.defaultCategory)
      await db.update(registryCategories).set({ title: data.title }).where(eq(registryCategories.id, c.id))
    },

    /** Deletes a category; its items move to the default category, nothing is lost. */
    async deleteCategory(registryId: number, userId: number, categoryId: number) {
      const { registry: r } = await managed(registryId, userId)
      const cats = await categoriesOf(r.id)
      const c = cats.find((x) => x.id === categoryId)
      if (!c) throw new DomainError('not_found', 'That category is not on this registry.')
      if (c.isDefault) throw new DomainError('invalid_input', registryMessages.defaultCategory)
      const fallback = cats.find((x) => x.isDefault)!
      await db.transaction(async (tx) => {
        await tx.update(regItems).set({ categoryId: fallback.id }).where(eq(regItems.categoryId, c.id))
        await tx.delete(registryCategories).where(eq(registryCategories.id, c.id))
      })
    },

    /** Sets the category order (ids in the new order). */
    async reorderCategories(registryId: number, userId: number, categoryIds: number[]) {
      const { registry: r } = await managed(registryId, userId)
      const cats = await categoriesOf(r.id)
      const mine = new Set(cats.map((c) => c.id))
      if (categoryIds.length !== mine.size || !categoryIds.every((id) => mine.has(id))) {
        throw new DomainError('invalid_input', 'Send every category of this registry once, in the new order.')
      }
      await db.transaction(async (tx) => {
        for (const [position, id] of categoryIds.entries()) await tx.update(registryCategories).set({ position }).where(eq(registryCategories.id, id))
      })
    },

    /** Records that the owner shared the registry (first time only), for the setup goal. */
    async markShared(registryId: number, userId: number) {
      const { registry: r } = await managed(registryId, userId)
      if (!r.sharedAt) await db.update(registries).set({ sharedAt: clock() }).where(eq(registries.id, r.id))
    },

    /**
     * /find: registries whose family name or title contains the term, or is within about one typo of it
     * (pg_trgm word similarity, 'Rivra' finds Rivera), that their owners let be found; closest first, then newest.
     */
    async find(term: string, limit = 20): Promise<FoundRegistry[]> {
      const q = term.trim().toLowerCase().slice(0, 80)
      if (q.length < 2) return []
      // The expression of registries_find_trgm_idx (drizzle/0005), so both the LIKE and the <% use that index.
      const text = sql`lower(${registries.familyName} || ' ' || ${registries.title})`
      const contains = sql`${text} like ${`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
      // Below 3 letters every short word is 'one typo away': only the plain match.
      const fuzzy = q.length >= FIND_FUZZY_MIN_LENGTH
      const rows = await db.transaction(async (tx) => {
        // <% reads its threshold from this setting; LOCAL keeps it to this transaction.
        if (fuzzy) await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(FIND_WORD_SIMILARITY)}, true)`)
        return tx
          .select()
          .from(registries)
          .where(and(ne(registries.searchLevel, 'private'), fuzzy ? sql`(${contains} or ${q} <% ${text})` : contains))
          .orderBy(
            ...(fuzzy ? [sql`(${contains}) desc`, sql`word_similarity(${q}, ${text}) desc`] : []),
            desc(registries.createdAt),
            desc(registries.id),
          )
          .limit(limit)
      })
      return rows.map((r) => ({
        id: r.id,
        slug: r.slug,
        title: r.title,
        familyName: r.familyName,
        registryType: r.registryType,
        arrivalMonth: monthOf(r.arrivalDate),
        shipsTo: shipsTo(r),
      }))
    },

    /** Public registries for the sitemap (search level google only). */
    async publicSlugs() {
      const rows = await db.select({ slug: registries.slug }).from(registries).where(eq(registries.searchLevel, 'google'))
      return rows.map((r) => r.slug)
    },

    /** True when the user owns the registry (analytics' owner flag; owner-only acts use roleOf). */
    async isOwner(registryId: number, userId: number) {
      return (await access.roleOf(registryId, userId)) === 'owner'
    },

    /** True when the user may manage the registry, as owner or collaborator (pages that switch between owner and guest views). */
    async canManage(registryId: number, userId: number) {
      return (await access.roleOf(registryId, userId)) !== null
    },

    /**
     * Deletes the registry with its items, categories, reservations and collaborators. Only its owner may:
     * a collaborator gets 'forbidden', anyone else not_found. `confirmed` is the owner's explicit yes.
     */
    async deleteRegistry(registryId: number, userId: number, confirmed: boolean) {
      const { registry: r, role } = await managed(registryId, userId)
      if (role !== 'owner') throw new DomainError('forbidden', registryMessages.ownerOnlyDelete)
      if (!confirmed) throw new DomainError('invalid_input', registryMessages.deleteNotConfirmed, { fields: { confirm: [registryMessages.deleteNotConfirmed] } })
      await db.delete(registries).where(and(eq(registries.id, r.id), eq(registries.ownerId, userId)))
    },

    /** The registry id for a slug (for /{slug}), or null. */
    async idForSlug(slug: string) {
      const [r] = await db.select({ id: registries.id }).from(registries).where(eq(registries.slug, slug.toLowerCase()))
      return r?.id ?? null
    },

    /** Ends 'keep it a surprise' now: the owner sees who gave what from this moment. */
    async revealSurprise(registryId: number, userId: number) {
      const { registry: r } = await managed(registryId, userId)
      await db.update(registries).set({ surprise: false, surpriseRevealDate: null, updatedAt: clock() }).where(eq(registries.id, r.id))
    },

    /**
     * Where 'Add to Registry' adds for this user: their current registry's id, title and categories
     * in order, or null when they have none. Two small reads, for product pages.
     */
    async addTargetFor(userId: number): Promise<AddTarget | null> {
      const { rows } = await db.execute<{ target: AddTarget | null }>(sql`select ${addTargetOf(sql`${userId}::bigint`)} as target`)
      return rows[0]?.target ?? null
    },

    /** Who may find a registry (the guest page's robots meta: only 'google' is indexable), or null when there is none. */
    async searchLevelOf(registryId: number) {
      const r = await registryById(registryId)
      return r?.searchLevel ?? null
    },
  }
  return service
}

export type RegistryService = ReturnType<typeof createRegistryService>
