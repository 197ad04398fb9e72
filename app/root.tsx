import { useEffect } from 'react'
import {
  data,
  type ShouldRevalidateFunctionArgs,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from 'react-router'
import type { Route } from './+types/root'
import './app.css'
import { AppShell } from './components/app-shell'
import { FallbackScreen, NotFoundPage } from './components/error-screens'
import { navbarShouldRevalidate } from './components/stale-times'
import { listenForChunkFailures } from './lib/chunk-load'
import { readFlash } from './lib/flash.server'
import { useNonce } from './lib/nonce'
import { VisitorProvider } from './components/visitor'

/**
 * The navbar for every page. A shared page (app/lib/shared-pages.ts) gets nothing of the visitor here: its personal
 * parts come from GET /api/v3/me/header in the browser. A personal page also gets the visitor's facts (the same reader
 * as that answer's), so that it shows who is signed in, their cart and their Add to Registry before any script runs,
 * and the one-time message.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (context.sharedPage) return { navbar: await context.services.catalog.navbarCategories(), header: null, flash: null }
  const [navbar, facts] = await Promise.all([context.services.catalog.navbarCategories(), context.services.visitor(request.headers.get('Cookie'))])
  const flash = readFlash(request)
  const body = { navbar, header: facts, flash: flash?.note ?? null }
  return flash ? data(body, { headers: { 'Set-Cookie': flash.clear } }) : body
}

// The navbar stays fresh for 4 hours (spec §7); the viewer and flash message change only through form
// submissions (sign in, sign out…), so those always revalidate.
export const shouldRevalidate = (args: ShouldRevalidateFunctionArgs) =>
  (args.formMethod !== undefined && args.formMethod.toUpperCase() !== 'GET') || navbarShouldRevalidate(args)

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  // Installable on phones (/mobile-app-download); on Android the installed app is a share target.
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
]

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#fffaf5" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

/** A route can ask to be shown without the header and footer (the sign-in popup): `handle = { bare: (location) => boolean }`. */
type BareHandle = { bare?: (location: { pathname: string; search: string }) => boolean }

export default function App({ loaderData }: Route.ComponentProps) {
  // After a deploy, a chunk of the build this page came with may be gone: reload once to the new one (app/lib/chunk-load.ts).
  useEffect(() => listenForChunkFailures(), [])
  const location = useLocation()
  const matches = useMatches()
  // A route can opt out of the shop's shell entirely (the benchmark's minimal page, bench/ssr.bench.ts).
  if (matches.some((m) => (m.handle as { noShell?: boolean } | undefined)?.noShell)) return <Outlet />
  const bare = matches.some((m) => (m.handle as BareHandle | undefined)?.bare?.(location) === true)
  return (
    <VisitorProvider header={loaderData.header}>
      <AppShell navbar={loaderData.navbar} flash={loaderData.flash} bare={bare}>
        <Outlet />
      </AppShell>
    </VisitorProvider>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  const data = useRouteLoaderData<typeof loader>('root')
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <VisitorProvider header={data?.header ?? null}>
      <AppShell navbar={data?.navbar ?? []} flash={null}>
        {notFound ? <NotFoundPage /> : <FallbackScreen />}
      </AppShell>
    </VisitorProvider>
  )
}
