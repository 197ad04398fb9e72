import type { ReactNode } from 'react'
import { Link, useRouteLoaderData } from 'react-router'
import { FREE_SHIPPING_THRESHOLD, REGISTRY_DISCOUNT_PERCENT, RETURNS_WINDOW } from '~/components/site-header'
import { REGISTRY_DISCOUNT } from '~/modules/config/app-config'
import { categoryHref, FIND_REGISTRY_PATH, livePages, REGISTRY_NEW_PATH } from '~/components/site-links'
import type { loader as rootLoader } from '~/root'
import { Badge, Card, cx, Icon, type IconName, LinkButton, Tooltip } from '~/ui'

export const meta = () => [
  { title: 'Nestlist: the universal baby registry and baby shop' },
  { name: 'description', content: 'One registry for everything your family needs, from any store, plus a shop for baby gear.' },
]

/** The first store category, where the 'Shop' way in leads. */
const FIRST_CATEGORY = 'strollers'

export default function Home() {
  const navbar = useRouteLoaderData<typeof rootLoader>('root')?.navbar ?? []
  const shopHref = categoryHref(navbar[0]?.urlSlug ?? FIRST_CATEGORY)
  return (
    <div className="space-y-16 sm:space-y-24">
      <Hero shopHref={shopHref} />
      <WaysIn shopHref={shopHref} />
      {navbar.length > 0 ? <Categories categories={navbar} /> : null}
      <HowItWorks />
      <Perks />
    </div>
  )
}

function Hero({ shopHref }: { shopHref: string | null }) {
  return (
    <section aria-labelledby="home-title" className="relative overflow-hidden rounded-panel bg-berry-50 px-4 py-9 sm:px-10 sm:py-14 lg:px-14 lg:py-16">
      <div aria-hidden="true" className="absolute -top-24 -right-24 size-72 rounded-full bg-peach-100 opacity-80 sm:size-96" />
      <div className="relative grid items-center gap-10 lg:grid-cols-[1.1fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3.5 py-1.5 text-xs font-semibold whitespace-nowrap text-berry-700 shadow-sm sm:text-sm">
            <Icon name="heart" className="size-4" />
            The universal baby registry
          </p>
          <h1 id="home-title" className="mt-5 text-[1.875rem] leading-[1.1] font-extrabold tracking-tight text-balance text-ink sm:text-5xl xl:text-[3.5rem]">
            One registry for everything your baby needs
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-muted">
            Add gifts from any store, share one link with everyone who loves you, and shop baby gear chosen by parents. All in one warm,
            simple place.
          </p>
          <div className="mt-8 flex flex-wrap items-center gap-x-5 gap-y-4">
            {shopHref ? (
              <LinkButton to={shopHref} size="lg">
                Shop baby gear
                <Icon name="arrow-right" className="size-5" />
              </LinkButton>
            ) : null}
            <LinkButton to={REGISTRY_NEW_PATH} size="lg" variant="secondary">
              Start your free registry
            </LinkButton>
          </div>
        </div>
        <HeroCollage />
      </div>
    </section>
  )
}

/** A playful stack of product illustrations; decorative. */
function HeroCollage() {
  const tiles: { src: string; className: string }[] = [
    { src: '/images/products/stroller-1.svg', className: 'col-span-2 row-span-2 rotate-[-2deg]' },
    { src: '/images/products/crib-0.svg', className: 'rotate-[3deg]' },
    { src: '/images/products/bottle-2.svg', className: 'rotate-[-3deg]' },
    { src: '/images/products/plush-5.svg', className: 'rotate-[2deg]' },
    { src: '/images/products/bodysuit-3.svg', className: 'rotate-[-2deg]' },
  ]
  return (
    <div aria-hidden="true" className="mx-auto grid w-full max-w-md grid-cols-3 grid-rows-3 gap-3 sm:gap-4">
      {tiles.map((t, i) => (
        <div
          key={t.src}
          className={cx(
            'overflow-hidden rounded-2xl bg-white p-1.5 shadow-card ring-1 ring-line transition-transform motion-safe:hover:rotate-0',
            t.className,
            i === 4 && 'col-start-3 row-start-3',
          )}
        >
          <img src={t.src} alt="" className="aspect-square size-full rounded-xl object-cover" />
        </div>
      ))}
    </div>
  )
}

function SectionHeading({ id, eyebrow, title, children }: { id: string; eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <div className="max-w-2xl">
      {eyebrow ? <p className="text-sm font-bold tracking-wide text-berry-700 uppercase">{eyebrow}</p> : null}
      <h2 id={id} className="mt-1 text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">
        {title}
      </h2>
      {children ? <p className="mt-3 text-base leading-relaxed text-muted sm:text-lg">{children}</p> : null}
    </div>
  )
}

function WaysIn({ shopHref }: { shopHref: string | null }) {
  const registryHref = livePages.registryNew ? REGISTRY_NEW_PATH : null
  const findHref = livePages.findRegistry ? FIND_REGISTRY_PATH : null
  return (
    <section aria-labelledby="ways-in">
      <SectionHeading id="ways-in" eyebrow="Start here" title="Three ways into Nestlist" />
      <ul className="mt-8 grid gap-5 md:grid-cols-3">
        <WayIn icon="gift" tone="berry" title="Create a registry" href={registryHref} action="Start your registry">
          Build one list with gifts from Nestlist and any other store, plus cash funds for the big things.
        </WayIn>
        <WayIn icon="search" tone="sky" title="Find a registry" href={findHref} action="Find a registry">
          Look up a friend or family member by name and pick a gift they truly need.
        </WayIn>
        <WayIn icon="cart" tone="sage" title="Shop" href={shopHref} action="Shop strollers">
          Strollers, car seats, nursery furniture and everyday essentials, reviewed by real parents.
        </WayIn>
      </ul>
    </section>
  )
}

const toneStyles = {
  berry: { card: 'berry', icon: 'bg-berry-100 text-berry-700' },
  sky: { card: 'sky', icon: 'bg-sky-100 text-sky-700' },
  sage: { card: 'sage', icon: 'bg-sage-100 text-sage-700' },
  peach: { card: 'peach', icon: 'bg-peach-100 text-peach-700' },
} as const

function WayIn({
  icon,
  tone,
  title,
  href,
  action,
  children,
}: {
  icon: IconName
  tone: keyof typeof toneStyles
  title: string
  href: string | null
  action: string
  children: ReactNode
}) {
  const t = toneStyles[tone]
  return (
    <Card as="li" tone={t.card} className="relative flex flex-col p-6 sm:p-7">
      <span className={cx('inline-flex size-12 items-center justify-center rounded-2xl', t.icon)}>
        <Icon name={icon} className="size-6" />
      </span>
      <h3 className="mt-5 text-xl font-extrabold text-ink">{title}</h3>
      <p className="mt-2 flex-1 leading-relaxed text-muted">{children}</p>
      <div className="mt-6">
        {href ? (
          <Link
            to={href}
            className="inline-flex items-center gap-1.5 rounded-md font-bold text-berry-700 after:absolute after:inset-0 after:rounded-card after:content-[''] hover:underline"
          >
            {action}
            <Icon name="arrow-right" className="size-4" />
          </Link>
        ) : (
          <Badge variant="soon">Coming soon</Badge>
        )}
      </div>
    </Card>
  )
}

function Categories({ categories }: { categories: { title: string; urlSlug: string }[] }) {
  return (
    <section aria-labelledby="home-categories">
      <SectionHeading id="home-categories" eyebrow="The shop" title="Shop by category">
        Everything from the first car seat to the first birthday, sorted the way new parents think.
      </SectionHeading>
      <ul className="mt-8 grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4">
        {categories.map((category) => {
          const href = categoryHref(category.urlSlug)
          const body = (
            <>
              <img
                src={`/images/categories/${category.urlSlug}.svg`}
                alt=""
                width={300}
                height={300}
                loading="lazy"
                className="aspect-[4/3] w-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:group-hover:scale-100"
              />
              <span className="flex items-center justify-between gap-2 px-3 py-3 sm:px-4">
                <span className="text-[0.9375rem] font-bold text-ink sm:text-base">{category.title}</span>
                {href ? <Icon name="chevron-right" className="size-4 text-berry-700" /> : null}
              </span>
            </>
          )
          return (
            <li key={category.urlSlug}>
              {href ? (
                <Link to={href} className="group block h-full overflow-hidden rounded-card border border-line bg-white shadow-card transition-shadow hover:shadow-pop">
                  {body}
                </Link>
              ) : (
                <div className="h-full overflow-hidden rounded-card border border-line bg-white shadow-card">{body}</div>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}

function HowItWorks() {
  const steps: { icon: IconName; title: string; text: string }[] = [
    { icon: 'list', title: 'Add anything', text: 'Pick from our shop or save gifts from any store, plus cash funds for bigger dreams.' },
    { icon: 'share', title: 'Share one link', text: 'Family and friends see one tidy list, wherever they are, and know what is still needed.' },
    { icon: 'gift', title: 'Get what you need', text: 'Track gifts as they arrive, say thank you, and finish your list with a discount.' },
  ]
  return (
    <section aria-labelledby="how-it-works" className="rounded-panel bg-white px-5 py-10 shadow-card ring-1 ring-line sm:px-10 sm:py-12">
      <SectionHeading id="how-it-works" eyebrow="How it works" title="A registry that keeps up with you" />
      <ol className="mt-8 grid gap-8 md:grid-cols-3">
        {steps.map((step, i) => (
          <li key={step.title} className="flex gap-4">
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-berry-700 text-lg font-extrabold text-white" aria-hidden="true">
              {i + 1}
            </span>
            <div>
              <h3 className="flex items-center gap-2 text-lg font-extrabold text-ink">
                <Icon name={step.icon} className="size-5 text-berry-700" />
                {step.title}
              </h3>
              <p className="mt-1.5 leading-relaxed text-muted">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  )
}

function Perks() {
  return (
    <section aria-labelledby="perks">
      <SectionHeading id="perks" eyebrow="Why Nestlist" title="Little things that make a big difference" />
      <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        <Perk
          icon="truck"
          tone="sage"
          title={`Free shipping over $${FREE_SHIPPING_THRESHOLD}`}
          tip={`Standard shipping is free on orders over $${FREE_SHIPPING_THRESHOLD}. Some exclusions apply.`}
        >
          Standard shipping on us, straight to your door.
        </Perk>
        <Perk
          icon="tag"
          tone="peach"
          title={`${REGISTRY_DISCOUNT_PERCENT}% registry discount`}
          tip={`A registry gives ${REGISTRY_DISCOUNT_PERCENT}% off starting ${REGISTRY_DISCOUNT.preArrivalDays} days before the due date, valid only on items sold by Nestlist. Your registry must be active for ${REGISTRY_DISCOUNT.registryCreationMinDays} days.`}
        >
          Finish your list for less before baby arrives.
        </Perk>
        <Perk icon="return" tone="sky" title={`${RETURNS_WINDOW} to return`}>
          Plenty of time to try things, on items sold by Nestlist.
        </Perk>
        <Perk icon="heart" tone="berry" title="From any store">
          Your registry holds gifts from every shop you love, side by side.
        </Perk>
      </ul>
    </section>
  )
}

function Perk({ icon, tone, title, tip, children }: { icon: IconName; tone: keyof typeof toneStyles; title: string; tip?: string; children: ReactNode }) {
  const t = toneStyles[tone]
  return (
    <Card as="li" className="p-5 sm:p-6">
      <span className={cx('inline-flex size-11 items-center justify-center rounded-xl', t.icon)}>
        <Icon name={icon} className="size-[1.35rem]" />
      </span>
      <div className="mt-4 flex items-center gap-1.5">
        <h3 className="text-lg font-extrabold text-ink">{title}</h3>
        {tip ? <Tooltip label={`About ${title.toLowerCase()}`}>{tip}</Tooltip> : null}
      </div>
      <p className="mt-1.5 leading-relaxed text-muted">{children}</p>
    </Card>
  )
}
