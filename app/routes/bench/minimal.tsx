import { data } from 'react-router'
import { sharedPageHeaders } from '~/lib/shared-pages'

// The floor for `npm run bench:ssr` (see bench/ssr.bench.ts): a real React Router page with the same
// document, root loader and streaming as every page, but no loader work and no shop shell. It only
// exists when the server runs with NESTLIST_BENCH_ROUTES=1; otherwise it is the plain 404.

export const handle = { noShell: true }

export const meta = () => [{ title: 'Minimal page | Nestlist' }, { name: 'robots', content: 'noindex' }]

export function loader() {
  if (process.env.NESTLIST_BENCH_ROUTES !== '1') throw data(null, { status: 404 })
  return null
}

/** Kept by the caches as the shop's pages are, so that the bench compares like with like. */
export const headers = () => sharedPageHeaders()

export default function MinimalPage() {
  return <p>Minimal page.</p>
}
