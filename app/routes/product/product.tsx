import { publicOrigin } from '~/lib/links'
import { redirect } from 'react-router'
import { SiteLink } from '~/lib/site-link'
import type { ProductDetail } from '~/modules/catalog/catalog.service.server'
import { productInput } from '~/modules/catalog/catalog.validation'
import { pdpPath } from '~/modules/catalog/product-path'
import { Breadcrumb } from '~/modules/catalog/ui/breadcrumb'
import { formatCents } from '~/lib/money'
import { hasPrice, Price } from '~/modules/catalog/ui/price'
import { ProductCard } from '~/modules/catalog/ui/product-card'
import { Rating, showsRating } from '~/modules/catalog/ui/rating'
import { SHOP_BY_GUIDES_MIN, ShopByGuides } from '~/modules/catalog/ui/shop-by-guides'
import { ShopError } from '~/modules/catalog/ui/shop-error'
import { Suspense } from 'react'
import * as giftCardForm from '~/modules/giftcards/ui/gift-card-form'
import { AddToRegistry, addToRegistryStateOf } from '~/modules/registry/ui/add-to-registry'
import type { ReviewView } from '~/modules/catalog/storefront.service.server'
import { Badge, Container, Icon } from '~/ui'
import { notFound, orNotFound } from '../store/http-errors'
import type { Route } from './+types/product'
import { formatCount, formatLongDate } from '~/lib/format'
import { useVisitor } from '~/components/visitor'
import { sharedPageHeaders } from '~/lib/shared-pages'
import { AddToCart, type AddToCartResult, type NotifyMeResult } from '~/modules/cart/ui/add-to-cart'
import { addToCartFromForm, notifyMeFromForm } from '~/modules/cart/ui/add-to-cart.server'
import { lazyChunk } from '~/lib/chunk-load'

// Only gift card pages show the purchase form, so its code is a chunk those pages alone fetch (decision 018).
// The server renders it directly (import.meta.env.SSR is false in the browser build, where the static import
// then goes unused and is left out); in the browser it hydrates once its chunk has arrived.
const GiftCardForm = import.meta.env.SSR
  ? giftCardForm.GiftCardForm
  : lazyChunk('gift-card-form', () => import('~/modules/giftcards/ui/gift-card-form').then((m) => ({ default: m.GiftCardForm })))

/** /gp/{slug}/{genericProductId}[/{variant}]: the product page; a stale slug redirects to the current one. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  // `url`, not request.url: with v8_passThroughRequests the request of a client navigation ends in .data.
  const input = productInput.safeParse({ id: params.genericProductId })
  if (!input.success) notFound()
  const [product, related, reviews] = await Promise.all([
    orNotFound(context.services.catalog.product(input.data)),
    context.services.catalog.relatedProducts({ productId: input.data.id, limit: 8 }),
    context.services.storefront.productReviews(input.data.id, REVIEWS_SHOWN),
  ])
  if (params.slug !== product.slug) {
    const rest = params.variant ? `/${encodeURIComponent(params.variant)}` : ''
    throw redirect(`${product.path}${rest}${url.search}`, 301)
  }
  // Only products are bought here: gift cards have their own form, cash funds and favors are not for sale.
  const sellable = product.productType === 'product'
  const [guides, stock] = await Promise.all([
    context.services.storefront.guidesForCategory(product.category.urlSlug, 3),
    sellable ? context.services.inventory.levels(product.productId) : null,
  ])
  // The same page for everyone (app/lib/shared-pages.ts): 'Add to Registry' and 'Notify me' learn the visitor in the browser.
  return { product, related, reviews, guides, stock, origin: publicOrigin(url.origin) }
}

/** The same page for everyone (app/lib/shared-pages.ts): kept by shared caches for a few seconds. */
export const headers: Route.HeadersFunction = () => sharedPageHeaders()

/** 'Add to Cart' and 'Notify me when available' post here; a plain form comes back to this page. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData()
  const input = productInput.safeParse({ id: params.genericProductId })
  if (!input.success) notFound()
  const product = await orNotFound(context.services.catalog.product(input.data))
  // The form's product is this page's product; registry gifts are added from the registry, not here.
  form.set('productId', String(product.productId))
  form.delete('regItemId')
  const returnTo = product.path
  if (form.get('intent') === 'notify-me') return notifyMeFromForm(request, context, form, { returnTo })
  return addToCartFromForm(request, context, form, { returnTo })
}

/** Written reviews shown on the product page, newest first. */
const REVIEWS_SHOWN = 6

const SCHEMA_AVAILABILITY = { in: 'https://schema.org/InStock', out: 'https://schema.org/OutOfStock' }

/** The schema.org offer: one price, or the range of an electronic gift card. */
function offerFor(product: ProductDetail, url: string) {
  const money = (cents: number) => (cents / 100).toFixed(2)
  const availability = product.available ? SCHEMA_AVAILABILITY.in : SCHEMA_AVAILABILITY.out
  return product.isElectronicGiftCard
    ? { '@type': 'AggregateOffer', priceCurrency: 'USD', lowPrice: money(product.price.min), highPrice: money(product.price.max), availability, url }
    : { '@type': 'Offer', priceCurrency: 'USD', price: money(product.price.current), availability, url }
}

/** schema.org Product data for search engines (not executed, so the CSP's script nonce does not apply). */
function productJsonLd(product: ProductDetail, origin: string) {
  const url = `${origin}${pdpPath(product)}`
  const images = [product.imageUrl, product.secondaryImageUrl].filter((u): u is string => Boolean(u)).map((u) => new URL(u, origin).href)
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    description: product.description,
    image: images,
    sku: String(product.productId),
    url,
    brand: { '@type': 'Brand', name: product.brand.name },
    category: product.trail.map((t) => t.title).join(' > '),
    ...(hasPrice(product) ? { offers: offerFor(product, url) } : {}),
    ...(showsRating(product) && product.rating !== null
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: product.rating, reviewCount: product.reviewCount, bestRating: 5, worstRating: 1 } }
      : {}),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: 'Product not found | Nestlist' }, { name: 'robots', content: 'noindex' }]
  const { product, origin } = loaderData
  const description = product.description.length > 160 ? `${product.description.slice(0, 157).trimEnd()}…` : product.description
  return [
    { title: `${product.title} | ${product.brand.name} | Nestlist` },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: `${origin}${pdpPath(product)}` },
    { property: 'og:type', content: 'product' },
    { property: 'og:title', content: product.title },
    { property: 'og:image', content: new URL(product.imageUrl, origin).href },
    { 'script:ld+json': productJsonLd(product, origin) },
  ]
}

function Gallery({ product }: { product: ProductDetail }) {
  const second = product.secondaryImageUrl
  return (
    <div className="flex flex-col gap-3">
      <figure className="overflow-hidden rounded-panel border border-line bg-white">
        <img src={product.imageUrl} alt={product.title} width={800} height={800} className="aspect-square w-full object-cover" />
      </figure>
      {second ? (
        <figure className="w-1/2 overflow-hidden rounded-card border border-line bg-white sm:w-1/3">
          <img src={second} alt={`${product.title}, another view`} width={400} height={400} loading="lazy" className="aspect-square w-full object-cover" />
        </figure>
      ) : null}
    </div>
  )
}

const reviewDate = formatLongDate

/** The rating summary and the newest written reviews; nothing for products that carry no rating. */
function Reviews({ product, reviews }: { product: ProductDetail; reviews: ReviewView[] }) {
  if (!showsRating(product) || product.rating === null) return null
  return (
    <section aria-labelledby="reviews-heading" className="mt-14">
      <h2 id="reviews-heading" className="text-xl font-bold">
        Reviews
      </h2>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <Rating rating={product.rating} reviewCount={product.reviewCount} size="lg" />
      </div>
      {reviews.length > 0 ? (
        <>
          <ul className="mt-5 grid gap-4 md:grid-cols-2">
            {reviews.map((review) => (
              <li key={review.id} className="rounded-card border border-line bg-white p-4 sm:p-5">
                <article aria-labelledby={`review-${review.id}`}>
                  <p className="flex items-center gap-0.5 text-berry-700" aria-label={`${review.rating} out of 5 stars`} role="img">
                    {Array.from({ length: 5 }, (_, i) => (
                      <Icon key={i} name="star" className={i < review.rating ? 'size-4 fill-current' : 'size-4 text-line-strong'} />
                    ))}
                  </p>
                  <h3 id={`review-${review.id}`} className="mt-2 font-bold">
                    {review.title}
                  </h3>
                  <p className="mt-1 leading-relaxed text-ink">{review.body}</p>
                  <p className="mt-2 text-sm text-muted">
                    {review.authorName}&nbsp;· <time dateTime={review.createdAt}>{reviewDate(review.createdAt)}</time>
                  </p>
                </article>
              </li>
            ))}
          </ul>
          {product.reviewCount > reviews.length ? (
            <p className="mt-3 text-sm text-muted">
              Showing the {reviews.length} newest of {formatCount(product.reviewCount)} reviews.
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  )
}

function Options({ options }: { options: ProductDetail['options'] }) {
  const rows = [
    { label: options.sizes && options.sizes.length === 1 ? 'Size' : 'Sizes', values: options.sizes ?? [] },
    { label: options.colors && options.colors.length === 1 ? 'Color' : 'Colors', values: options.colors ?? [] },
  ].filter((r) => r.values.length > 0)
  if (rows.length === 0) return null
  return (
    <section aria-labelledby="options-heading">
      <h2 id="options-heading" className="text-base font-bold">
        Options
      </h2>
      <dl className="mt-2 flex flex-col gap-3">
        {rows.map((row) => (
          <div key={row.label}>
            <dt className="text-sm font-semibold text-muted">{row.label}</dt>
            <dd className="mt-1">
              <ul className="flex flex-wrap gap-2">
                {row.values.map((value) => (
                  <li key={value} className="rounded-full border border-line-strong bg-white px-3 py-1 text-sm first-letter:uppercase">
                    {value}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, related, reviews, guides, stock } = loaderData
  const visitor = useVisitor().facts
  const textBadges = product.promotionalBadges.filter((b) => b.type === 'text')
  const imageBadges = product.promotionalBadges.filter((b) => b.type === 'image')
  const slugSet = product.trail.map((t) => t.urlSlug)
  const savings = product.onSale ? product.price.regular - product.price.current : 0
  return (
    <Container className="py-6 sm:py-8">
      <Breadcrumb crumbs={[...product.trail.map((t) => ({ title: t.title, path: t.path })), { title: product.title, path: product.path }]} slugSet={slugSet} />
      <div className="mt-4 grid gap-8 md:grid-cols-2 lg:gap-12">
        <Gallery product={product} />
        <div className="flex flex-col gap-5">
          <div>
            <p className="text-sm font-semibold tracking-wide text-muted uppercase">
              {/* The brand's page (/store/b/{slug}/{brandId}, as brandPath builds it): more from the same maker. */}
              <SiteLink to={`/store/b/${product.brand.slug}/${product.brand.id}`} className="underline-offset-2 hover:text-berry-700 hover:underline">
                {product.brand.name}
              </SiteLink>
            </p>
            <h1 className="mt-1 text-2xl font-extrabold tracking-tight text-balance sm:text-3xl">{product.title}</h1>
            {showsRating(product) && product.rating !== null ? (
              <div className="mt-2">
                <Rating rating={product.rating} reviewCount={product.reviewCount} size="lg" />
              </div>
            ) : null}
          </div>
          {textBadges.length > 0 || imageBadges.length > 0 ? (
            <ul className="flex flex-wrap items-center gap-2" aria-label="Offers and awards">
              {textBadges.map((b) => (
                <li key={b.text}>
                  <Badge variant={b.variant}>{b.text}</Badge>
                </li>
              ))}
              {imageBadges.map((b) => (
                <li key={b.imageUrl} className="flex items-center gap-1.5 text-sm text-muted">
                  <img src={b.imageUrl} alt="" width={32} height={32} className="size-8" />
                  {b.title}
                </li>
              ))}
            </ul>
          ) : null}
          <div>
            <Price
              price={product.price}
              onSale={product.onSale}
              isElectronicGiftCard={product.isElectronicGiftCard}
              isCashFund={product.isCashFund}
              isFavor={product.isFavor}
              showMsrp
              size="lg"
            />
            {savings > 0 ? <p className="mt-1 text-sm font-semibold text-berry-700">You save {formatCents(savings)}</p> : null}
          </div>
          {stock ? null : (
            <p className={product.available ? 'flex items-center gap-2 font-semibold text-sage-700' : 'flex items-center gap-2 font-semibold text-muted'}>
              <Icon name={product.available ? 'check-circle' : 'info'} />
              {product.available ? 'In stock' : 'Currently out of stock'}
            </p>
          )}
          {product.callouts.length > 0 ? (
            <ul className="flex flex-col gap-1.5 rounded-card bg-sage-50 p-4 text-sm">
              {product.callouts.map((callout) => (
                <li key={callout} className="flex items-start gap-2">
                  <Icon name="check" className="mt-0.5 size-4 text-sage-700" />
                  {callout}
                </li>
              ))}
            </ul>
          ) : null}
          {product.isElectronicGiftCard ? (
            <section aria-labelledby="gift-card-form-heading" className="rounded-card border border-line bg-white p-4 sm:p-5">
              <h2 id="gift-card-form-heading" className="text-base font-bold">
                Send this gift card
              </h2>
              <div className="mt-3">
                <Suspense fallback={null}>
                  <GiftCardForm designs={[]} productId={product.productId} />
                </Suspense>
              </div>
            </section>
          ) : (
            <>
              {stock ? null : <Options options={product.options} />}
              {stock ? (
                <AddToCart
                  product={product}
                  stock={stock}
                  viewerEmail={visitor?.email ?? null}
                  action={product.path}
                  failure={actionData as AddToCartResult | NotifyMeResult | undefined}
                />
              ) : null}
              {stock && product.available && visitor?.quickBuy ? (
                // One-step purchase (/quick_buy, decision 026): offered only with a saved address and card, else Add to Cart alone.
                <p className="text-sm text-muted">
                  <a href={`/quick_buy?product_id=${product.productId}`} className="font-semibold text-berry-700 underline underline-offset-2">
                    Buy now in one step
                  </a>{' '}
                  with your saved address and card
                </p>
              ) : null}
            </>
          )}
          <AddToRegistry state={addToRegistryStateOf(product.productType, visitor)} product={product} path={product.path} />
          {product.fsaHsaEligible ? <p className="text-sm text-muted">FSA/HSA eligible</p> : null}
          <section aria-labelledby="description-heading">
            <h2 id="description-heading" className="text-base font-bold">
              About this item
            </h2>
            <p className="mt-2 leading-relaxed whitespace-pre-line text-ink">{product.description}</p>
          </section>
          {product.shortCode ? <p className="text-sm text-muted">Item code {product.shortCode}</p> : null}
        </div>
      </div>
      <Reviews product={product} reviews={reviews} />
      {guides.length >= SHOP_BY_GUIDES_MIN ? (
        <div className="mt-14">
          <ShopByGuides guides={guides} />
        </div>
      ) : null}
      {related.length > 0 ? (
        <section aria-labelledby="related-heading" className="mt-14">
          <h2 id="related-heading" className="text-xl font-bold">
            More in {product.category.title}
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-x-3 gap-y-6 sm:gap-x-5 md:grid-cols-4" aria-label={`More in ${product.category.title}`}>
            {related.map((p) => (
              <li key={p.productId}>
                <ProductCard product={p} slugSet={slugSet} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Container>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopError error={error} />
}
