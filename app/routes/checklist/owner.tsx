import { data, Link, redirect, useFetcher } from 'react-router'
import { formFailure } from '~/lib/form-errors'
import { requireUser } from '~/modules/accounts/auth.server'
import type { OwnerChecklistItem } from '~/modules/checklist/checklist.types'
import { CategoryJumpNav, ItemText, ProgressBar, ShopLink, toneFor } from '~/modules/checklist/ui/checklist-parts'
import { ownerRegistryFor } from '~/modules/registry/ui/owner-registry.server'
import { Alert, Badge, Button, Card, cx, Icon, LinkButton } from '~/ui'
import type { Route } from './+types/owner'

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Your checklist${loaderData ? `\u00a0· ${loaderData.checklist.registryTitle}` : ''} | Nestlist` },
  { name: 'robots', content: 'noindex' },
]

// The owner's own progress: never in a shared cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

/** /registry/checklist: the owner's checklist, ticked by what is on their registry and by hand. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const registry = await ownerRegistryFor(request, context, user.id)
  if (!registry) throw redirect('/registry/new?lp_content=checklist')
  const owned = await context.services.registry.ownedBy(user.id)
  return {
    checklist: await context.services.checklist.forRegistry(registry.id, user.id),
    registryQuery: owned.length > 1 ? `?registry=${registry.id}` : '',
  }
}

export type CheckResult = { ok: true; itemId: number; checked: boolean; message: string } | { ok: false; itemId: number | null; message: string }

/** Checks or unchecks one item by hand (a fetcher with JavaScript, a plain form post without). */
export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireUser(request, context)
  const registry = await ownerRegistryFor(request, context, user.id)
  if (!registry) throw redirect('/registry/new?lp_content=checklist')
  const form = await request.formData()
  const rawItem = Number(form.get('itemId'))
  const itemId = Number.isSafeInteger(rawItem) && rawItem > 0 ? rawItem : null
  try {
    const category = await context.services.checklist.setCheck(registry.id, user.id, { itemId: form.get('itemId'), checked: form.get('checked') })
    const item = category.items.find((i) => i.id === itemId)!
    return data<CheckResult>({ ok: true, itemId: item.id, checked: item.manuallyChecked, message: item.manuallyChecked ? `Checked off ${item.title}.` : `${item.title} is unchecked.` })
  } catch (error) {
    const failure = formFailure(error)
    return data<CheckResult>({ ok: false, itemId, message: failure.message }, { status: failure.status })
  }
}

function ItemRow({ item, registryQuery }: { item: OwnerChecklistItem; registryQuery: string }) {
  const fetcher = useFetcher<CheckResult>({ key: `check-${item.id}` })
  // Optimistic: while the request runs, show the state it asks for.
  const pendingChecked = fetcher.formData ? fetcher.formData.get('checked') === 'true' : null
  const manual = pendingChecked ?? item.manuallyChecked
  const auto = item.checkedBy === 'registry'
  const checked = auto || manual
  const failed = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null
  const titleId = `item-${item.id}`
  return (
    <li className="flex gap-3 py-4">
      <span
        aria-hidden="true"
        className={cx(
          'mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full border-2',
          checked ? 'border-sage-700 bg-sage-700 text-white' : 'border-line-strong bg-white',
        )}
      >
        {checked ? <Icon name="check" className="size-4" /> : null}
      </span>
      <ItemText
        title={item.title}
        titleId={titleId}
        priority={item.priority}
        quantity={item.quantity}
        why={item.why}
        extra={
          <div className="mt-2 flex flex-col gap-2">
            {auto ? (
              <p className="flex flex-wrap items-center gap-2 text-sm text-ink">
                <Badge variant="success">On your registry</Badge>
                <span>
                  Checked because {item.matches.length + item.cashFunds.length === 1 ? 'this is' : 'these are'} on your registry:{' '}
                  {[...item.matches.map((m) => ({ key: `item-${m.regItemId}`, title: m.title })), ...item.cashFunds.map((f) => ({ key: `fund-${f.cashFundId}`, title: f.title }))].map((m, i) => (
                    <span key={m.key}>
                      {i > 0 ? ', ' : ''}“{m.title}”
                    </span>
                  ))}
                  .
                </span>
              </p>
            ) : manual ? (
              <p className="text-sm text-ink">
                <Badge variant="info">Checked by you</Badge>
              </p>
            ) : null}
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
              {auto ? null : (
                <fetcher.Form method="post" action={`/registry/checklist${registryQuery}`}>
                  <input type="hidden" name="itemId" value={item.id} />
                  <input type="hidden" name="checked" value={manual ? 'false' : 'true'} />
                  <Button
                    type="submit"
                    size="sm"
                    variant={manual ? 'ghost' : 'secondary'}
                    aria-describedby={titleId}
                    icon={manual ? undefined : <Icon name="check" className="size-4" />}
                  >
                    {manual ? 'Uncheck' : 'Check off'}
                  </Button>
                </fetcher.Form>
              )}
              <ShopLink href={item.shopHref} title={item.title} />
            </div>
            {failed ? (
              <p role="alert" className="text-sm font-semibold text-berry-700">
                {failed}
              </p>
            ) : null}
          </div>
        }
      />
    </li>
  )
}

export default function OwnerChecklistPage({ loaderData, actionData }: Route.ComponentProps) {
  const { checklist, registryQuery } = loaderData
  return (
    <div className="flex flex-col gap-6 py-2 sm:py-4">
      <Card as="header" tone="berry" className="flex flex-col gap-5 p-5 sm:p-8">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <p className="text-sm font-bold tracking-wide text-berry-700 uppercase">{checklist.registryTitle}</p>
            <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">Your baby registry checklist</h1>
            <p className="mt-2 max-w-2xl text-base text-ink">
              Items tick themselves off when something that fits is on your registry. Got it already, or borrowing one? Check it off by hand.
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <LinkButton to={`/registry/home${registryQuery}`} variant="secondary" size="sm">
              Back to your registry
            </LinkButton>
            <LinkButton to={`/baby-registry-checklist.pdf${registryQuery}`} reloadDocument variant="ghost" size="sm" icon={<Icon name="list" className="size-4" />}>
              Download PDF
            </LinkButton>
          </div>
        </div>
        <div>
          <p className="text-base font-bold text-ink" id="overall-progress">
            {checklist.progress.checked} of {checklist.progress.total} checked&nbsp;· {checklist.progress.percent}%
          </p>
          <ProgressBar progress={checklist.progress} label="Overall checklist progress" className="mt-2" />
        </div>
      </Card>

      {actionData ? (
        <Alert tone={actionData.ok ? 'success' : 'error'} title={actionData.ok ? 'Saved' : 'That did not work'}>
          {actionData.message}
        </Alert>
      ) : null}

      <CategoryJumpNav categories={checklist.categories} label="Checklist categories and progress" />

      <div className="grid gap-6 lg:grid-cols-2">
        {checklist.categories.map((category, index) => (
          <Card as="section" key={category.id} id={category.slug} aria-labelledby={`cat-${category.id}`} className="scroll-mt-24 overflow-hidden">
            <div className={`${toneFor(index)} border-b border-line px-5 py-4 sm:px-6`}>
              <div className="flex items-baseline justify-between gap-3">
                <h2 id={`cat-${category.id}`} className="text-xl font-extrabold text-ink">
                  {category.title}
                </h2>
                <p className="shrink-0 text-sm font-semibold text-ink">
                  {category.progress.checked} of {category.progress.total}
                </p>
              </div>
              <ProgressBar progress={category.progress} label={`${category.title} progress`} className="mt-2" />
              <p className="mt-3 text-sm text-ink">{category.guidance}</p>
              <Link
                to={`/registry/add-items${registryQuery}`}
                className="mt-2 inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-berry-700 underline underline-offset-2"
              >
                Add from the shop<span className="sr-only">: {category.title}</span>
                <Icon name="arrow-right" className="size-4" />
              </Link>
            </div>
            <ul className="divide-y divide-line px-5 sm:px-6">
              {category.items.map((item) => (
                <ItemRow key={item.id} item={item} registryQuery={registryQuery} />
              ))}
            </ul>
          </Card>
        ))}
      </div>

      <p className="text-sm text-muted">
        Want a shorter list that fits your home and plans?{' '}
        <Link to="/baby-registry-checklist-quiz" className="font-semibold text-berry-700 underline underline-offset-2">
          Take the checklist quiz
        </Link>
        .
      </p>
    </div>
  )
}
