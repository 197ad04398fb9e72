import { Link, redirect } from 'react-router'
import { requireUser } from '~/modules/accounts/auth.server'
import { formatMonth, OwnerEmptyItems, OwnerItemsByCategory, OwnerSetupProgress, OwnerStats } from '~/modules/registry/ui/owner-home'
import { ownerRegistryFor } from '~/modules/registry/ui/owner-registry.server'
import { GiftAddressMissing } from '~/modules/registry/ui/gift-address-missing'
import { NewSinceLastVisit } from '~/modules/registry/ui/new-since-last-visit'
import { giftSentence } from '~/modules/registry/gift-notices.server'
import { Alert, Card, Icon, LinkButton } from '~/ui'
import { birthdayPromptFacts } from '~/modules/birthday-prompt/birthday-prompt'
import { BirthdayPrompt } from '~/modules/birthday-prompt/ui/birthday-prompt'
import type { Route } from './+types/home'

export const meta = ({ data }: Route.MetaArgs) => [{ title: `${data?.registry.title ?? 'Your registry'} | Nestlist` }, { name: 'robots', content: 'noindex' }]

// The owner's own registry (with what guests reserved): never in a shared cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

/** /registry/home: the owner's registry with setup progress, quick stats and items by category. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  // Registries they own and those they collaborate on: a helper who owns none lands on the one they help with.
  const [registry, owned] = await Promise.all([ownerRegistryFor(request, context, user.id), context.services.registry.managedBy(user.id)])
  if (!registry) throw redirect('/registry/new')
  const offers = await context.services.externalProducts.offersFor(registry.items.filter((i) => !i.removed).map((i) => i.id))
  // 'New since your last visit': this visit is recorded; the gifts after the one before it are listed.
  const since = await context.services.giftNotices.visit(registry.id, user.id)
  const fresh = since ? await context.services.giftNotices.giftsSince([registry.id], since) : []
  return {
    registry,
    newSince: {
      since: since?.toISOString() ?? null,
      total: fresh.length,
      gifts: fresh.slice(0, NEW_GIFTS_SHOWN).map((g) => ({ sentence: giftSentence(g), message: g.message, at: g.at.toISOString() })),
    },
    // The other places to buy each item (store names only): the store-offer icon row.
    offerStores: Object.fromEntries(Object.entries(offers).map(([id, list]) => [id, list.map((o) => o.storeName)])) as Record<number, string[]>,
    owned: owned.map((r) => ({ id: r.id, title: r.title, registryType: r.registryType, role: r.role })),
    // The birthday prompt (spec §4): the browser applies the trigger rules to the registries this user owns.
    birthdayPrompt: birthdayPromptFacts(
      user,
      owned.filter((r) => r.role === 'owner'),
    ),
  }
}

/** How many of the new gifts the home lists (the tracker has them all). */
const NEW_GIFTS_SHOWN = 8

export default function RegistryHome({ loaderData }: Route.ComponentProps) {
  const { registry, owned, birthdayPrompt, offerStores, newSince } = loaderData
  const q = owned.length > 1 ? `?registry=${registry.id}` : ''
  const liveItems = registry.items.filter((i) => !i.removed).length
  const when =
    registry.registryType === 'baby'
      ? registry.arrivalMonth
        ? `Arriving ${formatMonth(registry.arrivalMonth)}`
        : 'Arrival date not known yet'
      : registry.arrivalMonth
        ? `${registry.registryType === 'birthday' ? 'Birthday' : 'Celebrating'} in ${formatMonth(registry.arrivalMonth)}`
        : null
  return (
    <div className="flex flex-col gap-6 py-2 sm:py-4">
      <BirthdayPrompt user={birthdayPrompt} eventLocation="registry_home" />
      {owned.length > 1 ? (
        <nav aria-label="Your registries" className="-mx-4 overflow-x-auto px-4">
          <ul className="flex gap-2">
            {owned.map((r) => (
              <li key={r.id} className="shrink-0">
                <Link
                  to={`/registry/home?registry=${r.id}`}
                  aria-current={r.id === registry.id ? 'page' : undefined}
                  className="flex min-h-11 items-center rounded-full border border-line-strong bg-white px-4 text-sm font-semibold whitespace-nowrap text-ink hover:bg-berry-50 aria-[current=page]:border-berry-700 aria-[current=page]:bg-berry-700 aria-[current=page]:text-white"
                >
                  {r.title}
                  {r.role === 'collaborator' ? <span className="ml-1 font-normal">(helping)</span> : null}
                </Link>
              </li>
            ))}
            <li className="shrink-0">
              <Link to="/registry/new" className="flex min-h-11 items-center rounded-full px-4 text-sm font-semibold whitespace-nowrap text-berry-700 underline underline-offset-2">
                Start another list
              </Link>
            </li>
          </ul>
        </nav>
      ) : null}

      {registry.role === 'collaborator' ? (
        <Alert tone="info" title="You are helping with this registry">
          You can add and edit items, organize categories and change settings, just like its owner.{' '}
          <Link to={`/settings/collaborators?registry=${registry.id}`} className="font-semibold text-berry-700 underline underline-offset-2">
            Who manages it
          </Link>
        </Alert>
      ) : null}

      <Card as="header" tone="berry" className="flex flex-col gap-4 p-5 sm:flex-row sm:items-end sm:justify-between sm:p-8">
        <div className="min-w-0">
          <p className="text-sm font-bold tracking-wide text-berry-700 uppercase">{registry.familyName}</p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight break-words text-ink sm:text-4xl">{registry.title}</h1>
          {when ? <p className="mt-2 text-base text-muted">{when}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <LinkButton to={`/list/${registry.id}?view=guest`} variant="secondary" icon={<Icon name="eye" className="size-5" />}>
            View as guest
          </LinkButton>
          <LinkButton to={`/registry/share${q}`} icon={<Icon name="share" className="size-5" />}>
            Share
          </LinkButton>
        </div>
      </Card>

      <GiftAddressMissing registry={registry} query={q} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="flex min-w-0 flex-col gap-6 lg:order-1">
          <OwnerStats stats={registry.stats} surpriseActive={registry.surpriseActive} revealDate={registry.surpriseRevealDate} />
          {registry.surpriseActive ? null : <NewSinceLastVisit {...newSince} trackerHref={`/registry/gift-tracker${q}`} />}
          {liveItems === 0 ? <OwnerEmptyItems /> : <OwnerItemsByCategory registry={registry} organizeHref={`/list/${registry.id}/organize`} offerStores={offerStores} />}
        </div>
        <aside className="flex flex-col gap-4 lg:order-2" aria-label="Registry setup">
          <OwnerSetupProgress goals={registry.goals} />
          <p className="text-sm text-muted">
            <Link to={`/settings/registry${q}`} className="font-semibold text-berry-700 underline underline-offset-2">
              Registry settings
            </Link>
            &nbsp;· dates, address and privacy
          </p>
        </aside>
      </div>
    </div>
  )
}
