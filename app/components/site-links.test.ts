import { matchRoutes, type RouteObject } from 'react-router'
import { expect, test } from 'vitest'
import routes from '../routes'
import { livePages, samplePaths } from './site-links'

type ConfigRoute = { path?: string; index?: boolean; file: string; children?: ConfigRoute[] }

// The route config as React Router route objects, without the catch-all 404 route.
function toRouteObjects(config: ConfigRoute[]): RouteObject[] {
  return config
    .filter((r) => r.path !== '*')
    .map((r) =>
      r.index ? { index: true, id: r.file } : { path: r.path, id: r.file, children: r.children ? toRouteObjects(r.children) : undefined },
    )
}

const routeObjects = toRouteObjects(routes as ConfigRoute[])

test.each(Object.entries(livePages).filter(([, live]) => live))('%s is linked only because app/routes.ts has a page for it', (page) => {
  const path = samplePaths[page as keyof typeof samplePaths]
  expect(matchRoutes(routeObjects, path), `${path} has no route in app/routes.ts`).not.toBeNull()
})

test('the home page always exists', () => {
  expect(matchRoutes(routeObjects, '/')).not.toBeNull()
})
