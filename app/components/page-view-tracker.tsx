import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { isPageView } from '~/modules/analytics/page-view'
import { track } from '~/modules/analytics/track'

/** Records a page view on every pathname change (spec §4 'Analytics page view'); renders nothing. */
export function PageViewTracker() {
  const { pathname, search } = useLocation()
  const previous = useRef<string | null>(null)
  useEffect(() => {
    if (isPageView(previous.current, pathname)) {
      track({
        name: 'page_viewed',
        pathname,
        ...(search ? { search: search.slice(0, 2000) } : {}),
        ...(previous.current === null && document.referrer ? { referrer: document.referrer.slice(0, 2000) } : {}),
      })
    }
    previous.current = pathname
  }, [pathname, search])
  return null
}
