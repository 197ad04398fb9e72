import { publicOrigin } from '~/lib/links'
import { redirect } from 'react-router'
import { SiteLink } from '~/lib/site-link'
import { openNavBranch } from '~/modules/catalog/catalog.service.server'
import { listingView } from '~/modules/catalog/product-card.server'
import { categoryPageInput } from '~/modules/catalog/catalog.validation'
import { Breadcrumb } from '~/modules/catalog/ui/breadcrumb'
import { CategoryNav } from '~/modules/catalog/ui/category-nav'
import { CategoryTiles } from '~/modules/catalog/ui/category-tiles'
import { FaqSection } from '~/modules/catalog/ui/faq-section'
import { categoryDefaultSort } from '~/modules/catalog/ui/filters/filter-state'
import { listingQueryFrom, missingPageMessage, tidyHref } from '~/modules/catalog/ui/filters/listing-request'
import { ProductListing } from '~/modules/catalog/ui/product-listing'
import { ShopByGuides } from '~/modules/catalog/ui/shop-by-guides'
import { ShopError, shopErrorTitle } from '~/modules/catalog/ui/shop-error'
import { sharedPageHeaders } from '~/lib/shared-pages'
import { RegistryDiscountBanner } from '~/modules/discount/ui/registry-discount-banner'
import type { Route } from './+types/category'
import { badRequest, notFound, orNotFound } from './http-errors'

/** /store/{slug}, also /store/{parent}/{slug}: the category is read from the last path segment. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  // `url`, not request.url: with v8_passThroughRequests the request of a client navigation ends in .data.
  const slug = (params['*'] ?? '').split('/').filter(Boolean).at(-1)
  // The store landing page (/store) is a later page; until then the bare path is not found.
  if (!slug) notFound()
  const input = categoryPageInput.safeParse({ urlSlug: slug, page: url.searchParams.get('page') })
  if (!input.success) {
    const slugOk = categoryPageInput.shape.urlSlug.safeParse(slug).success
    if (!slugOk) notFound()
    notFound({ message: 'Page numbers are whole numbers from 1.', retryHref: `/store/${slug.toLowerCase()}`, retryLabel: 'Go to the first page' })
  }
  const firstPage = `/store/${input.data.urlSlug}`
  const retry = { retryHref: firstPage, retryLabel: 'Go to the first page' }
  // The tree comes from the catalogue; the products, with their facets, from the listing engine.
  const [page, guides] = await Promise.all([
    orNotFound(context.services.catalog.categoryContext(input.data.urlSlug), retry),
    context.services.storefront.guidesForCategory(input.data.urlSlug).catch(() => []),
  ])
  const { category } = page
  const defaultSort = categoryDefaultSort(category.sortType, category.sortOrder)
  // A plain form (no JavaScript) sends empty fields and repeated keys: answer with the tidy address.
  const tidy = tidyHref(url, defaultSort)
  if (tidy) throw redirect(tidy, 303)
  const request = listingQueryFrom(url.searchParams, { categorySlug: category.urlSlug }, { page: input.data.page, defaultSort })
  if (request.error !== undefined) badRequest({ message: request.error, retryHref: firstPage, retryLabel: 'Clear the filters' })
  const listing = await orNotFound(context.services.search.listing(request.query), retry)
  const missing = missingPageMessage(listing)
  if (missing) notFound({ message: missing, ...retry })
  // The subcategories go to the browser as the tiles they render, not as whole categories (their SEO
  // texts, teasers and FAQs would more than double a parent category's loader data).
  const { children, ...shown } = category
  const tiles = children?.map((c) => ({ title: c.title, urlSlug: c.urlSlug, path: c.path, imageUrl: c.imageUrl, hidden: c.hidden, isLeaf: c.children === null })) ?? null
  return {
    category: { ...shown, children: tiles },
    trail: page.trail,
    // Only the branch the left navigation opens; the menus' tree is in the root loader's navbar.
    nav: openNavBranch(page.nav, category.slugSet),
    listing: listingView(listing),
    defaultSort,
    guides: guides.map((g) => ({ slug: g.slug, title: g.title, teaser: g.teaser, path: g.path, featuredImage: g.featuredImage, imageUrl: g.featuredImage.url })),
    origin: publicOrigin(url.origin),
    href: `${url.pathname}${url.search}`,
  }
}

/** The same page for everyone (app/lib/shared-pages.ts): kept by shared caches for a few seconds. */
export const headers: Route.HeadersFunction = () => sharedPageHeaders()

export const meta: Route.MetaFunction = ({ loaderData, error }) => {
  if (!loaderData) return [{ title: shopErrorTitle(error) }, { name: 'robots', content: 'noindex' }]
  const { category, listing: products, origin, href } = loaderData
  const base = `${origin}/store/${category.urlSlug}`
  const at = (page: number) => (page <= 1 ? base : `${base}?page=${page}`)
  const title = category.seoTitle ?? `${category.title} | Nestlist`
  // Filtered and sorted views are the same page for search engines: they point at the plain one.
  const filtered = /[?&](?!page=)[^=&]+=/.test(new URL(href, origin).search)
  return [
    { title: products.page > 1 ? `${title} (page ${products.page})` : title },
    ...(filtered ? [{ name: 'robots', content: 'noindex, follow' }] : []),
    { name: 'description', content: category.seoDescription ?? `Shop ${category.title.toLowerCase()} at Nestlist.` },
    { tagName: 'link', rel: 'canonical', href: at(products.page) },
    ...(products.page > 1 ? [{ tagName: 'link', rel: 'prev', href: at(products.page - 1) }] : []),
    ...(products.page < products.pageCount ? [{ tagName: 'link', rel: 'next', href: at(products.page + 1) }] : []),
  ]
}

function Teaser({ category }: { category: Route.ComponentProps['loaderData']['category'] }) {
  const { teaser, teaserLinkText, teaserLinkUrl } = category
  const link =
    teaserLinkText && teaserLinkUrl ? (
      <SiteLink to={teaserLinkUrl} className="mt-3 inline-block font-semibold text-berry-700 underline underline-offset-4 hover:text-berry-800">
        {teaserLinkText}
      </SiteLink>
    ) : null
  if (teaser.imageUrl) {
    // With a teaser image the text sits in the hero beside it; on phones the image is a square.
    return (
      <header className="flex items-center gap-4 overflow-hidden rounded-card bg-peach-50 p-4 sm:gap-6 sm:p-6">
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{category.title}</h1>
          {teaser.text ? <p className="mt-2 leading-relaxed text-muted">{teaser.text}</p> : null}
          {link}
        </div>
        <img
          src={teaser.imageUrl}
          alt=""
          width={240}
          height={240}
          className="aspect-square w-24 shrink-0 rounded-card object-cover sm:w-40 md:aspect-[4/3] md:w-56"
        />
      </header>
    )
  }
  return (
    <header>
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{category.title}</h1>
      {teaser.text ? <p className="mt-2 max-w-prose leading-relaxed text-muted">{teaser.text}</p> : null}
      {link}
    </header>
  )
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, trail, nav, listing, defaultSort, guides, href } = loaderData
  const unfilteredEmpty = listing.count === 0 && !/[?&](brands|categories|onSale|minPrice|maxPrice|available|minRating)=/.test(href)
  return (
    <div>
      <RegistryDiscountBanner className="mb-4" />
      <Breadcrumb crumbs={trail.map((t) => ({ title: t.title, path: t.path }))} slugSet={category.slugSet} />
      <div className="mt-4 grid gap-6 sm:grid-cols-12 sm:gap-8">
        <aside className="sm:col-span-3">
          <CategoryNav items={nav} activeSlugSet={category.slugSet} />
        </aside>
        <div className="flex min-w-0 flex-col gap-10 sm:col-span-9">
          <Teaser category={category} />
          {category.children ? (
            <CategoryTiles heading={`Shop ${category.title} by type`} tiles={category.children} callout={category.gridCallout} />
          ) : null}
          <section aria-labelledby="products-heading">
            {unfilteredEmpty ? (
              <>
                <h2 id="products-heading" className="text-xl font-bold">
                  {category.children ? `All ${category.title}` : 'Products'}
                </h2>
                <p className="mt-4 max-w-[480px] text-muted">
                  There are no products in {category.title} right now. Have a look at the other categories, or search the shop.
                </p>
              </>
            ) : (
              <ProductListing
                key={category.urlSlug}
                result={listing}
                href={href}
                label={`${category.title} products`}
                defaultSort={defaultSort}
                slugSet={category.slugSet}
                guides={guides}
                heading={
                  <h2 id="products-heading" className="text-xl font-bold">
                    {category.children ? `All ${category.title}` : 'Products'}
                  </h2>
                }
              />
            )}
          </section>
          <ShopByGuides guides={guides} />
          <FaqSection faqs={category.frequentlyAskedQuestions} />
        </div>
      </div>
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopError error={error} />
}
