import { SiteLink } from '~/lib/site-link'
import { cx } from '~/ui'

export type Crumb = { title: string; path: string }

type BreadcrumbProps = {
  /** The trail after Home; the last crumb is the current page. */
  crumbs: Crumb[]
  /** The category slug chain, carried along as navigation state (spec: shared content layout). */
  slugSet?: string[]
  className?: string
}

/** Home / each category / the current page, separated by slashes; hidden on extra-small screens. */
export function Breadcrumb({ crumbs, slugSet, className }: BreadcrumbProps) {
  const all: Crumb[] = [{ title: 'Home', path: '/' }, ...crumbs]
  return (
    <nav aria-label="Breadcrumb" className={cx('hidden text-sm text-muted sm:block', className)}>
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {all.map((crumb, index) => {
          const last = index === all.length - 1
          return (
            <li key={crumb.path} className="flex items-center gap-2">
              {index > 0 ? (
                <span aria-hidden="true" className="text-line-strong">
                  /
                </span>
              ) : null}
              {last ? (
                <span aria-current="page" className="font-semibold text-ink">
                  {crumb.title}
                </span>
              ) : (
                <SiteLink to={crumb.path} state={slugSet ? { slugSet } : undefined} className="underline-offset-4 hover:text-berry-700 hover:underline">
                  {crumb.title}
                </SiteLink>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
