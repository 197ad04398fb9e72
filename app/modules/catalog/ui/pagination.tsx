import { SiteLink } from '~/lib/site-link'
import { cx, Icon } from '~/ui'

type PaginationProps = {
  page: number
  pageCount: number
  /** The address of a page, keeping the rest of the query string. */
  hrefFor: (page: number) => string
  className?: string
}

/** Page numbers near the current one, with the first and last always present and gaps marked. */
export function pageWindow(page: number, pageCount: number): (number | 'gap')[] {
  const pages = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount))
  const sorted = [...pages].sort((a, b) => a - b)
  const out: (number | 'gap')[] = []
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1]
    if (prev !== undefined && p - prev === 2) out.push(prev + 1)
    else if (prev !== undefined && p - prev > 2) out.push('gap')
    out.push(p)
  })
  return out
}

/** The address of `page` on the current URL: ?page=N, with page 1 as the bare address. */
export function pageHref(url: URL | string, page: number): string {
  const u = typeof url === 'string' ? new URL(url, 'http://localhost') : new URL(url)
  if (page <= 1) u.searchParams.delete('page')
  else u.searchParams.set('page', String(page))
  const query = u.searchParams.toString()
  return `${u.pathname}${query ? `?${query}` : ''}`
}

const cell = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-full px-3 text-sm font-semibold'

/** Previous / page numbers / Next as plain links, so it works without JavaScript. */
export function Pagination({ page, pageCount, hrefFor, className }: PaginationProps) {
  if (pageCount <= 1) return null
  return (
    <nav aria-label="Pagination" className={cx('flex justify-center', className)}>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {page > 1 ? (
            <SiteLink to={hrefFor(page - 1)} rel="prev" className={cx(cell, 'gap-1 hover:bg-berry-50 hover:text-berry-800')}>
              <Icon name="chevron-left" className="size-4" />
              Previous
            </SiteLink>
          ) : (
            <span className={cx(cell, 'gap-1 text-muted')} aria-disabled="true">
              <Icon name="chevron-left" className="size-4" />
              Previous
            </span>
          )}
        </li>
        {pageWindow(page, pageCount).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true" className="hidden px-1 text-muted sm:block">
              …
            </li>
          ) : (
            <li key={p} className="hidden sm:block">
              {p === page ? (
                <span aria-current="page" className={cx(cell, 'bg-berry-700 text-white')}>
                  <span className="sr-only">Page </span>
                  {p}
                </span>
              ) : (
                <SiteLink to={hrefFor(p)} className={cx(cell, 'hover:bg-berry-50 hover:text-berry-800')}>
                  <span className="sr-only">Page </span>
                  {p}
                </SiteLink>
              )}
            </li>
          ),
        )}
        <li className="px-2 text-sm text-muted sm:hidden">
          Page {page} of {pageCount}
        </li>
        <li>
          {page < pageCount ? (
            <SiteLink to={hrefFor(page + 1)} rel="next" className={cx(cell, 'gap-1 hover:bg-berry-50 hover:text-berry-800')}>
              Next
              <Icon name="chevron-right" className="size-4" />
            </SiteLink>
          ) : (
            <span className={cx(cell, 'gap-1 text-muted')} aria-disabled="true">
              Next
              <Icon name="chevron-right" className="size-4" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  )
}
