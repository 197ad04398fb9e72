import type { ManualChunkMeta, ModuleInfo } from 'rollup'
import { describe, expect, it } from 'vitest'
import { firstLoadChunks, SMALL_MODULE } from './first-load-chunks'

const app = '/repo/app'

type Spec = {
  /** Static imports: module paths (under app/ unless they start with /). */
  imports?: string[]
  /** Names this module imports (for barrels); all of them from any source. */
  names?: string[]
  /** `import()`ed by these modules. */
  dynamicFrom?: string[]
  /** A barrel: `export { name } from './target'` for each [name, target]. */
  barrel?: [string, string][]
  /** The module's transformed code (only its length matters). */
  code?: string
}

const id = (p: string) => (p.startsWith('/') ? p : `${app}/${p}`)

/** A fake module graph for Rollup's `manualChunks` meta: ids, static and dynamic importers, and enough AST. */
function graph(modules: Record<string, Spec>): ManualChunkMeta {
  const infos = new Map<string, ModuleInfo>()
  for (const [path, spec] of Object.entries(modules)) {
    const body = spec.barrel
      ? spec.barrel.map(([name, target]) => ({ type: 'ExportNamedDeclaration', source: { value: target }, specifiers: [{ type: 'ExportSpecifier', exported: { name } }] }))
      : [{ type: 'ImportDeclaration', source: { value: 'x' }, specifiers: (spec.names ?? []).map((name) => ({ type: 'ImportSpecifier', imported: { name } })) }]
    const importedIds = spec.barrel ? [...new Set(spec.barrel.map(([, target]) => target))].map(id) : (spec.imports ?? []).map(id)
    infos.set(id(path), { id: id(path), importedIds, importers: [], isEntry: path === 'root.tsx' || path.startsWith('routes/'), dynamicImporters: (spec.dynamicFrom ?? []).map(id), code: spec.code ?? null, ast: { type: 'Program', body } } as unknown as ModuleInfo)
  }
  for (const info of infos.values()) for (const next of info.importedIds) (infos.get(next)!.importers as string[]).push(info.id)
  return { getModuleIds: () => infos.keys(), getModuleInfo: (m: string) => infos.get(m) ?? null }
}

function plan(modules: Record<string, Spec>) {
  const meta = graph(modules)
  const chunk = firstLoadChunks(app)
  return Object.fromEntries(Object.keys(modules).map((path) => [path, chunk(id(path), meta) ?? null]))
}

const routes = {
  'root.tsx': { imports: ['components/app-shell.tsx', '/repo/node_modules/react-router/index.mjs'] },
  'routes/store/category.tsx': { imports: ['modules/catalog/ui/product-listing.tsx', 'modules/catalog/ui/product-card.tsx'] },
  'routes/store/search.tsx': { imports: ['modules/catalog/ui/product-listing.tsx'] },
  'routes/store/brand.tsx': { imports: ['modules/catalog/ui/product-listing.tsx'] },
  'routes/store/listing.tsx': { imports: ['modules/catalog/ui/product-listing.tsx'] },
  'routes/product/product.tsx': { imports: ['modules/catalog/ui/product-card.tsx', 'modules/registry/ui/add-to-registry.tsx'] },
  'routes/store/landing.tsx': { imports: ['modules/catalog/ui/product-card.tsx'] },
  'routes/registry/home.tsx': { imports: ['modules/registry/ui/add-to-registry.tsx', 'modules/registry/ui/registry-only.tsx'] },
  'routes/giftcards/gift-cards.tsx': { imports: ['modules/catalog/ui/pill.tsx'] },
  '/repo/node_modules/react-router/index.mjs': {},
} satisfies Record<string, Spec>

describe('firstLoadChunks', () => {
  it('puts what the root route imports into the shell, what the listing pages share into listing, and what the product or landing page also use into shop', () => {
    const result = plan({
      ...routes,
      'components/app-shell.tsx': { imports: ['lib/format.ts'] },
      'lib/format.ts': {},
      'modules/catalog/ui/product-listing.tsx': { imports: ['modules/catalog/ui/pagination.tsx', 'modules/catalog/ui/product-card.tsx', 'modules/catalog/ui/pill.tsx'] },
      'modules/catalog/ui/pagination.tsx': {},
      'modules/catalog/ui/pill.tsx': {},
      'modules/catalog/ui/product-card.tsx': {},
      'modules/registry/ui/add-to-registry.tsx': {},
      'modules/registry/ui/registry-only.tsx': {},
    })
    expect(result).toMatchObject({
      'components/app-shell.tsx': 'shell',
      'lib/format.ts': 'shell',
      '/repo/node_modules/react-router/index.mjs': 'shell',
      'modules/catalog/ui/product-listing.tsx': 'listing',
      'modules/catalog/ui/pagination.tsx': 'listing',
      'modules/catalog/ui/product-card.tsx': 'shop',
      // The gift card page uses it too: a chunk of its own, so that page does not load the listing's chunk.
      'modules/catalog/ui/pill.tsx': 'pill',
      // Each route's own module keeps its chunk; modules of other pages keep Rollup's split.
      'root.tsx': null,
      'routes/store/category.tsx': null,
      'modules/registry/ui/add-to-registry.tsx': null,
      'modules/registry/ui/registry-only.tsx': null,
    })
  })

  it('keeps code loaded on first use out of the groups, even when a group imports it statically for the server', () => {
    const result = plan({
      ...routes,
      'components/app-shell.tsx': { imports: ['components/mini-cart.tsx'] },
      'components/mini-cart.tsx': {},
      'components/mini-cart-drawer.tsx': { dynamicFrom: ['components/mini-cart.tsx'], imports: ['components/drawer-body.tsx'] },
      'components/drawer-body.tsx': {},
      // `import.meta.env.SSR ? panel.X : lazy(() => import('./filter-panel'))`: a static and a dynamic import.
      'modules/catalog/ui/product-listing.tsx': { imports: ['modules/catalog/ui/filter-panel.tsx'] },
      'modules/catalog/ui/filter-panel.tsx': { dynamicFrom: ['modules/catalog/ui/product-listing.tsx'], imports: ['modules/catalog/ui/facets.tsx'] },
      'modules/catalog/ui/facets.tsx': {},
      'modules/catalog/ui/product-card.tsx': {},
      'modules/registry/ui/add-to-registry.tsx': {},
      'modules/registry/ui/registry-only.tsx': {},
      'modules/catalog/ui/pill.tsx': {},
    })
    expect(result['modules/catalog/ui/product-listing.tsx']).toBe('listing')
    expect(result['modules/catalog/ui/filter-panel.tsx']).toBe('filter-panel')
    expect(result['modules/catalog/ui/facets.tsx']).toBe('facets')
    // Only imported with import(): Rollup's own split, not the shell.
    expect(result['components/mini-cart-drawer.tsx']).toBeNull()
    expect(result['components/drawer-body.tsx']).toBeNull()
  })

  it('takes only the parts of a barrel that a group uses', () => {
    const result = plan({
      ...routes,
      'components/app-shell.tsx': { imports: ['ui/index.ts'], names: ['Alert'] },
      'ui/index.ts': { barrel: [['Alert', 'ui/alert.tsx'], ['Modal', 'ui/modal.tsx'], ['TextField', 'ui/text-field.tsx']] },
      'ui/alert.tsx': {},
      'ui/modal.tsx': { imports: ['ui/dialog-frame.tsx'] },
      'ui/dialog-frame.tsx': {},
      'ui/text-field.tsx': {},
      'modules/catalog/ui/product-listing.tsx': {},
      'modules/catalog/ui/product-card.tsx': {},
      'modules/registry/ui/add-to-registry.tsx': { imports: ['ui/index.ts'], names: ['TextField'] },
      'modules/registry/ui/registry-only.tsx': {},
      'modules/catalog/ui/pill.tsx': {},
    })
    expect(result).toMatchObject({
      'ui/index.ts': 'shell',
      'ui/alert.tsx': 'shell',
      // Not the shell's: chunks of their own, so Rollup does not add them to the shell with the barrel.
      'ui/modal.tsx': 'modal',
      'ui/dialog-frame.tsx': 'dialog-frame',
      'ui/text-field.tsx': 'text-field',
    })
  })

  it('puts small modules that a quarter of the routes or more use into the shell, and React DOM', () => {
    const small = 'x'.repeat(SMALL_MODULE.maxCode)
    const pages = Array.from({ length: 12 }, (_, i) => `routes/page-${i}.tsx`)
    const result = plan({
      ...routes,
      'components/app-shell.tsx': {},
      'modules/catalog/ui/product-listing.tsx': { imports: ['ui/button.tsx', 'ui/big-form.tsx', 'lib/rare.ts'] },
      'modules/catalog/ui/product-card.tsx': {},
      'modules/registry/ui/add-to-registry.tsx': {},
      'modules/registry/ui/registry-only.tsx': {},
      'modules/catalog/ui/pill.tsx': {},
      ...Object.fromEntries(pages.map((p) => [p, { imports: ['ui/button.tsx', 'ui/big-form.tsx'] }])),
      // 13 + the listing pages of 22 routes import these two; one route besides the listing pages imports the third.
      'ui/button.tsx': { code: small },
      'ui/big-form.tsx': { code: small + 'x' },
      'routes/about.tsx': { imports: ['lib/rare.ts'] },
      'lib/rare.ts': { code: 'x' },
      '/repo/node_modules/react-dom/cjs/react-dom-client.production.js': {},
      '/repo/node_modules/scheduler/index.js': {},
    })
    expect(result).toMatchObject({
      'ui/button.tsx': 'shell',
      'ui/big-form.tsx': 'big-form',
      'lib/rare.ts': 'rare',
      '/repo/node_modules/react-dom/cjs/react-dom-client.production.js': 'shell',
      '/repo/node_modules/scheduler/index.js': 'shell',
    })
  })
})
