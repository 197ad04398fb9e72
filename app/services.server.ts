import { randomBytes } from 'node:crypto'
import type pg from 'pg'
import type { Db } from './db/client.server'
import { createChangeMemo } from './lib/change-memo.server'
import type { Env } from './lib/env.server'
import { publicOriginOf } from './lib/public-origin.server'
import type { Logger } from './lib/logger.server'
import { createAccountsService, type AccountsConfig } from './modules/accounts/accounts.service.server'
import { createAddressService } from './modules/accounts/address.service.server'
import { createEmailPreferencesService } from './modules/accounts/email-preferences.service.server'
import { createTwoFactorService } from './modules/accounts/two-factor.service.server'
import { createVisitorReader } from './modules/visitor/visitor.server'
import { createRegistryService } from './modules/registry/registry.service.server'
import { createReservationsService } from './modules/registry/reservations.service.server'
import { createGiftNotices } from './modules/registry/gift-notices.server'
import { createRegistryInvitations } from './modules/registry/registry-invitations.server'
import { createChecklistService } from './modules/checklist/checklist.service.server'
import { createCollaboratorsService } from './modules/registry/collaborators.service.server'
import { createInsertCardsService } from './modules/insert-cards/insert-cards.service.server'
import { createEmailService } from './modules/email/email.service.server'
import { createDiscountService } from './modules/discount/discount.service.server'
import { createAnalyticsService } from './modules/analytics/analytics.service.server'
import { createCatalogService } from './modules/catalog/catalog.service.server'
import { createStorefrontService } from './modules/catalog/storefront.service.server'
import { createBannerAdsService } from './modules/banner-ads/banner-ads.service.server'
import { createLiveIndex } from './modules/search/search-live-index.server'
import { createSearchService } from './modules/search/search.service.server'
import { createShopCaches } from './modules/search/shop-caches.server'
import { createCartService } from './modules/cart/cart.service.server'
import { createAmazonCartService } from './modules/cart/amazon-cart.service.server'
import { createPaymentsService } from './modules/payments/payments.service.server'
import { createTestProcessor } from './modules/payments/test-processor.server'
import { createPaymentMethodsService } from './modules/payments/payment-methods.service.server'
import { createOrdersService, type OrdersDeps, type OrdersService } from './modules/orders/orders.service.server'
import { createInventoryService } from './modules/inventory/inventory.service.server'
import { createReservationSupport } from './modules/registry/reservation-support.server'
import { createGiftTracker } from './modules/registry/gift-tracker.server'
import { createGiftCardSupport } from './modules/giftcards/gift-card-support.server'
import { createGiftCardsService } from './modules/giftcards/giftcards.service.server'
import { createPurchaseReturnsService } from './modules/shipping/returns.service.server'
import { createShipmentsService } from './modules/shipping/shipments.service.server'
import { createOrderCancellationsService } from './modules/orders/cancellations.service.server'
import { createOrderAddressService } from './modules/orders/order-address.service.server'
import { createCashFundsService } from './modules/cash-funds/cash-funds.service.server'
import { createExternalProductsService } from './modules/external-products/external-products.service.server'
import { createSafeFetcher, type SafeFetchOptions } from './modules/external-products/safe-fetch.server'
import { createJobQueue, type JobQueue } from './modules/jobs/jobs.server'

/** How long one navbar read serves every page (the browser keeps it for 4 hours anyway, spec §7). */
const NAVBAR_FRESH_MS = 10_000
/** Shared catalogue reads (lib/change-memo.server.ts): dropped on every catalogue change, else after this. */
const CATALOG_MEMO = { ttlMs: 15_000, maxEntries: 2_000 }

/** Shares one call's result with every caller for `ms` (a failed call is not kept). */
export function shareFor<T>(ms: number, read: () => Promise<T>): (() => Promise<T>) & { reset(): void } {
  let kept: { value: Promise<T>; until: number } | undefined
  const shared = () => {
    const now = Date.now()
    if (!kept || now >= kept.until) {
      const value = read()
      const entry = { value, until: now + ms }
      kept = entry
      value.catch(() => {
        if (kept === entry) kept = undefined
      })
    }
    return kept.value
  }
  /** The next call reads afresh (a catalogue change, or staff's refresh). */
  return Object.assign(shared, { reset: () => void (kept = undefined) })
}

export type ServiceDeps = {
  db: Db
  pool: pg.Pool
  env: Pick<Env, 'SUPPORT_EMAIL'> & Partial<Pick<Env, 'PUBLIC_URL' | 'HOST' | 'PORT' | 'SMTP_URL' | 'NODE_ENV' | 'NESTLIST_FEATURE_FLAGS' | 'AMAZON_ASSOCIATE_TAG'>>
  /**
   * The origin every emailed link starts with (docs/decisions/034): server/main.ts passes PUBLIC_URL or the address it
   * listens on. Default: made from env (PUBLIC_URL, else http://HOST:PORT with readEnv's defaults).
   */
  publicOrigin?: string
  logger: Logger
  /** Tests shorten limits and expiries. */
  accounts?: Partial<AccountsConfig>
  clock?: () => Date
  /**
   * The application secret (server/main.ts: APP_SECRET or DATA_DIR/app.secret) that encrypts authenticator
   * secrets. Tests may leave it out: a random key for this process is used, so nothing outlives the process.
   */
  secretKey?: string
  /**
   * Limits for fetching pasted product links (the defaults: 5 s, 2 MB, 5 redirects, public addresses only).
   * Tests shorten them or allow their loopback fixture port; server/main.ts passes only what NODE_ENV=test allows.
   */
  fetch?: SafeFetchOptions
  /** Checkout: group commit (the default) or one transaction per order (the bench's comparison); batches in flight. */
  /**
   * The job queue server/main.ts starts (docs/decisions/038): email goes through it. Tests leave it out: email is
   * delivered inline, and `services.jobs` is a queue that is never started (what is registered on it never runs).
   */
  jobs?: JobQueue
  checkout?: { groupCommit?: boolean; maxBatchesInFlight?: number; staggerBatches?: boolean; maxBatchSize?: number; observeBatch?: OrdersDeps['observeBatch'] }
}

const processSecretKey = randomBytes(32).toString('base64url')

/** The composition root: every service, wired once with its explicit dependencies. */
export function createServices(deps: ServiceDeps) {
  // One public origin for every email, made once here and handed to each service that builds links.
  const publicOrigin = deps.publicOrigin ?? publicOriginOf(deps.env)
  // Started by server/main.ts; until started (and in tests that do not start it) listings use SQL.
  const searchIndex = createLiveIndex(deps.pool, deps.logger)
  const catalog = createCatalogService({ db: deps.db })
  const storefront = createStorefrontService({ db: deps.db })
  // Shop page reads shared until the catalogue changes (decision 028); only while the index listens.
  const memo = createChangeMemo(searchIndex, CATALOG_MEMO)
  const navbarCategories = shareFor(NAVBAR_FRESH_MS, catalog.navbarCategories)
  // A category change (the feed) shows in the navbar at once, not after its few seconds.
  searchIndex.onChange(navbarCategories.reset)
  const emailPreferences = createEmailPreferencesService({ db: deps.db })
  const jobs = deps.jobs ?? createJobQueue({ pool: deps.pool, logger: deps.logger })
  const email = createEmailService({
    db: deps.db,
    logger: deps.logger,
    isOptedOut: emailPreferences.isOptedOut,
    smtpUrl: deps.env.SMTP_URL,
    // Replies to any email reach the support address.
    from: `Nestlist <${deps.env.SUPPORT_EMAIL}>`,
    env: { ...deps.env, PUBLIC_URL: publicOrigin },
    queue: deps.jobs,
  })
  const accounts = createAccountsService({
    db: deps.db,
    email,
    logger: deps.logger,
    publicOrigin,
    config: deps.accounts,
    clock: deps.clock,
  })
  const registry = createRegistryService({ db: deps.db, clock: deps.clock })
  // The orders service (made below, and itself using the discount) tells whether a single-use discount was used.
  let orders: OrdersService | undefined
  const discount = createDiscountService({
    registry,
    clock: deps.clock,
    featureFlags: deps.env.NESTLIST_FEATURE_FLAGS,
    usedBy: (userId) => (orders ? orders.registryDiscountUsed(userId) : Promise.resolve(false)),
  })
  const cart = createCartService({ db: deps.db, clock: deps.clock, registry })
  // The family hears of every gift, however it came (page or API), by their own preference (gift-notices.server.ts).
  const giftNotices = createGiftNotices({ db: deps.db, email, publicOrigin, logger: deps.logger, clock: deps.clock })
  const reservations = createReservationsService({ db: deps.db, clock: deps.clock, notices: giftNotices, email, publicOrigin, logger: deps.logger })
  // The built-in test processor until a real processor's adapter is configured (docs/decisions/019).
  const processor = createTestProcessor({ db: deps.db })
  // Saved cards (docs/decisions/026): tokens from the same processor, charged through payments for their owner only.
  const paymentMethods = createPaymentMethodsService({ db: deps.db, processor, clock: deps.clock })
  const payments = createPaymentsService({ db: deps.db, processor, clock: deps.clock, paymentMethods })
  // Gift cards, store credit and gift returns (docs/decisions/023); orders take their tenders and issue bought cards.
  // Stock as shoppers see it, restocks and 'notify me when available' (docs/decisions/021-cart.md).
  const inventory = createInventoryService({ db: deps.db, email, logger: deps.logger, publicOrigin, clock: deps.clock })
  const giftCards = createGiftCardsService({
    db: deps.db,
    email,
    publicUrl: publicOrigin,
    clock: deps.clock,
    logger: deps.logger,
    onRestocked: (productId) => inventory.notifySubscribers(productId),
  })
  const address = createAddressService({ db: deps.db, clock: deps.clock })
  return {
    /** The origin every emailed link starts with (docs/decisions/034); pages and API handlers pass it to services that take one. */
    publicOrigin,
    /** What the site knows of the person asking, for a page's personal parts, in one statement (app/modules/visitor/visitor.server.ts). */
    visitor: createVisitorReader({ accounts, cart, discount }),
    // Deferred and scheduled work (app/modules/jobs/jobs.server.ts says how to add a job in one line).
    jobs,
    email,
    accounts,
    paymentMethods,
    address,
    emailPreferences,
    twoFactor: createTwoFactorService({ db: deps.db, accounts, secretKey: deps.secretKey ?? processSecretKey, clock: deps.clock }),
    registry,
    checklist: createChecklistService({ db: deps.db, registry, email, clock: deps.clock }),
    discount,
    externalProducts: createExternalProductsService({ db: deps.db, registry, fetcher: createSafeFetcher(deps.fetch), clock: deps.clock }),
    reservations,
    // Reminders for gifts held a week without being bought; staff release and un-buy (docs/decisions/013, h15).
    reservationSupport: createReservationSupport({ db: deps.db, email, unreserve: (id) => reservations.unreserve(id), publicUrl: publicOrigin, clock: deps.clock, logger: deps.logger }),
    collaborators: createCollaboratorsService({ db: deps.db, email, clock: deps.clock }),
    insertCards: createInsertCardsService({ db: deps.db, clock: deps.clock }),
    registryInvitations: createRegistryInvitations({ registry: createRegistryService({ db: deps.db, clock: deps.clock }), email, clock: deps.clock }),
    // Every page's root loader reads the navbar (3 queries); the tree changes only when staff edit
    // categories or guides, so one read serves all requests for a few seconds.
    catalog: {
      ...catalog,
      navbarCategories: () => navbarCategories(),
      categoryContext: memo('categoryContext', catalog.categoryContext),
      product: memo('product', catalog.product),
      relatedProducts: memo('relatedProducts', catalog.relatedProducts),
    },
    storefront: {
      ...storefront,
      guidesForCategory: memo('guidesForCategory', storefront.guidesForCategory),
      productReviews: memo('productReviews', storefront.productReviews),
    },
    // Home banner ads on /store (spec §2): read on every landing render, so the date window and staff edits show at once.
    bannerAds: createBannerAdsService({ db: deps.db }),
    search: createSearchService({ db: deps.db, pool: deps.pool, engines: searchIndex }),
    searchIndex,
    // Staff see the shop's copies and drop them after an edit (/admin/shop-caches, /bl_admin/api/cache_refreshes).
    shopCaches: createShopCaches({ searchIndex, reads: memo, resets: [navbarCategories.reset], logger: deps.logger, clock: deps.clock }),
    analytics: createAnalyticsService({ db: deps.db }),
    cart,
    // Registry gifts sold on Amazon, held for the giver and sent to amazon.com in one link (docs/decisions/032-amazon-cart.md).
    amazonCart: createAmazonCartService({ db: deps.db, cart, reservations, associateTag: deps.env.AMAZON_ASSOCIATE_TAG, clock: deps.clock }),
    inventory,
    payments,
    // Orders from carts (docs/decisions/020); the checkout pages and /api/v3/orders come with the checkout issue.
    orders: (orders = createOrdersService({
      db: deps.db,
      cart,
      payments,
      discount,
      clock: deps.clock,
      logger: deps.logger,
      groupCommit: deps.checkout?.groupCommit,
      maxBatchesInFlight: deps.checkout?.maxBatchesInFlight,
      staggerBatches: deps.checkout?.staggerBatches,
      maxBatchSize: deps.checkout?.maxBatchSize,
      observeBatch: deps.checkout?.observeBatch,
      giftCards,
      notices: giftNotices,
      // The buyer's confirmation is sent here, once per order, for the pages and the API alike.
      email,
      publicOrigin,
    })),
    giftCards,
    // Staff support for gift cards and store credit: look up a card, send it a new code (docs/decisions/023, h15).
    giftCardSupport: createGiftCardSupport({ db: deps.db, email, publicUrl: publicOrigin, clock: deps.clock, logger: deps.logger }),
    // Shipments (consolidated registry gifts, staff status changes) and purchase returns (docs/decisions/024).
    shipments: createShipmentsService({ db: deps.db, email, clock: deps.clock, logger: deps.logger }),
    purchaseReturns: createPurchaseReturnsService({ db: deps.db, payments, credit: giftCards, email, clock: deps.clock, logger: deps.logger }),
    // Cancel items not shipped yet: refund to the tenders, stock back, out of the box (docs/decisions/024, h13).
    orderCancellations: createOrderCancellationsService({ db: deps.db, payments, giftCards, email, clock: deps.clock, logger: deps.logger }),
    // Change where an order ships until any of it ships (docs/decisions/031).
    orderAddress: createOrderAddressService({ db: deps.db, address, email, clock: deps.clock, logger: deps.logger }),
    // Cash funds on registries and guests' contributions, paid through payments (docs/decisions/030).
    cashFunds: createCashFundsService({ db: deps.db, credit: giftCards, payments, email, logger: deps.logger, publicOrigin, clock: deps.clock, notices: giftNotices }),
    giftNotices,
    // The thank-you manager: every kind of gift in one list (gift-tracker.server.ts).
    giftTracker: createGiftTracker({ db: deps.db, email, publicOrigin, clock: deps.clock }),
    health: {
      /** True when the database answers. */
      async databaseReachable() {
        try {
          await deps.pool.query('select 1')
          return true
        } catch {
          return false
        }
      },
    },
  }
}

export type Services = ReturnType<typeof createServices>
