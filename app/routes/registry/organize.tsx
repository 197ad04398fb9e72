import { data, Form, Link, useNavigation } from 'react-router'
import { formFailure } from '~/lib/form-errors'
import { isDomainError } from '~/lib/errors'
import { formatCents } from '~/lib/money'
import { requireUser } from '~/modules/accounts/auth.server'
import type { OwnerRegistry } from '~/modules/registry/registry.types'
import { OrganizeBoard, type OrganizeResult } from '~/modules/registry/ui/organize-board'
import { groupItems, idList, moveInList } from '~/modules/registry/ui/organize-order'
import { Alert, Button, Container, Icon, LinkButton } from '~/ui'
import { notFound } from '../store/http-errors'
import type { Route } from './+types/organize'
import { ItemPicture } from '~/modules/registry/ui/item-picture'

export const meta = () => [{ title: 'Organize your registry | Nestlist' }, { name: 'robots', content: 'noindex' }]

/** The registry when this user owns it; a 404 page for everyone else (never 'forbidden', which would confirm it exists). */
async function ownRegistry(context: Route.LoaderArgs['context'], idParam: string | undefined, userId: number): Promise<OwnerRegistry> {
  const id = Number(idParam)
  if (!idParam || !/^\d{1,15}$/.test(idParam) || !Number.isSafeInteger(id)) notFound()
  try {
    return await context.services.registry.ownerView(id, userId)
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_found') notFound()
    throw error
  }
}

/** /list/{id}/organize: the owner arranges categories and items. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const registry = await ownRegistry(context, params.id, user.id)
  // Removed items whose gifts are still reserved or bought stay listed, so nothing is silently dropped.
  // While the surprise is on the owner does not learn which ones have gifts: all removed items are listed alike.
  const withGifts = registry.surpriseActive ? [] : await context.services.reservations.onRemovedItems(registry.id)
  const giftCount = new Map<number, number>()
  for (const r of withGifts) giftCount.set(r.regItemId, (giftCount.get(r.regItemId) ?? 0) + 1)
  const removed = registry.items
    .filter((i) => i.removed)
    .map((i) => ({ id: i.id, title: i.title, imageUrl: i.imageUrl, priceCents: i.priceCents, gifts: giftCount.get(i.id) ?? 0 }))
    .sort((a, b) => b.gifts - a.gifts)
  return {
    registry: { id: registry.id, title: registry.title, slug: registry.slug, surpriseActive: registry.surpriseActive, items: registry.stats.items },
    categories: groupItems(registry),
    removed,
  }
}

const str = (form: FormData, name: string, max = 200) => String(form.get(name) ?? '').slice(0, max)
const quoted = (title: string) => `“${title}”`

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user } = await requireUser(request, context)
  const registry = await ownRegistry(context, params.id, user.id)
  const service = context.services.registry
  const form = await request.formData()
  const intent = str(form, 'intent', 40)
  const id = Number(form.get('id')) || null
  const at = Date.now()
  const ok = (message: string, extra: Partial<Extract<OrganizeResult, { ok: true }>> = {}) => data<OrganizeResult>({ ok: true, intent, id, message, at, ...extra })
  const categories = groupItems(registry)
  const category = categories.find((c) => c.id === id)
  const item = registry.items.find((i) => i.id === id)
  const missing = () => data<OrganizeResult>({ ok: false, intent, id, message: 'That is no longer on your registry. The page now shows the latest.', fields: {}, status: 404, at }, { status: 404 })
  try {
    switch (intent) {
      case 'add-category': {
        const c = await service.addCategory(registry.id, user.id, { title: str(form, 'title', 500) })
        return ok(`Added ${quoted(c.title)}.`)
      }
      case 'rename-category': {
        if (!category) return missing()
        await service.renameCategory(registry.id, user.id, category.id, { title: str(form, 'title', 500) })
        return ok(`Renamed to ${quoted(str(form, 'title', 500).trim())}.`)
      }
      case 'delete-category': {
        if (!category) return missing()
        await service.deleteCategory(registry.id, user.id, category.id)
        const main = categories.find((c) => c.isDefault)
        return ok(
          category.items.length > 0 && main
            ? `Deleted ${quoted(category.title)}. Its ${category.items.length === 1 ? 'item' : `${category.items.length} items`} moved to ${quoted(main.title)}.`
            : `Deleted ${quoted(category.title)}.`,
        )
      }
      case 'move-category':
      case 'reorder-categories': {
        const ids = categories.map((c) => c.id)
        const next = intent === 'move-category' ? moveInList(ids, id ?? 0, str(form, 'direction') === 'up' ? 'up' : 'down') : idList(form.get('ids'))
        await service.reorderCategories(registry.id, user.id, next)
        const moved = intent === 'move-category' ? category : categories.find((c) => next.indexOf(c.id) !== ids.indexOf(c.id))
        return ok(moved ? `${quoted(moved.title)} moved to position ${next.indexOf(moved.id) + 1} of ${next.length}.` : 'Categories reordered.')
      }
      case 'move-item': {
        const home = categories.find((c) => c.items.some((i) => i.id === id))
        if (!home || !item) return missing()
        const next = moveInList(home.items.map((i) => i.id), item.id, str(form, 'direction') === 'up' ? 'up' : 'down')
        await service.reorderItems(registry.id, user.id, home.id, next)
        return ok(`${quoted(item.title)} moved to position ${next.indexOf(item.id) + 1} of ${next.length} in ${quoted(home.title)}.`)
      }
      case 'reorder-items': {
        const targetId = Number(form.get('categoryId'))
        const target = categories.find((c) => c.id === targetId)
        const next = idList(form.get('ids'))
        if (!target || next.length === 0) return missing()
        // Live items only: a removed one is restored into its own category, never dragged.
        if (!next.every((n) => registry.items.some((i) => i.id === n && !i.removed))) return missing()
        await service.reorderItems(registry.id, user.id, target.id, next)
        const arrived = next.find((n) => !target.items.some((i) => i.id === n))
        const movedId = arrived ?? next.find((n, index) => target.items[index]?.id !== n)
        const moved = registry.items.find((i) => i.id === movedId)
        return ok(moved ? `${quoted(moved.title)} moved to position ${next.indexOf(moved.id) + 1} of ${next.length} in ${quoted(target.title)}.` : 'Items reordered.')
      }
      case 'item-category': {
        const target = categories.find((c) => c.id === Number(form.get('categoryId')))
        if (!item || item.removed) return missing()
        if (!target) {
          return data<OrganizeResult>({ ok: false, intent, id, message: 'Choose one of your categories.', fields: { categoryId: ['Choose one of your categories.'] }, status: 422, at }, { status: 422 })
        }
        if (target.id === item.categoryId) return ok(`${quoted(item.title)} is already in ${quoted(target.title)}.`)
        await service.reorderItems(registry.id, user.id, target.id, [...target.items.map((i) => i.id), item.id])
        return ok(`${quoted(item.title)} moved to ${quoted(target.title)}.`)
      }
      case 'update-item': {
        if (!item) return missing()
        const categoryId = form.get('categoryId')
        const target = categoryId === null ? undefined : categories.find((c) => String(c.id) === String(categoryId))
        if (categoryId !== null && (!target || item.removed)) {
          const message = item.removed ? 'Put the item back on your registry before moving it.' : 'Choose one of your categories.'
          return data<OrganizeResult>({ ok: false, intent, id, message: 'Not saved.', fields: { categoryId: [message] }, status: 422, at }, { status: 422 })
        }
        const { changed } = await service.updateItem(item.id, user.id, {
          quantity: str(form, 'quantity', 20),
          note: str(form, 'note', 5000),
          // The form sends 'false' then, when ticked, 'true': the last value wins.
          mostWanted: form.getAll('mostWanted').includes('true'),
          ...(target ? { categoryId: target.id } : {}),
        })
        if (!changed) return ok('Nothing to save: these are already the details of this item.')
        return ok(target && target.id !== item.categoryId ? `Saved. ${quoted(item.title)} is now in ${quoted(target.title)}.` : 'Saved.')
      }
      case 'remove-item': {
        if (!item) return missing()
        await service.removeItem(item.id, user.id)
        return ok(`Removed ${quoted(item.title)}.`, { undoItemId: item.id })
      }
      case 'restore-item': {
        if (!item) return missing()
        await service.restoreItem(item.id, user.id)
        return ok(`${quoted(item.title)} is back on your registry.`)
      }
      default:
        return data<OrganizeResult>({ ok: false, intent, id, message: 'That action is not available here.', fields: {}, status: 400, at }, { status: 400 })
    }
  } catch (error) {
    const failure = formFailure(error)
    return data<OrganizeResult>({ ok: false, intent, id, message: failure.message, fields: failure.fields, status: failure.status, at }, { status: failure.status })
  }
}

export default function Organize({ loaderData, actionData }: Route.ComponentProps) {
  const { registry, categories, removed } = loaderData
  const navigation = useNavigation()
  // Without JavaScript every form posts here and the page comes back with what happened.
  const result = actionData
  return (
    <Container className="flex flex-col gap-8 py-8 sm:py-10">
      <header className="flex flex-col gap-3">
        <Link to="/registry/home" className="inline-flex items-center gap-1 self-start text-sm font-semibold text-berry-700 hover:underline">
          <Icon name="chevron-left" className="size-4" />
          Back to your registry
        </Link>
        <h1 className="text-3xl font-extrabold tracking-tight text-balance">Organize {registry.title}</h1>
        <p className="max-w-prose text-muted">
          Put your categories and items in the order guests should see them: drag them, or use Up and Down. Edit quantities and notes, move items
          between categories, or remove what you no longer need.
        </p>
        <div className="flex flex-wrap gap-2">
          <LinkButton to="/registry/add-items" size="sm" icon={<Icon name="gift" className="size-4" />}>
            Add items
          </LinkButton>
          <LinkButton to={`/list/${registry.id}?view=guest`} size="sm" variant="secondary">
            See it as a guest
          </LinkButton>
        </div>
      </header>

      {result && navigation.state === 'idle' ? (
        <Alert tone={result.ok ? 'success' : 'error'}>
          <div className="flex flex-wrap items-center gap-3">
            <span>
              {result.message}
              {!result.ok ? ` ${Object.values(result.fields).flat()[0] ?? ''}` : ''}
            </span>
            {result.ok && result.undoItemId ? (
              <Form method="post">
                <input type="hidden" name="intent" value="restore-item" />
                <input type="hidden" name="id" value={result.undoItemId} />
                <Button type="submit" size="sm" variant="secondary">
                  Undo
                </Button>
              </Form>
            ) : null}
          </div>
        </Alert>
      ) : null}

      {registry.items === 0 ? (
        <Alert tone="info" title="Nothing to organize yet">
          Add a few things you love from the shop, then come back to sort them.
        </Alert>
      ) : null}

      <OrganizeBoard categories={categories} surpriseActive={registry.surpriseActive} />

      {removed.length > 0 ? <RemovedItems removed={removed} surpriseActive={registry.surpriseActive} /> : null}
    </Container>
  )
}

function RemovedItems({ removed, surpriseActive }: { removed: { id: number; title: string; imageUrl: string; priceCents: number; gifts: number }[]; surpriseActive: boolean }) {
  const withGifts = removed.filter((r) => r.gifts > 0)
  return (
    <section aria-labelledby="removed-heading" className="rounded-card border border-line bg-white p-4 shadow-card sm:p-5">
      <h2 id="removed-heading" className="text-lg font-bold">
        {withGifts.length > 0 ? 'Removed items with gifts' : 'Removed items'}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {surpriseActive
          ? 'Guests no longer see these. Any gifts already promised for them are kept, and show in your gift tracker once the surprise ends.'
          : 'Guests no longer see these. Gifts already reserved or bought for them are kept and show in your gift tracker.'}
      </p>
      <ul className="mt-4 flex flex-col gap-3">
        {removed.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-cream-50 p-3">
            <ItemPicture item={r} width={48} height={48} className="size-12 shrink-0 rounded-lg border border-line bg-white object-cover" />
            <div className="min-w-0 flex-1 basis-40">
              <p className="font-semibold break-words">{r.title}</p>
              <p className="text-sm text-muted">
                {formatCents(r.priceCents)}
                {r.gifts > 0 ? `\u00a0· ${r.gifts === 1 ? '1 gift' : `${r.gifts} gifts`} reserved or bought` : ''}
              </p>
            </div>
            <Form method="post">
              <input type="hidden" name="intent" value="restore-item" />
              <input type="hidden" name="id" value={r.id} />
              <Button type="submit" size="sm" variant="secondary" aria-label={`Put ${r.title} back on your registry`}>
                Put back
              </Button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  )
}
