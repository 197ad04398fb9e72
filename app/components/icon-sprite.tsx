import { Suspense, useMemo } from 'react'
import { KeptServerHtml } from '~/lib/kept-server-html'
import { ICON_SPRITE_ID } from '~/ui/icon'
import { spriteMarkup } from '~/ui/icon-sprite-markup'
import { lazyChunk } from '~/lib/chunk-load'

// Out of the layout, but not display:none (symbols under a display:none <svg> can lose their gradients and masks).
const hidden = { position: 'absolute', width: 0, height: 0, overflow: 'hidden' } as const

let serverMarkup: string | undefined

/** The sprite written with the symbols' markup (the server; a page that had none, in the browser). */
function SpriteSvg({ markup }: { markup: string }) {
  // One object while the markup is the same: React 19 sets innerHTML again for a new one (kept-server-html.tsx).
  const html = useMemo(() => ({ __html: markup }), [markup])
  return <svg id={ICON_SPRITE_ID} aria-hidden="true" focusable="false" style={hidden} dangerouslySetInnerHTML={html} />
}

const LazySprite = lazyChunk('icon-sprite-markup', () => import('~/ui/icon-sprite-markup').then((m) => ({ default: () => <SpriteSvg markup={m.spriteMarkup()} /> })))

/**
 * Every icon's <symbol>, once per page, for `<Icon>`'s `<use href="#icon-…">` (decision 018, amendment h18). The
 * server writes it; the browser keeps the server's HTML (app/lib/kept-server-html.tsx), so the icon drawings are
 * not in any browser bundle. A page without it (only the benchmark's bare page has none) loads it on first use.
 */
export function IconSprite() {
  if (import.meta.env.SSR) return <SpriteSvg markup={(serverMarkup ??= spriteMarkup())} />
  return (
    <KeptServerHtml
      as="svg"
      id={ICON_SPRITE_ID}
      aria-hidden="true"
      focusable="false"
      style={hidden}
      fallback={
        <Suspense fallback={null}>
          <LazySprite />
        </Suspense>
      }
    />
  )
}
