// A React Router server build of a few stand-in routes for tests of the HTTP layer around the pages (body limits,
// error logging) without `react-router build`: the real request handler and the app's own handleError run, and the
// document is a small stand-in instead of React's render.
import type { ServerBuild } from 'react-router'
import { handleError } from '~/entry.server'

export type RouteModule = NonNullable<ServerBuild['routes'][string]>['module']

const route = (id: string, path: string | undefined, module: Partial<RouteModule>, parentId?: string) => ({
  id,
  path,
  parentId,
  module: { default: () => null, ...module } as RouteModule,
})

/** A page of the stand-in build: its path and the parts of a route module it needs (the real module, or a stand-in). */
export type StandInRoute = { path: string; module: Partial<RouteModule> }

/** `/find` has a loader and no action, as the real search page; `/login` has an action that reads the form. */
const STAND_IN_ROUTES: Record<string, StandInRoute> = {
  find: { path: 'find', module: { loader: () => ({ found: 0 }) } },
  login: { path: 'login', module: { loader: () => null, action: async ({ request }: { request: Request }) => ({ fields: [...(await request.formData()).keys()].length }) } },
}

/** A build of `pages` (by route id) under one root route; by default the stand-in `/find` and `/login`. */
export function routeBuild(pages: Record<string, StandInRoute> = STAND_IN_ROUTES): ServerBuild {
  return {
    entry: {
      module: {
        default: (_request, status, headers) => new Response(`<p>${status}</p>`, { status, headers: { ...Object.fromEntries(headers), 'Content-Type': 'text/html' } }),
        handleError,
      },
    },
    routes: {
      root: route('root', '', {}),
      ...Object.fromEntries(Object.entries(pages).map(([id, page]) => [id, route(id, page.path, page.module, 'root')])),
    },
    assets: { entry: { module: '/entry.js', imports: [] }, routes: {}, url: '/manifest.js', version: 'test' } as unknown as ServerBuild['assets'],
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: { v8_middleware: false } as ServerBuild['future'],
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  }
}
