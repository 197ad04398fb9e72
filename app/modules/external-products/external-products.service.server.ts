import { and, asc, count, eq, gt, inArray, isNull, lt, min } from 'drizzle-orm'
import sharp from 'sharp'
import type { Db } from '~/db/client.server'
import { DomainError } from '~/lib/errors'
import { parseInput as parse } from '~/lib/parse-input'
import { PLACEHOLDER_HEART_PATH } from '~/modules/catalog/image-paths'
import type { RegistryService } from '~/modules/registry/registry.service.server'
import type { OwnerItem } from '~/modules/registry/registry.types'
import { externalImages, regItemOffers } from './external-products.schema'
import { externalItemInput, offerInput, previewInput, safeHttpUrl } from './external-products.validation'
import { extractProductMetadata, priceToCents, type ProductMetadata } from './product-metadata.server'
import { FetchFailure, type FetchFailureReason, type SafeFetcher } from './safe-fetch.server'

/** Our pictures are at most this wide and high (WebP). */
export const IMAGE_MAX_PX = 600
/** How many of a page's pictures the preview fetches and offers. */
const PREVIEW_IMAGES = 4

export const externalImagePath = (id: string) => `/images/external/${id}.webp`
const IMAGE_PATH = /^\/images\/external\/([0-9a-f-]{36})\.webp$/

export type PreviewImage = { id: string; path: string }
export type Offer = { id: number; storeName: string; url: string; priceCents: number }

/** Why a page could not be read, in words for the owner (also the ?reason= on /unable_to_add_reg_item). */
export type PreviewFailureReason = FetchFailureReason | 'not_a_product'

export const failureMessages: Record<PreviewFailureReason, string> = {
  bad_url: 'That does not look like a web address we can open. Paste a link that starts with http:// or https://.',
  blocked_address: 'That link does not point to a public shop website, so we did not open it.',
  dns_failed: 'We could not find that website. Check the link for typos.',
  timeout: 'That website took too long to answer (more than 5 seconds).',
  too_large: 'That page is too large for us to read (over 2 MB).',
  wrong_type: 'That link is not a product page we can read.',
  http_error: 'That website would not show us the page (it may block automated visits).',
  too_many_redirects: 'That link sends us around too many redirects.',
  network: 'We could not reach that website.',
  not_a_product: 'We opened the page but could not find a product on it.',
}

/** What the bookmarklet read in the page itself, used when our server cannot read the page. */
export type PageHints = { title?: string | null; price?: string | null; image?: string | null; store?: string | null }

export type Preview =
  | {
      ok: true
      url: string
      title: string | null
      priceCents: number | null
      currency: string | null
      brand: string | null
      description: string | null
      storeName: string
      images: PreviewImage[]
    }
  | {
      ok: false
      url: string
      reason: PreviewFailureReason
      message: string
      /** What we could still fill in for the manual form (from the bookmarklet or the page). */
      title: string | null
      priceCents: number | null
      storeName: string
      images: PreviewImage[]
    }

export type ExternalProductsDeps = {
  db: Db
  registry: RegistryService
  fetcher: SafeFetcher
  clock?: () => Date
  /** How many pictures one owner's previews may fetch in an hour (each preview fetches up to 4). */
  picturesPerHour?: number
}

export const PICTURES_PER_HOUR = 200
export const tooManyPreviewsMessage = 'You have looked up a lot of links in the last hour. Please wait a little, or add the item yourself.'

/** The store name from a link: 'www.little-nest.com' → 'little-nest.com'. */
export function storeNameFromUrl(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '').slice(0, 80)
  } catch {
    return 'Another store'
  }
}

/** Adding items from any store: preview a pasted link safely, save it, store its picture, and buying options. */
export function createExternalProductsService({ db, registry, fetcher, clock = () => new Date(), picturesPerHour = PICTURES_PER_HOUR }: ExternalProductsDeps) {
  /** Fetches a picture through the guard, re-encodes it (WebP, ≤600 px) and keeps it; null when it fails. */
  async function storeImage(userId: number, sourceUrl: string): Promise<PreviewImage | null> {
    try {
      const fetched = await fetcher.fetchImage(sourceUrl)
      const { data, info } = await sharp(fetched.bytes, { limitInputPixels: 40_000_000, animated: false })
        .rotate()
        .resize({ width: IMAGE_MAX_PX, height: IMAGE_MAX_PX, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true })
      const [row] = await db
        .insert(externalImages)
        .values({ userId, bytes: data, contentType: 'image/webp', width: info.width, height: info.height, sourceUrl: fetched.url.slice(0, 2000) })
        .returning({ id: externalImages.id })
      return { id: row!.id, path: externalImagePath(row!.id) }
    } catch {
      // Not a picture, refused by the guard, or broken: the owner can save without it.
      return null
    }
  }

  async function storeImages(userId: number, urls: string[]): Promise<PreviewImage[]> {
    const stored = await Promise.all(urls.slice(0, PREVIEW_IMAGES).map((u) => storeImage(userId, u)))
    return stored.filter((i): i is PreviewImage => i !== null)
  }

  const service = {
    /**
     * Reads a pasted link for the preview: the page is fetched through the guard and its product facts
     * extracted; its pictures are fetched, resized and stored by us. A failure says why, and carries what
     * the bookmarklet read in the page so the manual form starts filled in.
     */
    async preview(userId: number, rawUrl: unknown, hints: PageHints = {}): Promise<Preview> {
      const { url } = parse(previewInput, { url: rawUrl })
      // Each preview makes our server fetch a page and pictures: an owner gets a generous hourly allowance.
      const [{ recent, oldest } = { recent: 0, oldest: null }] = await db
        .select({ recent: count(), oldest: min(externalImages.createdAt) })
        .from(externalImages)
        .where(and(eq(externalImages.userId, userId), gt(externalImages.createdAt, new Date(clock().getTime() - 3_600_000))))
      if (recent >= picturesPerHour) {
        // More can be fetched when the oldest counted picture leaves the hour.
        const freeAt = (oldest?.getTime() ?? clock().getTime()) + 3_600_000
        throw new DomainError('rate_limited', tooManyPreviewsMessage, { retryAfterSeconds: (freeAt - clock().getTime()) / 1000 })
      }
      const hintTitle = typeof hints.title === 'string' ? hints.title.replace(/\s+/g, ' ').trim().slice(0, 200) || null : null
      const hintPrice = typeof hints.price === 'string' && hints.price.trim() ? priceToCents(hints.price) : null
      const hintStore = typeof hints.store === 'string' ? hints.store.replace(/\s+/g, ' ').trim().slice(0, 80) || null : null
      const hintImage = safeHttpUrl(hints.image ?? '', url)?.href ?? null
      let metadata: ProductMetadata
      let finalUrl = url
      try {
        const page = await fetcher.fetchPage(url)
        finalUrl = page.url
        metadata = await extractProductMetadata(page.html, page.url)
      } catch (error) {
        if (!(error instanceof FetchFailure)) throw error
        return {
          ok: false,
          url,
          reason: error.reason,
          message: failureMessages[error.reason],
          title: hintTitle,
          priceCents: hintPrice,
          storeName: hintStore ?? storeNameFromUrl(url),
          images: hintImage ? await storeImages(userId, [hintImage]) : [],
        }
      }
      const imageUrls = [...metadata.images, ...(hintImage && !metadata.images.includes(hintImage) ? [hintImage] : [])]
      const images = await storeImages(userId, imageUrls)
      const storeName = metadata.storeName ?? hintStore ?? storeNameFromUrl(finalUrl)
      if (!metadata.isProduct || !(metadata.title ?? hintTitle)) {
        return {
          ok: false,
          url,
          reason: 'not_a_product',
          message: failureMessages.not_a_product,
          title: metadata.title ?? hintTitle,
          priceCents: metadata.priceCents ?? hintPrice,
          storeName,
          images,
        }
      }
      return {
        ok: true,
        url,
        title: metadata.title ?? hintTitle,
        priceCents: metadata.priceCents ?? hintPrice,
        currency: metadata.currency,
        brand: metadata.brand,
        description: metadata.description,
        storeName,
        images,
      }
    },

    /** Saves an item from another store on the owner's registry, with the picture they chose (ours). */
    async saveItem(registryId: number, userId: number, input: unknown): Promise<OwnerItem> {
      const data = parse(externalItemInput, input)
      let imageUrl: string = PLACEHOLDER_HEART_PATH
      if (data.imageId) {
        const [image] = await db
          .select({ id: externalImages.id })
          .from(externalImages)
          .where(and(eq(externalImages.id, data.imageId), eq(externalImages.userId, userId)))
        if (!image) throw new DomainError('invalid_input', 'Choose one of the pictures.', { fields: { imageId: ['Choose one of the pictures.'] } })
        imageUrl = externalImagePath(image.id)
      }
      const item = await registry.addExternalItem(registryId, userId, {
        title: data.title,
        priceCents: data.priceCents,
        quantity: data.quantity,
        categoryId: data.categoryId,
        note: data.note,
        mostWanted: data.mostWanted,
        storeName: data.storeName,
        externalUrl: data.url,
        imageUrl,
      })
      if (data.imageId) await db.update(externalImages).set({ attachedAt: clock() }).where(and(eq(externalImages.id, data.imageId), isNull(externalImages.attachedAt)))
      return item
    },

    /** Deletes preview pictures no item used, a day after they were fetched; returns how many. */
    async pruneUnattachedImages(): Promise<number> {
      const deleted = await db
        .delete(externalImages)
        .where(and(isNull(externalImages.attachedAt), lt(externalImages.createdAt, new Date(clock().getTime() - 86_400_000))))
        .returning({ id: externalImages.id })
      return deleted.length
    },

    /** A stored picture by its path id, or null. */
    async image(id: string): Promise<{ bytes: Buffer; contentType: string } | null> {
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) return null
      const [row] = await db.select({ bytes: externalImages.bytes, contentType: externalImages.contentType }).from(externalImages).where(eq(externalImages.id, id))
      return row ?? null
    },

    /** True when a path is one of our stored pictures (the only picture links items from other stores carry). */
    isStoredImagePath: (path: string) => IMAGE_PATH.test(path),

    /** Further buying options for these items, by item id (one query). */
    async offersFor(itemIds: number[]): Promise<Record<number, Offer[]>> {
      const ids = [...new Set(itemIds.filter((id) => Number.isSafeInteger(id) && id > 0))]
      if (ids.length === 0) return {}
      const rows = await db.select().from(regItemOffers).where(inArray(regItemOffers.regItemId, ids)).orderBy(asc(regItemOffers.regItemId), asc(regItemOffers.id))
      const byItem: Record<number, Offer[]> = {}
      for (const r of rows) (byItem[r.regItemId] ??= []).push({ id: r.id, storeName: r.storeName, url: r.url, priceCents: r.priceCents })
      return byItem
    },

    /** The item and its buying options, for its owner. */
    async itemOffers(itemId: number, userId: number) {
      const item = await registry.manageableItem(itemId, userId)
      const offers = (await service.offersFor([item.id]))[item.id] ?? []
      return { item, offers }
    },

    /** Adds a buying option (store, link, price) to the owner's item. */
    async addOffer(itemId: number, userId: number, input: unknown): Promise<Offer> {
      const item = await registry.manageableItem(itemId, userId)
      const data = parse(offerInput, input)
      const existing = (await service.offersFor([item.id]))[item.id] ?? []
      if (existing.length >= 10) throw new DomainError('invalid_input', 'An item can have at most 10 other places to buy it.')
      const [row] = await db.insert(regItemOffers).values({ regItemId: item.id, storeName: data.storeName, url: data.url, priceCents: data.priceCents }).returning()
      return { id: row!.id, storeName: row!.storeName, url: row!.url, priceCents: row!.priceCents }
    },

    /** Removes a buying option from the owner's item; another owner's option is not_found. */
    async removeOffer(itemId: number, offerId: number, userId: number) {
      const item = await registry.manageableItem(itemId, userId)
      const deleted = await db
        .delete(regItemOffers)
        .where(and(eq(regItemOffers.id, Number.isSafeInteger(offerId) ? offerId : -1), eq(regItemOffers.regItemId, item.id)))
        .returning({ id: regItemOffers.id })
      if (deleted.length === 0) throw new DomainError('not_found', 'That buying option is not on this item.')
    },
  }
  return service
}

export type ExternalProductsService = ReturnType<typeof createExternalProductsService>
