import { Link } from 'react-router'
import { formatCents } from '~/lib/money'
import { Badge, Card, cx, Icon, LinkButton } from '~/ui'
import type { OwnerItem, OwnerRegistry, RegistryStats, SetupGoal } from '../registry.types'
import { ItemPicture } from './item-picture'
import { StoreOfferIcons } from './store-offer-icons'

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })
const dayName = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

/** 'March 2026' from 'YYYY-MM' (or a full date). */
export const formatMonth = (ym: string) => monthName.format(new Date(`${ym.slice(0, 7)}-01T00:00:00Z`))
/** 'March 4, 2026' from 'YYYY-MM-DD'. */
export const formatDay = (d: string) => dayName.format(new Date(`${d}T00:00:00Z`))

/** The owner's setup checklist with a progress bar. */
export function OwnerSetupProgress({ goals }: { goals: SetupGoal[] }) {
  const done = goals.filter((g) => g.done).length
  const percent = goals.length ? Math.round((done / goals.length) * 100) : 100
  return (
    <Card as="section" aria-labelledby="setup-title" className="p-5 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="setup-title" className="text-lg font-bold text-ink">
          {done === goals.length ? 'Your registry is all set' : 'Get your registry ready'}
        </h2>
        <p className="text-sm font-semibold text-muted" id="setup-count">
          {done} of {goals.length} done
        </p>
      </div>
      <div
        role="progressbar"
        aria-labelledby="setup-title"
        aria-describedby="setup-count"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-3 h-2.5 overflow-hidden rounded-full bg-cream-200"
      >
        <div className="h-full rounded-full bg-sage-700 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <ul className="mt-4 flex flex-col gap-1">
        {goals.map((g) => (
          <li key={g.key}>
            {g.done ? (
              <span className="flex min-h-11 items-center gap-3 text-muted">
                <Icon name="check-circle" className="size-5 shrink-0 text-sage-700" />
                <span>
                  {g.label}
                  <span className="sr-only"> (done)</span>
                </span>
              </span>
            ) : (
              <Link to={g.href} className="group flex min-h-11 items-center gap-3 rounded-lg font-semibold text-ink hover:text-berry-800">
                <span aria-hidden="true" className="size-5 shrink-0 rounded-full border-2 border-line-strong" />
                <span className="underline-offset-2 group-hover:underline">{g.label}</span>
                <Icon name="chevron-right" className="ml-auto size-4 text-muted" />
              </Link>
            )}
          </li>
        ))}
      </ul>
    </Card>
  )
}

/** Items, reserved, purchased and still needed; while the surprise is on only items and still needed. */
export function OwnerStats({ stats, surpriseActive, revealDate }: { stats: RegistryStats; surpriseActive: boolean; revealDate: string | null }) {
  const tiles = surpriseActive
    ? [
        { label: 'Items', value: stats.items },
        { label: 'Still needed', value: stats.stillNeeded },
      ]
    : [
        { label: 'Items', value: stats.items },
        { label: 'Reserved', value: stats.reserved },
        { label: 'Purchased', value: stats.purchased },
        { label: 'Still needed', value: stats.stillNeeded },
      ]
  return (
    <section aria-labelledby="stats-title">
      <h2 id="stats-title" className="sr-only">
        Quick stats
      </h2>
      <dl className={cx('grid grid-cols-2 gap-3', !surpriseActive && 'sm:grid-cols-4')}>
        {tiles.map((t) => (
          <Card key={t.label} className="flex flex-col-reverse p-4">
            <dt className="text-sm font-semibold text-muted">{t.label}</dt>
            <dd className="text-3xl font-extrabold text-ink">{t.value}</dd>
          </Card>
        ))}
      </dl>
      {surpriseActive ? (
        <p className="mt-3 flex items-start gap-2 text-sm text-muted">
          <Icon name="gift" className="mt-0.5 size-4 shrink-0 text-berry-700" />
          <span>
            You are keeping it a surprise{revealDate ? ` until ${formatDay(revealDate)}` : ''}: we hide what guests reserved or bought.{' '}
            <Link to="/settings/registry#surprise" className="font-semibold text-berry-700 underline underline-offset-2">
              Change this
            </Link>
          </span>
        </p>
      ) : null}
    </section>
  )
}

function ItemRow({ item, surpriseActive, otherStores }: { item: OwnerItem; surpriseActive: boolean; otherStores: string[] }) {
  const given = item.quantityReserved + item.quantityPurchased
  return (
    <li className="flex gap-3 py-4 first:pt-0 last:pb-0 sm:gap-4">
      <div className="size-16 shrink-0 overflow-hidden rounded-xl border border-line bg-white sm:size-24">
        <ItemPicture item={item} width={96} height={96} loading="lazy" className="size-full object-contain" />
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
          {/* The title keeps at least 10rem: on a narrow phone the price wraps under it instead of squeezing it. */}
          <h4 className="min-w-0 flex-[1_1_10rem] font-semibold break-words text-ink">
            {item.href ? (
              <Link to={item.href} className="hover:text-berry-800 hover:underline">
                {item.title}
              </Link>
            ) : (
              item.title
            )}
          </h4>
          <p className="font-bold text-ink">{formatCents(item.priceCents)}</p>
        </div>
        <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
          {item.mostWanted ? (
            <Badge variant="primary">
              <Icon name="heart" className="size-3" />
              Most wanted
            </Badge>
          ) : null}
          {item.groupGift ? (
            <Badge variant="primary">
              <Icon name="gift" className="size-3" />
              Group gift
            </Badge>
          ) : null}
          {/* One run of text, so a wrapped line never starts with a separator (each sticks to what precedes it). */}
          <span>
            Wants {item.quantityNeeded}&nbsp;· {item.quantityStillNeeded === 0 ? <strong className="text-sage-700">No more needed</strong> : `${item.quantityStillNeeded} still needed`}
            {!surpriseActive && given > 0 ? (
              <>
                &nbsp;· {item.quantityReserved > 0 ? `${item.quantityReserved} reserved` : ''}
                {item.quantityReserved > 0 && item.quantityPurchased > 0 ? ', ' : ''}
                {item.quantityPurchased > 0 ? `${item.quantityPurchased} purchased` : ''}
              </>
            ) : null}
            {item.storeName && item.storeName !== 'Nestlist' ? <>&nbsp;· from {item.storeName}</> : null}
            &nbsp;·{' '}
            <Link to={`/registry/items/${item.id}/where-to-buy`} aria-label={`Where to buy: ${item.title}`} className="font-semibold text-berry-700 underline underline-offset-2">
              Where to buy
            </Link>
            {item.priceCents > 0 ? (
              <>
                &nbsp;·{' '}
                <Link to={`/registry/items/${item.id}/group-gift`} aria-label={`Group gift: ${item.title}`} className="font-semibold text-berry-700 underline underline-offset-2">
                  {item.groupGift ? 'Group gift progress' : 'Make it a group gift'}
                </Link>
              </>
            ) : null}
          </span>
          {otherStores.length > 0 ? <StoreOfferIcons storeNames={otherStores} className="shrink-0" /> : null}
        </div>
        {item.note ? <p className="mt-1.5 text-sm text-ink">“{item.note}”</p> : null}
      </div>
    </li>
  )
}

/** The registry's items under their categories (removed items are left to the organise page). */
/**
 * `offerStores`: per item id, the other stores the owner listed as places to buy it (where-to-buy), shown as the
 * store-offer icon row (spec §9), as guests see it on their cards.
 */
export function OwnerItemsByCategory({ registry, organizeHref, offerStores = {} }: { registry: OwnerRegistry; organizeHref: string; offerStores?: Record<number, string[]> }) {
  const live = registry.items.filter((i) => !i.removed)
  const groups = registry.categories
    .map((c) => ({ category: c, items: live.filter((i) => i.categoryId === c.id).sort((a, b) => a.position - b.position) }))
    .filter((g) => g.items.length > 0)
  return (
    <section aria-labelledby="items-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="items-title" className="text-xl font-extrabold text-ink">
          Your items
        </h2>
        <div className="flex flex-wrap gap-2">
          <LinkButton to={organizeHref} variant="secondary" size="sm" icon={<Icon name="list" className="size-4" />}>
            Organize
          </LinkButton>
          <LinkButton to="/registry/checklist" variant="secondary" size="sm" icon={<Icon name="check-circle" className="size-4" />}>
            Checklist
          </LinkButton>
          <LinkButton to="/registry/add-items" size="sm">
            Add items
          </LinkButton>
        </div>
      </div>
      {groups.map(({ category, items }) => (
        <Card as="section" key={category.id} aria-labelledby={`cat-${category.id}`} className="p-5 sm:p-6">
          <h3 id={`cat-${category.id}`} className="text-lg font-bold text-ink">
            {category.title} <span className="text-base font-semibold text-muted">({items.length})</span>
          </h3>
          <ul className="mt-4 flex flex-col divide-y divide-line">
            {items.map((item) => (
              <ItemRow
                key={item.id}
                item={item}
                surpriseActive={registry.surpriseActive}
                otherStores={(offerStores[item.id] ?? []).filter((name) => name.toLowerCase() !== (item.storeName ?? '').toLowerCase())}
              />
            ))}
          </ul>
        </Card>
      ))}
    </section>
  )
}

/** What a new registry shows instead of items: the ways to add some. */
export function OwnerEmptyItems() {
  return (
    <Card as="section" aria-labelledby="empty-title" tone="peach" className="flex flex-col items-center p-8 text-center sm:p-10">
      <Icon name="gift" className="size-10 text-berry-700" />
      <h2 id="empty-title" className="mt-3 text-xl font-extrabold text-ink">
        Your registry is ready for its first wish
      </h2>
      <p className="mt-2 max-w-md text-base text-muted">Start with the things you will use every day, then add the fun ones. Guests see each item as soon as you add it.</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <LinkButton to="/registry/add-items" size="lg">
          Add items
        </LinkButton>
        <LinkButton to="/store" variant="secondary" size="lg">
          Shop the store
        </LinkButton>
      </div>
      <p className="mt-4 text-sm text-muted">
        Not sure where to start?{' '}
        <Link to="/registry/checklist" className="font-semibold text-berry-700 underline underline-offset-2">
          Follow your baby registry checklist
        </Link>
      </p>
    </Card>
  )
}
