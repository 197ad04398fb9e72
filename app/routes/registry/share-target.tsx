import { redirect } from 'react-router'
import { flashCookie } from '~/lib/flash.server'
import { getViewer } from '~/modules/accounts/auth.server'
import { safeRedirectPath } from '~/modules/accounts/safe-redirect'
import type { Route } from './+types/share-target'

/** The 'Add from any store' step, where a product link is read and prefilled (app/routes/registry/save-item.tsx). */
export const ADD_FROM_ANY_STORE_PATH = '/registry/save_item'

const LINK_IN_TEXT = /https?:\/\/[^\s<>"']+/gi

/** The first web (http or https) address in a piece of shared text, without the punctuation that ends a sentence. */
function firstWebLink(value: string | null): string | null {
  for (const match of (value ?? '').matchAll(LINK_IN_TEXT)) {
    const candidate = match[0].replace(/[.,;:!?)\]]+$/, '').slice(0, 2000)
    try {
      const parsed = new URL(candidate)
      if ((parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname) return candidate
    } catch {
      // Not a usable address (e.g. 'https://' alone): look at the next one.
    }
  }
  return null
}

/**
 * The product link in what a phone's Share menu sent: apps put it in `url`, or only inside `text`
 * ("Look at this! https://…"). Anything that is not an http(s) address is ignored.
 */
export function sharedProductLink(params: URLSearchParams): string | null {
  return firstWebLink(params.get('url')) ?? firstWebLink(params.get('text'))
}

/**
 * /registry/share-target: where the installed web app's share target (public/manifest.webmanifest) sends
 * what was shared (?title=&text=&url=). It opens 'Add from any store' with the shared product link, or
 * that step with a message when there was no link; a signed-out visitor signs in first and comes back.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const link = sharedProductLink(new URL(request.url).searchParams)
  const viewer = await getViewer(request, context)
  if (!viewer) {
    // Come back with only the link, so a long shared text cannot push the return path past its limit.
    const back = link ? `/registry/share-target?url=${encodeURIComponent(link)}` : '/registry/share-target'
    throw redirect(`/login?redirect_path=${encodeURIComponent(safeRedirectPath(back, '/registry/share-target'))}`)
  }
  if (!link) throw redirect(ADD_FROM_ANY_STORE_PATH, { headers: { 'Set-Cookie': flashCookie('shared_link_missing') } })
  throw redirect(`${ADD_FROM_ANY_STORE_PATH}?url=${encodeURIComponent(link)}`)
}
