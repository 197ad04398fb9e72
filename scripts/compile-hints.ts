import type { Plugin } from 'vite'

/**
 * V8's explicit compile hint (decision 018, amendment h14): a script that starts with the magic comment
 * `//# allFunctionsCalledOnLoad` has all its functions compiled eagerly while it streams in, on a background
 * thread, instead of each one lazily on the main thread the first time it is called, which for the framework's
 * chunks is during hydration. Given to the first-load chunks whose code runs while the page starts (React DOM,
 * the shell with React Router, the shop's cards and listing). Added after minification (the minifier would drop
 * the comment); a BUNDLE_ANALYSE build's source maps are given the added line.
 */
export function compileHints(groups: string[]): Plugin {
  const hint = '//# allFunctionsCalledOnLoad\n'
  return {
    name: 'nestlist:compile-hints',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    // After Vite's own plugins, which put their preload helper at the top of a chunk in this same hook.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          // The client entry (React DOM), and the first-load groups of scripts/first-load-chunks.ts (manual chunks
          // have no facade module; a route module of the same name does).
          const wanted = chunk.type === 'chunk' && (chunk.name === 'entry.client' || (groups.includes(chunk.name) && chunk.facadeModuleId === null))
          if (!wanted) continue
          chunk.code = hint + chunk.code
          if (chunk.map) chunk.map.mappings = ';' + chunk.map.mappings
        }
      },
    },
  }
}
