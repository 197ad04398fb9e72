import { CategoryJumpNav, ItemText, ShopLink, toneFor } from '~/modules/checklist/ui/checklist-parts'
import { Card, Icon, LinkButton } from '~/ui'
import type { Route } from './+types/guide'

export const meta: Route.MetaFunction = () => [
  { title: 'Baby registry checklist: what you really need | Nestlist' },
  {
    name: 'description',
    content: 'A practical baby registry checklist from Nestlist: sleep, feeding, diapering, gear, nursery, bath, health and safety, clothing, play and cash funds, with what to get and how many.',
  },
]


/** /baby-registry-checklist: the whole checklist as a printable guide, with the way in to an owner's own checklist. */
export async function loader({ context }: Route.LoaderArgs) {
  return { categories: await context.services.checklist.categories() }
}

export default function ChecklistGuide({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData
  const total = categories.reduce((n, c) => n + c.items.length, 0)
  return (
    <div className="flex flex-col gap-8">
      <Card as="header" tone="berry" className="p-6 sm:p-10">
        <p className="text-sm font-bold tracking-wide text-berry-700 uppercase">Nestlist guide</p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">The baby registry checklist</h1>
        <p className="mt-3 max-w-2xl text-base text-ink sm:text-lg">
          Everything a new family really uses, in {categories.length} calm categories and {total} suggestions, each with how many to ask for and why it
          helps. Start with the must-haves; the nice-to-haves can wait or go to generous grandparents.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap print:hidden">
          <LinkButton to="/baby-registry-checklist/start_checklist" size="lg" icon={<Icon name="check-circle" className="size-5" />}>
            Start your checklist
          </LinkButton>
          <LinkButton to="/baby-registry-checklist-quiz" variant="secondary" size="lg" icon={<Icon name="sparkle" className="size-5" />}>
            Take the quiz
          </LinkButton>
          <LinkButton to="/baby-registry-checklist.pdf" reloadDocument variant="ghost" size="lg" icon={<Icon name="list" className="size-5" />}>
            Download the PDF
          </LinkButton>
        </div>
      </Card>

      <CategoryJumpNav categories={categories} />

      <div className="grid gap-6 lg:grid-cols-2">
        {categories.map((category, index) => (
          <Card as="section" key={category.id} id={category.slug} aria-labelledby={`cat-${category.id}`} className="scroll-mt-24 overflow-hidden break-inside-avoid">
            <div className={`${toneFor(index)} border-b border-line px-5 py-4 sm:px-6`}>
              <h2 id={`cat-${category.id}`} className="text-xl font-extrabold text-ink">
                {category.title}
              </h2>
              <p className="mt-1 text-sm text-ink">{category.guidance}</p>
            </div>
            <ul className="divide-y divide-line px-5 sm:px-6">
              {category.items.map((item) => (
                <li key={item.id} className="flex gap-3 py-4">
                  <span aria-hidden="true" className="mt-0.5 size-5 shrink-0 rounded border-2 border-berry-700 bg-white" />
                  <ItemText title={item.title} priority={item.priority} quantity={item.quantity} why={item.why} extra={<ShopLink href={item.shopHref} title={item.title} />} />
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </div>

      <Card as="section" tone="sage" className="flex flex-col items-start gap-4 p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8 print:hidden" aria-labelledby="start-title">
        <div>
          <h2 id="start-title" className="text-xl font-extrabold text-ink">
            Keep track as you build your registry
          </h2>
          <p className="mt-1 text-ink">Your checklist ticks items off by itself as you add them to your registry, and you can check anything else by hand.</p>
        </div>
        <LinkButton to="/baby-registry-checklist/start_checklist" size="lg" className="shrink-0">
          Start your checklist
        </LinkButton>
      </Card>
    </div>
  )
}
