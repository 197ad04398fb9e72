import type { OutputBundle, OutputChunk, NormalizedOutputOptions } from 'rollup'
import { describe, expect, test } from 'vitest'
import { compileHints } from './compile-hints'

const chunk = (name: string, facadeModuleId: string | null, code = 'import{a}from"./x.js";a();'): OutputChunk =>
  ({ type: 'chunk', name, facadeModuleId, code, fileName: `assets/${name}-abc.js`, map: { mappings: 'AAAA' } }) as unknown as OutputChunk

function run(bundle: Record<string, OutputChunk>) {
  const hook = compileHints(['shell', 'shop', 'listing']).generateBundle as { order: string; handler: (o: NormalizedOutputOptions, b: OutputBundle) => void }
  expect(hook.order).toBe('post') // after Vite's preload helper is put at the top of the chunk
  hook.handler.call({} as never, {} as NormalizedOutputOptions, bundle as unknown as OutputBundle)
  return bundle
}

describe('compile hints', () => {
  test('the client entry and the first-load groups start with V8 compile hint; their source maps get the line', () => {
    const b = run({ e: chunk('entry.client', '/app/entry.client.tsx'), s: chunk('shell', null), p: chunk('shop', null), l: chunk('listing', null) })
    for (const c of Object.values(b)) {
      expect(c.code.startsWith('//# allFunctionsCalledOnLoad\nimport{a}')).toBe(true)
      expect(c.map!.mappings).toBe(';AAAA')
    }
  })

  test('route modules (a facade module, even named like a group) and code loaded on first use are left alone', () => {
    const b = run({ r: chunk('listing', '/app/routes/store/listing.tsx'), d: chunk('filter-panel', null), c: chunk('category', '/app/routes/store/category.tsx') })
    for (const c of Object.values(b)) expect(c.code.startsWith('//#')).toBe(false)
  })
})
