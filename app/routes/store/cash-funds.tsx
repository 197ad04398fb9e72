import { useEffect, useRef } from 'react'
import { data, Form, Link, useLocation, useNavigation } from 'react-router'
import type { FieldErrors } from '~/lib/errors'
import { formFailure } from '~/lib/form-errors'
import { getViewer } from '~/modules/accounts/auth.server'
import { cashFundMessages } from '~/modules/cash-funds/cash-funds.strings'
import { FundProgress } from '~/modules/cash-funds/ui/fund-progress'
import { Alert, Button, buttonClasses, Container, FieldError, inputClasses, Label, LinkButton, PageHeader, TextField, cx } from '~/ui'
import type { Route } from './+types/cash-funds'

export const meta = () => [
  { title: 'Cash funds for your registry | Nestlist' },
  { name: 'description', content: 'Add a cash fund to your Nestlist registry, such as a diaper fund or a parental leave fund. Friends and family give any amount by card.' },
]

/**
 * /store/cash-funds: the catalogue's cash-fund ideas; a registry's family picks one (or starts from scratch),
 * names it, sets an optional goal and adds it to their registry. Their funds are listed with what each raised.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const [ideas, viewer] = await Promise.all([context.services.cashFunds.catalogueFunds(), getViewer(request, context)])
  const registry = viewer ? ((await context.services.registry.managedBy(viewer.user.id))[0] ?? null) : null
  const funds = registry ? await context.services.cashFunds.fundsOf(registry.id) : []
  const ideaParam = url.searchParams.get('idea')
  const chosen = ideaParam === 'custom' ? 'custom' : (ideas.find((i) => String(i.id) === ideaParam) ?? null)
  return {
    ideas,
    signedIn: Boolean(viewer),
    registry: registry ? { id: registry.id, title: registry.title, slug: registry.slug } : null,
    funds,
    chosen,
  }
}

type Values = { productId: string; title: string; description: string; goal: string }
type ActionResult = { ok: true; intent: 'add' | 'remove'; title: string; at: number } | { ok: false; intent: 'add' | 'remove'; message: string; fields: FieldErrors; values: Values; at: number }

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await getViewer(request, context)
  const form = await request.formData()
  const intent = form.get('intent') === 'remove' ? 'remove' : 'add'
  const values: Values = {
    productId: String(form.get('productId') ?? '').slice(0, 20),
    title: String(form.get('title') ?? '').slice(0, 200),
    description: String(form.get('description') ?? '').slice(0, 1000),
    goal: String(form.get('goal') ?? '').slice(0, 20),
  }
  const fail = (status: number, message: string, fields: FieldErrors = {}) => data<ActionResult>({ ok: false, intent, message, fields, values, at: Date.now() }, { status })
  if (!viewer) return fail(401, 'Please sign in to add a cash fund to your registry.')
  const registry = (await context.services.registry.managedBy(viewer.user.id))[0]
  if (!registry) return fail(404, cashFundMessages.noRegistry)
  try {
    if (intent === 'remove') {
      const fundId = Number(form.get('fundId'))
      const fund = (await context.services.cashFunds.fundsOf(registry.id)).find((f) => f.id === fundId)
      await context.services.cashFunds.removeFund(fundId, viewer.user.id)
      return data<ActionResult>({ ok: true, intent, title: fund?.title ?? 'The fund', at: Date.now() })
    }
    const fund = await context.services.cashFunds.addFund(registry.id, viewer.user.id, {
      productId: values.productId || undefined,
      title: values.title,
      description: values.description,
      goalCents: values.goal,
    })
    return data<ActionResult>({ ok: true, intent, title: fund.title, at: Date.now() })
  } catch (error) {
    const failure = formFailure(error)
    const fields = Object.fromEntries(Object.entries(failure.fields).map(([k, v]) => [k === 'goalCents' ? 'goal' : k, v]))
    return fail(failure.status, failure.message, fields)
  }
}

export default function CashFundsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { ideas, signedIn, registry, funds, chosen } = loaderData
  const location = useLocation()
  const navigation = useNavigation()
  const result = actionData as ActionResult | undefined
  const failure = result && !result.ok && result.intent === 'add' ? result : null
  const adding = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'add'
  const removing = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'remove' ? String(navigation.formData.get('fundId')) : null
  const idea = typeof chosen === 'object' ? chosen : null
  const showForm = Boolean(chosen) || Boolean(failure)
  const formRef = useRef<HTMLFormElement>(null)
  const err = (k: string) => failure?.fields[k]?.[0]
  useEffect(() => {
    if (failure) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-focus-first]')?.focus()
  }, [failure])
  const signInHref = `/login?redirect_path=${encodeURIComponent(`${location.pathname}${location.search}`)}`

  return (
    <Container className="flex flex-col gap-10 py-8 sm:py-10">
      <PageHeader eyebrow="Registry" title="Cash funds">
        Ask for help with the big things: a diaper fund, parental leave, childcare. Friends and family give any amount by card; you see every gift and
        note in your gift tracker, and other guests see only the total raised.
      </PageHeader>

      {result?.ok ? (
        <div>
          <Alert tone="success">
            {result.intent === 'add' ? (
              <>
                {result.title} is on your registry.{' '}
                {registry ? (
                  <Link to={`/${registry.slug}`} className="font-semibold underline underline-offset-2">
                    See it as guests do
                  </Link>
                ) : null}
              </>
            ) : (
              `${result.title} is off your registry. Its gifts stay in your gift tracker.`
            )}
          </Alert>
        </div>
      ) : null}
      {result && !result.ok && result.intent === 'remove' ? (
        <Alert tone="error">{result.message}</Alert>
      ) : null}

      {registry && funds.length > 0 ? (
        <section aria-labelledby="your-funds" className="flex flex-col gap-4">
          <h2 id="your-funds" className="text-xl font-bold text-ink">
            Your cash funds on {registry.title}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {funds.map((f) => (
              <li key={f.id} className="flex flex-col gap-3 rounded-card border border-line bg-white p-4 shadow-card">
                <p id={`mine-${f.id}-title`} className="font-bold text-ink">
                  {f.title}
                </p>
                <FundProgress raisedCents={f.raisedCents} goalCents={f.goalCents} count={f.contributionCount} id={`mine-${f.id}`} />
                <Form method="post" className="mt-auto">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="fundId" value={f.id} />
                  <Button type="submit" size="sm" variant="secondary" pending={removing === String(f.id)} pendingLabel="Removing…" aria-describedby={`mine-${f.id}-title`}>
                    Remove from registry
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
          <p className="text-sm text-muted">
            <Link to="/registry/gift-tracker" className="font-semibold text-berry-700 underline underline-offset-2">
              See who gave in your gift tracker
            </Link>
            &nbsp;·{' '}
            <Link to="/settings/cash-fund-preferences" className="font-semibold text-berry-700 underline underline-offset-2">
              Choose how you receive the money
            </Link>
          </p>
        </section>
      ) : null}

      {showForm ? (
        <section id="add-fund" aria-labelledby="add-fund-title" className="scroll-mt-24 rounded-card border border-line bg-white p-5 shadow-card sm:p-6">
          <h2 id="add-fund-title" className="text-xl font-bold text-ink">
            {idea ? `Add a ${idea.name}` : 'Create your own cash fund'}
          </h2>
          {!signedIn ? (
            <Alert tone="info" className="mt-4">
              <Link to={signInHref} className="font-semibold underline underline-offset-2">
                Sign in
              </Link>{' '}
              to add a cash fund to your registry.
            </Alert>
          ) : !registry ? (
            <Alert tone="info" className="mt-4">
              {cashFundMessages.noRegistry}{' '}
              <Link to="/registry/new" className="font-semibold underline underline-offset-2">
                Start your registry
              </Link>
            </Alert>
          ) : (
            <Form ref={formRef} method="post" noValidate key={result?.ok ? result.at : 'add'} className="mt-4 flex flex-col gap-5">
              <input type="hidden" name="intent" value="add" />
              <input type="hidden" name="productId" value={failure?.values.productId ?? (idea ? String(idea.id) : '')} />
              {failure ? (
                <div tabIndex={-1} data-focus-first className="outline-none">
                  <Alert tone="error">{Object.keys(failure.fields).length ? 'Please check the fields marked below.' : failure.message}</Alert>
                </div>
              ) : null}
              <TextField label="Fund name" name="title" required maxLength={80} defaultValue={failure?.values.title ?? idea?.name ?? ''} error={err('title')} hint="Guests see it on your registry." />
              <div>
                <Label htmlFor="description" optional>
                  What it is for
                </Label>
                <textarea
                  id="description"
                  name="description"
                  rows={3}
                  maxLength={500}
                  defaultValue={failure?.values.description ?? (idea ? idea.description.split('. ')[0] + '.' : '')}
                  aria-invalid={err('description') ? true : undefined}
                  aria-describedby={err('description') ? 'description-error' : undefined}
                  className={cx(inputClasses, 'mt-1.5')}
                />
                <FieldError id="description-error">{err('description')}</FieldError>
              </div>
              <TextField
                label="Goal in US dollars"
                name="goal"
                optional
                inputMode="decimal"
                maxLength={12}
                className="sm:max-w-56"
                hint="Guests see a progress bar towards it. Leave it empty for no goal."
                defaultValue={failure?.values.goal ?? ''}
                error={err('goal')}
              />
              <div className="flex flex-wrap items-center gap-4">
                <Button type="submit" pending={adding} pendingLabel="Adding…">
                  Add to my registry
                </Button>
                <Link to="/store/cash-funds" preventScrollReset className="font-semibold text-berry-700 underline underline-offset-2">
                  Cancel
                </Link>
              </div>
            </Form>
          )}
        </section>
      ) : null}

      <section aria-labelledby="ideas" className="flex flex-col gap-4">
        <h2 id="ideas" className="text-xl font-bold text-ink">
          Popular cash funds
        </h2>
        <ul className="grid gap-4 min-[420px]:grid-cols-2 lg:grid-cols-3">
          {ideas.map((i) => (
            <li key={i.id} className="flex flex-col gap-3 rounded-card border border-line bg-white p-4 shadow-card">
              <div className="flex items-start gap-3">
                <img src={i.imageUrl} alt="" width={64} height={64} className="size-16 shrink-0 rounded-xl border border-line bg-cream-100 object-cover" />
                <div className="min-w-0">
                  <h3 id={`idea-${i.id}`} className="font-bold leading-snug text-ink">
                    {i.name}
                  </h3>
                  <p className="mt-0.5 text-sm text-muted">{i.description.split('. ')[0]}.</p>
                </div>
              </div>
              <Link to={`?idea=${i.id}#add-fund`} preventScrollReset className={buttonClasses({ size: 'sm', variant: 'secondary', className: 'mt-auto self-start' })} aria-describedby={`idea-${i.id}`}>
                Add this fund
              </Link>
            </li>
          ))}
        </ul>
        <div>
          <LinkButton to="?idea=custom#add-fund" preventScrollReset>
            Create your own cash fund
          </LinkButton>
        </div>
      </section>
    </Container>
  )
}
