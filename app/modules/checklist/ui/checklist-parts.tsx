import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Badge, cx, Icon } from '~/ui'
import type { ChecklistPriority } from '../checklist.content'
import type { ChecklistProgress } from '../checklist.types'

export function PriorityBadge({ priority }: { priority: ChecklistPriority }) {
  return priority === 'must' ? <Badge variant="primary">Must have</Badge> : <Badge variant="neutral">Nice to have</Badge>
}

/** A labelled progress bar ('3 of 6 checked'). */
export function ProgressBar({ progress, label, className }: { progress: ChecklistProgress; label: string; className?: string }) {
  return (
    <div className={className}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.checked}
        aria-valuetext={`${progress.checked} of ${progress.total} checked`}
        className="h-2.5 w-full overflow-hidden rounded-full bg-cream-200"
      >
        <div className="h-full rounded-full bg-sage-700 transition-[width] duration-300 motion-reduce:transition-none" style={{ width: `${progress.percent}%` }} />
      </div>
    </div>
  )
}

/** 'Shop this' → the store category of a suggested item. */
export function ShopLink({ href, title }: { href: string; title: string }) {
  return (
    <Link to={href} className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-berry-700 underline underline-offset-2 hover:text-berry-800">
      Shop this<span className="sr-only">: {title}</span>
      <Icon name="arrow-right" className="size-4" />
    </Link>
  )
}

/** One suggested item's text: title, priority, how many and why. */
export function ItemText({ title, priority, quantity, why, titleId, extra }: { title: string; priority: ChecklistPriority; quantity: string; why: string; titleId?: string; extra?: ReactNode }) {
  return (
    <div className="min-w-0 flex-1">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <h3 id={titleId} className="text-base font-bold text-ink">
          {title}
        </h3>
        <PriorityBadge priority={priority} />
      </div>
      <p className="mt-0.5 text-sm font-semibold text-muted">How many: {quantity}</p>
      <p className="mt-1 text-sm text-ink">{why}</p>
      {extra}
    </div>
  )
}

/** The guide's category icon tones, so the long page has some rhythm. */
export const categoryTones = ['bg-berry-50', 'bg-sage-50', 'bg-peach-50', 'bg-sky-50', 'bg-cream-200'] as const
export const toneFor = (index: number) => categoryTones[index % categoryTones.length]!

/** Jump links to each category (anchors on the same page). */
export function CategoryJumpNav({ categories, label = 'Checklist categories' }: { categories: { slug: string; title: string; progress?: ChecklistProgress }[]; label?: string }) {
  return (
    <nav aria-label={label} className="print:hidden">
      <ul className="flex flex-wrap gap-2">
        {categories.map((c) => (
          <li key={c.slug}>
            <a
              href={`#${c.slug}`}
              className={cx(
                'inline-flex min-h-11 items-center gap-2 rounded-full border border-line-strong bg-white px-4 text-sm font-semibold text-ink hover:border-berry-700 hover:text-berry-800',
              )}
            >
              {c.title}
              {c.progress ? (
                <span className="text-muted">
                  {c.progress.checked}/{c.progress.total}
                </span>
              ) : null}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
