import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useMatches,
  useRouteLoaderData,
} from 'react-router'
import type { Route } from './+types/root'
import './app.css'
import { AppShell } from './components/app-shell'
import { FallbackScreen } from './components/fallback-screen'
import { navbarShouldRevalidate } from './components/stale-times'
import { NotFoundPage } from './components/not-found-page'
import { useNonce } from './lib/nonce'

export async function loader({ context }: Route.LoaderArgs) {
  return { navbar: await context.services.catalog.navbarCategories() }
}

// The root loader reads only the navbar (fresh for 4 hours, spec §7). When it gains per-user data, revalidate
// after actions too.
export const shouldRevalidate = navbarShouldRevalidate

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }]

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

export default function App({ loaderData }: Route.ComponentProps) {
  // A route can opt out of the shop's shell (the benchmark's minimal page, bench/ssr.bench.ts).
  const bare = useMatches().some((m) => (m.handle as { bare?: boolean } | undefined)?.bare)
  if (bare) return <Outlet />
  return (
    <AppShell navbar={loaderData.navbar}>
      <Outlet />
    </AppShell>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  const data = useRouteLoaderData<typeof loader>('root')
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <AppShell navbar={data?.navbar ?? []}>
      {notFound ? <NotFoundPage /> : <FallbackScreen />}
    </AppShell>
  )
}
