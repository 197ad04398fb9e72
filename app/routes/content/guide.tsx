import { publicOrigin } from '~/lib/links'
import { Link } from 'react-router'
import { Breadcrumb } from '~/modules/catalog/ui/breadcrumb'
import { ProductGrid } from '~/modules/catalog/ui/product-grid'
import { ShopError } from '~/modules/catalog/ui/shop-error'
import { orNotFound } from '../store/http-errors'
import type { Route } from './+types/guide'

/** /hello-baby/{slug}: a guide article, with the shop categories it belongs to. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const guide = await orNotFound(context.services.catalog.guide(params.slug), { retryHref: '/', retryLabel: 'Go to the home page' })
  return { guide, origin: publicOrigin(url.origin) }
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: 'Page not found | Nestlist' }, { name: 'robots', content: 'noindex' }]
  const { guide, origin } = loaderData
  return [
    { title: `${guide.title} | Nestlist Guides` },
    { name: 'description', content: guide.teaser },
    { tagName: 'link', rel: 'canonical', href: `${origin}/hello-baby/${guide.slug}` },
    { property: 'og:title', content: guide.title },
    { property: 'og:image', content: `${origin}${guide.featuredImage.url}` },
  ]
}

const published = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

export default function GuidePage({ loaderData }: Route.ComponentProps) {
  const { guide } = loaderData
  return (
    <article className="mx-auto max-w-3xl">
      <Breadcrumb crumbs={[{ title: guide.title, path: `/hello-baby/${guide.slug}` }]} />
      <header className="mt-4">
        <p className="text-sm font-semibold tracking-wide text-berry-700 uppercase">Guide</p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">{guide.title}</h1>
        <p className="mt-3 text-lg leading-relaxed text-muted">{guide.teaser}</p>
        <p className="mt-2 text-sm text-muted">
          Updated <time dateTime={guide.publishedAt}>{published(guide.publishedAt)}</time>
        </p>
      </header>
      <img
        src={guide.featuredImage.url}
        alt={guide.featuredImage.description}
        width={900}
        height={500}
        className="mt-6 aspect-[9/5] w-full rounded-card object-cover"
      />
      <div className="mt-8 space-y-4 text-lg leading-relaxed">
        {guide.blocks.map((block, i) =>
          block.type === 'heading' ? (
            <h2 key={i} className="pt-4 text-2xl font-bold">
              {block.text}
            </h2>
          ) : block.type === 'list' ? (
            <ul key={i} className="list-disc space-y-2 pl-6">
              {block.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : (
            <p key={i}>{block.text}</p>
          ),
        )}
      </div>
      {guide.categories.length > 0 ? (
        <nav aria-label="Shop this guide" className="mt-10 rounded-card border border-line bg-white p-5">
          <h2 className="text-xl font-bold">Shop this guide</h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {guide.categories.map((c) => (
              <li key={c.urlSlug}>
                <Link to={c.path} className="inline-block rounded-full border border-line px-4 py-2 font-semibold text-berry-700 hover:bg-berry-50">
                  {c.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {guide.products.length > 0 ? (
        <section aria-labelledby="guide-products" className="mt-10">
          <h2 id="guide-products" className="text-xl font-bold">
            Popular picks
          </h2>
          <div className="mt-4">
            <ProductGrid products={guide.products} label={`Popular picks for ${guide.title}`} />
          </div>
        </section>
      ) : null}
    </article>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopError error={error} />
}
