import { Suspense, useEffect } from 'react'
import { SiteLink } from '~/lib/site-link'
import { track } from '~/modules/analytics/track'
import { publicOrigin } from '~/lib/links'
import { AppPromoBanner } from '~/components/app-promo-banner'
import { CategoryTiles } from '~/modules/catalog/ui/category-tiles'
import { ProductCollection } from '~/modules/catalog/ui/product-collection'
import { ShopByGuides } from '~/modules/catalog/ui/shop-by-guides'
import { ShopError } from '~/modules/catalog/ui/shop-error'
import { Container, Icon, type IconName, Tooltip } from '~/ui'
import { BirthdayPrompt } from '~/modules/birthday-prompt/ui/birthday-prompt'
import { cardView } from '~/modules/catalog/product-card.server'
import { useVisitor } from '~/components/visitor'
import { sharedPageHeaders } from '~/lib/shared-pages'
import { LANDING_DISCOUNT_BANNER_CLASS, RegistryDiscountBanner } from '~/modules/discount/ui/registry-discount-banner'
import { HomeBannerAds } from '~/modules/banner-ads/ui/home-banner-ads'
import { REGISTRY_DISCOUNT } from '~/modules/config/app-config'
import type { Route } from './+types/landing'

/** Free standard shipping above this many dollars (spec §9). */
export const FREE_SHIPPING_THRESHOLD = 45
/** The registry discount, in percent (spec §9; from the configuration module). */
export const REGISTRY_DISCOUNT_PERCENT = REGISTRY_DISCOUNT.percent
const PRE_ARRIVAL_DAYS = REGISTRY_DISCOUNT.preArrivalDays
const ACTIVE_DAYS = REGISTRY_DISCOUNT.registryCreationMinDays

export const LANDING_TITLE = 'Shop Baby Clothes, Gear and More | Nestlist'
export const LANDING_DESCRIPTION =
  `Shop baby clothes, gear, nursery furniture, feeding and more at Nestlist. Free shipping on orders over $45 and ${REGISTRY_DISCOUNT_PERCENT}% off with your registry.`

/** /store: the shop's landing page. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const [landing, bannerAds] = await Promise.all([context.services.storefront.landing(), context.services.bannerAds.active()])
  // Every product of every collection is on this page: the cards get only the fields they render.
  const collections = landing.collections.map((collection) => ({ ...collection, products: collection.products.map(cardView) }))
  return { ...landing, collections, bannerAds, origin: publicOrigin(url.origin) }
}

/** The same page for everyone (app/lib/shared-pages.ts): kept by shared caches for a few seconds. */
export const headers: Route.HeadersFunction = () => sharedPageHeaders()

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: LANDING_TITLE },
  { name: 'description', content: LANDING_DESCRIPTION },
  ...(loaderData ? [{ tagName: 'link', rel: 'canonical', href: `${loaderData.origin}/store` }] : []),
]

function HeroItem({ icon, text, tooltipLabel, tooltip }: { icon: IconName; text: string; tooltipLabel: string; tooltip: string }) {
  return (
    <li className="flex items-center gap-3 rounded-full bg-white/80 py-2 pr-3 pl-2 shadow-card">
      <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-berry-50 text-berry-700">
        <Icon name={icon} className="size-5" />
      </span>
      <span className="font-semibold">{text}</span>
      <Tooltip label={tooltipLabel} align="end">
        {tooltip}
      </Tooltip>
    </li>
  )
}

const WHY = [
  { icon: 'truck', title: 'Free shipping over $45', text: 'Standard shipping is free on orders over $45, so stocking up costs less.' },
  {
    icon: 'gift',
    title: `${REGISTRY_DISCOUNT_PERCENT}% registry discount`,
    text: `Finish your registry with ${REGISTRY_DISCOUNT_PERCENT}% off items sold by Nestlist, starting ${PRE_ARRIVAL_DAYS} days before your due date.`,
  },
  { icon: 'heart', title: 'Picked by parents', text: 'Our guides and collections are put together by parents who have tried the gear themselves.' },
  { icon: 'check-circle', title: 'Easy returns', text: 'Changed your mind? Store purchases can be returned within 9 months.' },
] as const satisfies readonly { icon: IconName; title: string; text: string }[]

/** One of the two call-to-action boxes; the whole box is the link. */
function CallToAction({ title, text, href, action }: { title: string; text: string; href: string; action: string }) {
  return (
    <div className="relative flex flex-col gap-2 rounded-card border border-line bg-white p-5 shadow-card transition hover:shadow-pop sm:p-6">
      <h3 className="text-lg font-bold">{title}</h3>
      <p className="text-muted">{text}</p>
      <SiteLink
        to={href}
        className="mt-auto inline-flex items-center gap-1.5 self-start rounded-md pt-2 font-bold text-berry-700 after:absolute after:inset-0 after:rounded-card after:content-[''] hover:underline"
      >
        {action}
        <Icon name="arrow-right" className="size-4" />
      </SiteLink>
    </div>
  )
}

export default function StoreLanding({ loaderData }: Route.ComponentProps) {
  const { collections, categories, guides, bannerAds } = loaderData
  const birthdayPrompt = useVisitor().facts?.birthdayPrompt ?? null
  // Spec §7 'store landing viewed'.
  useEffect(() => {
    track({ name: 'store_landing_viewed' })
  }, [])
  return (
    <div className="flex flex-col gap-12 pb-12 sm:gap-16">
      {/* Spec §2: the registry discount banner is shown only when there are no home banner ads. */}
      {bannerAds.length === 0 ? <RegistryDiscountBanner className={LANDING_DISCOUNT_BANNER_CLASS} /> : null}
      {/* The list-adoption modal (spec §2 store landing): the birthday wishlist offer for signed-in owners. */}
      <BirthdayPrompt user={birthdayPrompt} eventLocation="store_landing" />
      <section aria-labelledby="store-hero-heading" className="bg-peach-50">
        <Container className="flex flex-col gap-5 py-8 sm:py-12">
          <h1 id="store-hero-heading" className="text-3xl font-extrabold tracking-tight sm:text-4xl">
            Shop with Nestlist
          </h1>
          <p className="max-w-prose text-lg text-muted">Baby clothes, gear and everything in between, chosen by parents.</p>
          <ul className="flex flex-col gap-3 sm:flex-row sm:flex-wrap" aria-label="Store perks">
            <HeroItem
              icon="truck"
              text={`Free shipping over $${FREE_SHIPPING_THRESHOLD}`}
              tooltipLabel="About free shipping"
              tooltip={`Standard shipping is free on orders over $${FREE_SHIPPING_THRESHOLD}. Exclusions apply.`}
            />
            <HeroItem
              icon="gift"
              text={`${REGISTRY_DISCOUNT_PERCENT}% registry discount`}
              tooltipLabel="About the registry discount"
              tooltip={`Your registry gives you ${REGISTRY_DISCOUNT_PERCENT}% off starting ${PRE_ARRIVAL_DAYS} days before your due date. Valid only on items sold by Nestlist. Your registry must be active for ${ACTIVE_DAYS} days.`}
            />
          </ul>
        </Container>
      </section>

      {bannerAds.length > 0 ? (
        <Container className="-mt-4 sm:-mt-8">
          <HomeBannerAds ads={bannerAds} />
        </Container>
      ) : null}

      {collections.map((collection, index) => {
        const products = <ProductCollection collection={collection} maxVisible={null} />
        // Collections below the first are laid out and painted only as they near the screen (app.css,
        // .render-when-near), and hydrated after the rest of the page in a pass of their own (a Suspense boundary
        // that never suspends: the server writes it in place).
        return index > 0 ? (
          <Container key={collection.id} className="render-when-near">
            <Suspense fallback={null}>{products}</Suspense>
          </Container>
        ) : (
          <Container key={collection.id}>{products}</Container>
        )
      })}

      {/* The landing's last sections, thousands of pixels below the fold: skipped by the first frames like the later
          collections (app.css, .render-when-near-end). */}
      <div className="render-when-near-end flex flex-col gap-12 sm:gap-16">
        <Container>
          {/* Hydrated after the rest, like the later collections. */}
          <Suspense fallback={null}>
            <CategoryTiles heading="Categories" tiles={categories} />
          </Suspense>
        </Container>

        <Container className="empty:hidden">
          <ShopByGuides guides={guides} />
        </Container>

        <Container>
          <section aria-labelledby="why-heading" className="rounded-card bg-sage-50 p-5 sm:p-8">
            <h2 id="why-heading" className="text-xl font-bold sm:text-2xl">
              Why shop with us
            </h2>
            <ul className="mt-5 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
              {WHY.map((item) => (
                <li key={item.title} className="flex gap-3">
                  <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-white text-sage-700">
                    <Icon name={item.icon} className="size-5" />
                  </span>
                  <span>
                    <span className="block font-bold">{item.title}</span>
                    <span className="mt-1 block text-sm text-muted">{item.text}</span>
                  </span>
                </li>
              ))}
            </ul>
          </section>
        </Container>

        <Container>
          <section aria-labelledby="registry-cta-heading">
            <h2 id="registry-cta-heading" className="sr-only">
              Registries
            </h2>
            <div className="grid gap-4 sm:grid-cols-2">
              <CallToAction
                title="Create a registry"
                text={`One registry for everything from any store, with a ${REGISTRY_DISCOUNT_PERCENT}% discount to finish it.`}
                href="/registry/new"
                action="Start your registry"
              />
              <CallToAction title="Find a registry" text="Look up a friend's registry by name and pick the perfect gift." href="/find" action="Find a registry" />
            </div>
          </section>
        </Container>
      </div>

      {/* Client-only (a dismissal lives in the browser): placed last, so its arrival moves nothing above the fold. */}
      <Container className="empty:hidden">
        <AppPromoBanner />
      </Container>
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopError error={error} />
}
