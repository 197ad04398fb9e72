import type { GetManualChunk, ManualChunkMeta } from 'rollup'

/**
 * The client build's `manualChunks` (decision 018, amendment h11): the code every page, or every shop page,
 * loads at start goes into a few files instead of the ~30 small chunks Rollup makes by default (one per set of
 * importing routes). Gzip compresses one file of React components far better than twenty small ones (they
 * share one vocabulary: `jsx(`, `className:`, our class names), and each file costs its own imports and
 * request: the same code is ~25% fewer bytes.
 *
 * - `shell`: every module the root route imports statically (React Router and React, header, footer, design
 *   system, flash, analytics). The root route loads on every page, so no page loads code it did not load before.
 * - `shop`: modules that the listing pages (category, search, brand, listings, registry discount) import
 *   statically and that the product page, the store's landing page or another page of product cards (guides,
 *   the registry's shop) import too: cards, prices, breadcrumbs.
 * - `listing`: modules only the listing pages share (the listing, filter bar, grid, pagination).
 *
 * A module that any other page also imports gets a chunk of its own instead, so that no other page loads a
 * group's chunk for one module: measured over every route of the build, none is heavier. Small ones that a
 * quarter of the routes or more import (a button, the spinner) go with the shell (`SMALL_MODULE`).
 * Each route's own module keeps its chunk, and so does code loaded on first use (`import()`): Rollup would put
 * a module into the manual chunk of any module that imports it statically, even through an import the client
 * build drops (`import.meta.env.SSR ? panel.X : lazy(…)`) or a name of a barrel (`~/ui`) that nobody there
 * uses, so those modules are given chunks of their own here. React DOM joins the shell; other packages keep Rollup's split.
 */
export function firstLoadChunks(appDir: string): GetManualChunk {
  let plan: Map<string, string> | undefined
  return (id, meta) => (plan ??= planChunks(appDir, meta)).get(id)
}

function planChunks(appDir: string, meta: ManualChunkMeta): Map<string, string> {
  const file = (name: string) => `${appDir}/${name}`
  const ownCode = (id: string) => stripQuery(id).startsWith(appDir + '/')
  const routeFiles = {
    shell: [file('root.tsx')],
    listing: ['category', 'search', 'brand', 'listing', 'registry-discount'].map((r) => file(`routes/store/${r}.tsx`)),
    product: [file('routes/product/product.tsx')],
    landing: [file('routes/store/landing.tsx')],
    // Other pages of product cards (a guide's picks, the registry's shop).
    cards: [file('routes/content/guide.tsx'), file('routes/registry/add-items.tsx')],
  }
  const allIds = [...meta.getModuleIds()]
  // A chunk of its own is named after its module's file; the path inside app/ when two files share a name.
  const owners = new Map<string, string>(['shell', 'shop', 'listing'].map((group) => [group, '']))
  const chunkName = (id: string) => {
    const base = stripQuery(id).replace(/^.*\//, '').replace(/\.[^.]*$/, '')
    const name = owners.has(base) && owners.get(base) !== id ? stripQuery(id).slice(appDir.length + 1).replace(/\.[^.]*$/, '').replace(/\//g, '-') : base
    owners.set(name, id)
    return name
  }
  const routeIds = new Set(allIds.filter((id) => Object.values(routeFiles).flat().includes(stripQuery(id))))
  /** What the given route files import statically, without code loaded on first use. */
  const closure = (files: string[]) => {
    const seen = new Set<string>()
    const visit = (id: string) => {
      if (seen.has(id) || (meta.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0) return
      seen.add(id)
      for (const next of staticImports(id, meta)) visit(next)
    }
    for (const id of allIds) if (files.includes(stripQuery(id))) visit(id)
    return seen
  }
  const shell = closure(routeFiles.shell)
  const listing = closure(routeFiles.listing)
  const product = closure(routeFiles.product)
  const landing = closure(routeFiles.landing)
  const cards = closure(routeFiles.cards)
  const grouped = new Set([...shell, ...listing, ...product, ...landing])

  // What the other pages use: a module one of them needs too stays out of the shop's groups (a chunk of its
  // own), so that those pages do not load a group's chunk for it.
  const otherRoutes = allIds.filter((id) => ownCode(id) && !routeIds.has(id) && meta.getModuleInfo(id)?.isEntry)
  const elsewhere = closure(otherRoutes.map(stripQuery))

  const plan = new Map<string, string>()
  for (const id of shell) if (!routeIds.has(id)) plan.set(id, 'shell')
  for (const id of listing) {
    if (!ownCode(id) || plan.has(id) || routeIds.has(id)) continue
    plan.set(id, elsewhere.has(id) ? chunkName(id) : product.has(id) || landing.has(id) || cards.has(id) ? 'shop' : 'listing')
  }
  // Our modules that a group imports without using them (code loaded on first use, a barrel's unused parts) and
  // what they import: a chunk each, so that Rollup does not add them to a group's chunk (nor a module shared
  // with other pages to one of their chunks). A barrel has no code of its own: it goes with the shell.
  const visit = (m: string) => {
    if (plan.has(m) || grouped.has(m) || routeIds.has(m) || !ownCode(m)) return
    plan.set(m, barrelExports(m, meta) ? 'shell' : chunkName(m))
    for (const next of meta.getModuleInfo(m)?.importedIds ?? []) visit(next)
  }
  for (const id of grouped) for (const next of meta.getModuleInfo(id)?.importedIds ?? []) visit(next)
  // The product and landing pages' other modules stay in their route's chunk, or where Rollup puts them; those
  // imported from a planned chunk (the barrel's, say) get a chunk each, so that no group's chunk takes them in.
  for (let changed = true; changed; ) {
    changed = false
    for (const id of grouped) {
      if (plan.has(id) || routeIds.has(id) || !ownCode(id)) continue
      if (!meta.getModuleInfo(id)?.importers.some((i) => plan.has(i))) continue
      plan.set(id, chunkName(id))
      changed = true
    }
  }
  // Small modules that the shop's pages load at start and that many other pages use too (a button, the spinner,
  // the text field) go with the shell after all (amendment h17): a chunk of a few hundred bytes costs each page
  // that loads it its own gzip header and dictionary and an import list in every chunk that uses it, about as
  // much as its code; in the shell, the pages that do not use it carry it, which costs them less than that.
  const routeClosures = allIds.filter((id) => ownCode(id) && meta.getModuleInfo(id)?.isEntry).map((r) => closure([stripQuery(r)]))
  for (const id of grouped) {
    if (routeIds.has(id) || !ownCode(id) || barrelExports(id, meta)) continue
    const chunk = plan.get(id)
    if (chunk === 'shell' || chunk === 'shop' || chunk === 'listing') continue
    const small = (meta.getModuleInfo(id)?.code?.length ?? Infinity) <= SMALL_MODULE.maxCode
    if (small && routeClosures.filter((c) => c.has(id)).length >= routeClosures.length * SMALL_MODULE.minShareOfRoutes) plan.set(id, 'shell')
  }
  // React DOM too: every page loads it next to the shell, at once, and one file compresses better than two.
  for (const id of allIds) if (/\/node_modules\/(react-dom|scheduler)\//.test(stripQuery(id))) plan.set(id, 'shell')
  return plan
}

/**
 * A shared module goes with the shell when its code (transformed, not yet minified) is at most `maxCode`
 * characters and at least `minShareOfRoutes` of the app's routes import it at start. Measured over every route
 * of the build (h17): 97 of 110 routes load less, the shop's pages 0.3–1.1 KB gzip; the 13 that load more
 * (+0.1–0.9 KB) are mostly resource routes and redirects.
 */
export const SMALL_MODULE = { maxCode: 3000, minShareOfRoutes: 0.25 }

/**
 * What a module imports statically, with barrels (a module of `export { … } from './x'` only, like `~/ui`)
 * replaced by the modules behind the names it takes from them: otherwise every group would hold the whole
 * design system. A name taken from any source counts (a superset: at worst a module too many).
 */
function staticImports(id: string, meta: ManualChunkMeta): string[] {
  const info = meta.getModuleInfo(id)
  if (!info) return []
  let names: Set<string> | 'all' | undefined
  const imported = () => {
    if (names) return names
    const found = new Set<string>()
    for (const node of astBody(info.ast)) {
      if (node.type !== 'ImportDeclaration') continue
      for (const spec of node.specifiers ?? []) {
        if (spec.type === 'ImportNamespaceSpecifier') return (names = 'all')
        found.add(spec.type === 'ImportDefaultSpecifier' ? 'default' : nameOf(spec.imported))
      }
    }
    return (names = found)
  }
  return info.importedIds.flatMap((next) => {
    const barrel = barrelExports(next, meta)
    if (!barrel) return [next]
    const wanted = imported()
    return [...new Set(barrel.filter(([name]) => wanted === 'all' || wanted.has(name)).map(([, target]) => target))]
  })
}

type AstNode = {
  type: string
  source?: { value: string } | null
  specifiers?: { type: string; imported?: { name?: string; value?: string }; exported?: { name?: string; value?: string } }[]
}
const astBody = (ast: unknown) => (ast as { body?: AstNode[] } | null)?.body ?? []
const nameOf = (n: { name?: string; value?: string } | undefined) => n?.name ?? n?.value ?? ''

/** [exported name, module id] for a barrel module; undefined for any other module. */
function barrelExports(id: string, meta: ManualChunkMeta): [string, string][] | undefined {
  const info = meta.getModuleInfo(id)
  const body = astBody(info?.ast)
  if (!info || body.length === 0 || !body.every((n) => n.type === 'ExportNamedDeclaration' && n.source)) return undefined
  // Rollup lists a module's imports in the order of their first appearance, one per source.
  const sources = [...new Set(body.map((n) => n.source!.value))]
  if (sources.length !== info.importedIds.length) return undefined
  const target = new Map(sources.map((s, i) => [s, info.importedIds[i]!]))
  return body.flatMap((n) => (n.specifiers ?? []).map((spec): [string, string] => [nameOf(spec.exported), target.get(n.source!.value)!]))
}

const stripQuery = (id: string) => id.replace(/\?.*$/, '')
