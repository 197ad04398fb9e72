import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { safeRedirectPath } from '~/modules/accounts/safe-redirect'

/** The message a host page or app shell posts to move the app: `{ type: 'route-change', path: '/store/strollers' }`. */
export type RouteChangeMessage = { type: 'route-change'; path: string }

/**
 * The app container listens for route-change messages and navigates to them (spec §2 'App container').
 * Only messages from our own origin are obeyed, and only to paths on our own site.
 */
export function RouteChangeListener() {
  const navigate = useNavigate()
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return
      const data = event.data as Partial<RouteChangeMessage> | null
      if (!data || data.type !== 'route-change' || typeof data.path !== 'string') return
      const path = safeRedirectPath(data.path, '')
      if (path) void navigate(path)
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [navigate])
  return null
}
