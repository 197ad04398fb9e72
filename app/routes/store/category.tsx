import { Link } from 'react-router'
import { categoryPageInput } from '~/modules/catalog/catalog.validation'
import { Breadcrumb } from '~/modules/catalog/ui/breadcrumb'
import { CategoryNav } from '~/modules/catalog/ui/category-nav'
import { CategoryTiles } from '~/modules/catalog/ui/category-tiles'
import { FaqSection } from '~/modules/catalog/ui/faq-section'
import { pageHref, Pagination } from '~/modules/catalog/ui/pagination'
import { ProductGrid } from '~/modules/catalog/ui/product-grid'
import { ShopError } from '~/modules/catalog/ui/shop-error'
import type { Route } from './+types/category'
import { notFound, orNotFound } from './http-errors'

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
  const page = await orNotFound(context.services.catalog.categoryPage(input.data), { retryHref: firstPage, retryLabel: 'Go to the first page' })
  return { ...page, origin: url.origin, href: `${url.pathname}${url.search}` }
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: 'Page not found | Nestlist' }, { name: 'robots', content: 'noindex' }]
  const { category, products, origin } = loaderData
  const base = `${origin}/store/${category.urlSlug}`
  const at = (page: number) => (page <= 1 ? base : `${base}?page=${page}`)
  const title = category.seoTitle ?? `${category.title} | Nestlist`
  return [
    { title: products.page > 1 ? `${title} (page ${products.page})` : title },
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
      <Link to={teaserLinkUrl} className="mt-3 inline-block font-semibold text-berry-700 underline underline-offset-4 hover:text-berry-800">
        {teaserLinkText}
      </Link>
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
  const { category, trail, nav, products, href } = loaderData
  const first = (products.page - 1) * products.pageSize + 1
  const last = first + products.items.length - 1
  return (
    <div>
      <Breadcrumb crumbs={trail.map((t) => ({ title: t.title, path: t.path }))} slugSet={category.slugSet} />
      <div className="mt-4 grid gap-6 sm:grid-cols-12 sm:gap-8">
        <aside className="sm:col-span-3">
          <CategoryNav items={nav} activeSlugSet={category.slugSet} />
        </aside>
        <div className="flex min-w-0 flex-col gap-10 sm:col-span-9">
          <Teaser category={category} />
          {category.children ? (
            <CategoryTiles
              heading={`Shop ${category.title} by type`}
              tiles={category.children.map((c) => ({ title: c.title, urlSlug: c.urlSlug, path: c.path, imageUrl: c.imageUrl, hidden: c.hidden }))}
            />
          ) : null}
          <section aria-labelledby="products-heading">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="products-heading" className="text-xl font-bold">
                {category.children ? `All ${category.title}` : 'Products'}
              </h2>
              <p className="text-sm text-muted">
                {products.total === 0
                  ? 'No products yet'
                  : products.pageCount > 1
                    ? `Showing ${first}–${last} of ${products.total.toLocaleString('en-US')} products`
                    : `${products.total.toLocaleString('en-US')} ${products.total === 1 ? 'product' : 'products'}`}
              </p>
            </div>
            {products.total === 0 ? (
              <p className="mt-4 max-w-[480px] text-muted">
                There are no products in {category.title} right now. Have a look at the other categories, or search the shop.
              </p>
            ) : (
              <>
                <div className="mt-4">
                  <ProductGrid products={products.items} label={`${category.title} products`} slugSet={category.slugSet} />
                </div>
                <Pagination className="mt-10" page={products.page} pageCount={products.pageCount} hrefFor={(p) => pageHref(href, p)} />
              </>
            )}
          </section>
          <FaqSection faqs={category.frequentlyAskedQuestions} />
        </div>
      </div>
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopError error={error} />
}
