import { useEffect } from 'react'
import { data, Link, redirect, useFetcher } from 'react-router'
import { flashCookie } from '~/lib/flash.server'
import { formFailure } from '~/lib/form-errors'
import { getViewer, requireUser } from '~/modules/accounts/auth.server'
import { safeRedirectPath } from '~/modules/accounts/safe-redirect'
import type { ProductCard as ProductCardData } from '~/modules/catalog/catalog.service.server'
import { ProductCard } from '~/modules/catalog/ui/product-card'
import { PasteLinkBox } from '~/modules/external-products/ui/paste-link-box'
import { type AddItemResult, useScripted } from '~/modules/registry/ui/add-to-registry'
import { addItemFormInput } from '~/modules/registry/ui/add-to-registry.server'
import { Alert, Button, Container, Icon, LinkButton, useToast } from '~/ui'
import type { Route } from './+types/add-items'

export const meta = () => [{ title: 'Add items to your registry | Nestlist' }, { name: 'robots', content: 'noindex' }]

/** How many popular products the page offers for a quick add. */
const POPULAR_SHOWN = 12
/** The first 'Add 10 items' goal on the registry home. */
const GOAL_ITEMS = 10

/** /registry/add-items and /registry/shop: the shop, arranged for building a registry. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const [registry, navbar, popular] = await Promise.all([
    context.services.registry.currentFor(user.id),
    context.services.catalog.navbarCategories(),
    context.services.search.listing({ listing: 'best', filters: { available: true }, sort: 'popular', order: 'desc', page: 1, limit: POPULAR_SHOWN + 4 }),
  ])
  const onRegistry = new Set((registry?.items ?? []).filter((i) => !i.removed && i.productId !== null).map((i) => i.productId))
  return {
    registry: registry ? { title: registry.title, items: registry.stats.items } : null,
    categories: navbar.map((c) => ({ title: c.title, path: `/store/${c.urlSlug}` })),
    popular: popular.heroProducts
      .filter((p) => p.productType !== 'gift_card' && p.available)
      .slice(0, POPULAR_SHOWN)
      .map((p) => ({ product: p, onRegistry: onRegistry.has(p.productId) })),
  }
}

/**
 * 'Add to Registry' (intent add) from product pages and this page. Scripted submissions (js=1) get data
 * back; a plain form post goes back to where it came from with 'Added to your registry'.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const returnTo = safeRedirectPath(form.get('returnTo'), '/registry/add-items')
  const scripted = form.get('js') === '1'
  const productId = Number(form.get('productId')) || null
  const at = Date.now()
  const viewer = await getViewer(request, context)
  if (!viewer) throw redirect(`/login?redirect_path=${encodeURIComponent(returnTo)}`)
  if (form.get('intent') !== 'add') {
    return data<AddItemResult>({ ok: false, intent: 'add', productId, message: 'That action is not available here.', fields: {}, status: 400, at }, { status: 400 })
  }
  const target = await context.services.registry.addTargetFor(viewer.user.id)
  if (!target) throw redirect('/registry/new')
  try {
    const item = await context.services.registry.addItem(target.registryId, viewer.user.id, addItemFormInput(form))
    if (!scripted) throw redirect(returnTo, { headers: { 'Set-Cookie': flashCookie('registry_item_added') } })
    return data<AddItemResult>({ ok: true, intent: 'add', productId: item.productId, title: item.title, at })
  } catch (error) {
    if (error instanceof Response) throw error
    const failure = formFailure(error)
    return data<AddItemResult>({ ...failure, intent: 'add', productId, at }, { status: failure.status })
  }
}

export default function AddItems({ loaderData, actionData }: Route.ComponentProps) {
  const { registry, categories, popular } = loaderData
  // A plain (no-JavaScript) add that failed lands here with the reason.
  const failure = actionData && !actionData.ok ? actionData : undefined
  return (
    <Container className="flex flex-col gap-10 py-8 sm:py-10">
      <header className="flex flex-col gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight text-balance">Add items to your registry</h1>
        <p className="max-w-prose text-lg text-muted">
          Browse the shop, tap Add on anything you love, and sort it all out later. Friends and family see exactly what you need.
        </p>
        {failure ? (
          <Alert tone="error" title="We could not add that item">
            {failure.message} {Object.values(failure.fields).flat()[0] ?? ''}
          </Alert>
        ) : null}
        <p className="text-base text-ink">
          Not sure what you need?{' '}
          <Link to={registry ? '/registry/checklist' : '/baby-registry-checklist'} className="font-semibold text-berry-700 underline underline-offset-2">
            {registry ? 'See your baby registry checklist' : 'Read the baby registry checklist'}
          </Link>
        </p>
        {registry ? (
          <Progress title={registry.title} items={registry.items} />
        ) : (
          <Alert tone="info" title="Start your registry first">
            <p>It takes a few minutes; then everything you add lands on it.</p>
            <LinkButton to="/registry/new" size="sm" className="mt-2">
              Start your registry
            </LinkButton>
          </Alert>
        )}
      </header>

      {registry ? <PasteLinkBox /> : null}

      <section aria-labelledby="shop-categories-heading">
        <h2 id="shop-categories-heading" className="text-xl font-bold">
          Shop by category
        </h2>
        <ul className="mt-4 flex flex-wrap gap-2">
          {categories.map((c) => (
            <li key={c.path}>
              <Link
                to={c.path}
                className="inline-flex min-h-11 items-center gap-1 rounded-full border border-line-strong bg-white px-4 text-sm font-semibold text-ink hover:border-berry-700 hover:text-berry-700"
              >
                {c.title}
                <Icon name="chevron-right" className="size-4" />
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="popular-heading">
        <h2 id="popular-heading" className="text-xl font-bold">
          Popular with parents
        </h2>
        <p className="mt-1 text-muted">Best-loved picks. Add one as it is, or open it to choose a size, color, note or category.</p>
        <ul className="mt-5 grid grid-cols-2 gap-x-3 gap-y-8 sm:gap-x-5 md:grid-cols-3 lg:grid-cols-4" aria-label="Popular products">
          {popular.map(({ product, onRegistry }, i) => (
            <li key={product.productId} className="flex flex-col gap-2">
              <ProductCard product={product} position={i + 1} quickAdd={false} />
              {registry ? <QuickAdd product={product} onRegistry={onRegistry} /> : null}
            </li>
          ))}
        </ul>
      </section>
    </Container>
  )
}

function Progress({ title, items }: { title: string; items: number }) {
  const pct = Math.min(100, Math.round((items / GOAL_ITEMS) * 100))
  return (
    <div className="flex flex-col gap-3 rounded-card border border-line bg-peach-50 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <div className="min-w-0 flex-1">
        <p className="font-bold">{title}</p>
        <p className="text-sm text-muted">
          {items === 1 ? '1 item' : `${items} items`} on your registry
          {items < GOAL_ITEMS ? `\u00a0· ${GOAL_ITEMS - items} more to reach your first ${GOAL_ITEMS}` : '\u00a0· great start!'}
        </p>
        <div
          className="mt-2 h-2 w-full max-w-sm overflow-hidden rounded-full bg-white"
          role="progressbar"
          aria-label="Items added"
          aria-valuemin={0}
          aria-valuemax={GOAL_ITEMS}
          aria-valuenow={Math.min(items, GOAL_ITEMS)}
        >
          <div className="h-full rounded-full bg-berry-700" style={{ width: `${pct}%` }} />
        </div>
      </div>
      <LinkButton to="/registry/home" variant="secondary" size="sm">
        View your registry
      </LinkButton>
    </div>
  )
}

/** 'Add' on a popular product: quantity 1 into the default category, with a toast; works without JavaScript. */
function QuickAdd({ product, onRegistry }: { product: ProductCardData; onRegistry: boolean }) {
  const fetcher = useFetcher<AddItemResult>({ key: `quick-add-${product.productId}` })
  const scripted = useScripted()
  const toast = useToast()
  const result = fetcher.data
  const added = onRegistry || (result?.ok ?? false)
  const failure = result && !result.ok ? result : undefined
  const lastShown = result?.at
  return (
    <fetcher.Form
      method="post"
      action="/registry/add-items"
      className="flex flex-col gap-1 px-1"
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={product.productId} />
      <input type="hidden" name="returnTo" value="/registry/add-items" />
      {scripted ? <input type="hidden" name="js" value="1" /> : null}
      <ToastOnResult result={result} at={lastShown} toast={toast} />
      <Button
        type="submit"
        size="sm"
        variant={added ? 'ghost' : 'secondary'}
        pending={fetcher.state !== 'idle'}
        pendingLabel="Adding…"
        icon={<Icon name={added ? 'check' : 'gift'} className="size-4" />}
        aria-label={added ? `Add another ${product.title}` : `Add ${product.title} to your registry`}
        className="whitespace-nowrap"
      >
        {/* One line on a phone's narrow card: the check mark says it is on the registry already. */}
        {added ? 'Add another' : 'Add'}
      </Button>
      {failure ? <p className="text-sm font-medium text-berry-700">{failure.message}</p> : null}
    </fetcher.Form>
  )
}

function ToastOnResult({ result, at, toast }: { result: AddItemResult | undefined; at: number | undefined; toast: ReturnType<typeof useToast> }) {
  useEffect(() => {
    if (!result?.ok) return
    toast({
      tone: 'success',
      message: (
        <>
          Added to your registry.{' '}
          <Link to="/registry/home" className="underline underline-offset-2">
            View registry
          </Link>
        </>
      ),
    })
    // Once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [at])
  return null
}
