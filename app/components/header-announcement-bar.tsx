import { lazy, type MouseEvent, Suspense, useEffect, useRef, useState } from 'react'
import { KeptServerHtml, useLiveOnFirstUse } from '~/lib/kept-server-html'
import { AnnouncementBar, type AnnouncementBarResume } from './announcement-bar'
import { ANNOUNCEMENT_BAR } from './kept-parts'
import { loadChunk } from '~/lib/chunk-load'

const loadAnnouncementBar = () => loadChunk('announcement-bar', () => import('./announcement-bar'))
const LazyAnnouncementBar = lazy(() => loadAnnouncementBar().then((m) => ({ default: m.AnnouncementBar })))

/** The index of the bar's tooltip trigger that holds `target` (-1: none). */
function triggerIndex(target: EventTarget | null) {
  const bar = document.getElementById(ANNOUNCEMENT_BAR.id)
  const button = target instanceof Element ? target.closest('button') : null
  return bar && button ? Array.from(bar.querySelectorAll('button')).indexOf(button) : -1
}

/**
 * The announcement bar above the header (decision 018, amendment h19), kept the way the store navbar is
 * (header-store-nav.tsx): the server renders the real bar; the browser keeps the server's HTML
 * (app/lib/kept-server-html.tsx) and loads the bar's code, with its tooltips, on the first sign of use: the pointer
 * over it, focus inside it, or a click. Then the live bar replaces the kept HTML in one commit and carries on: the
 * focused trigger keeps focus, and a trigger clicked (or pressed with Enter or Space) before the code came opens its
 * tooltip. The static import is used on the server only; the browser's bundles get the bar through `import()`.
 */
export function HeaderAnnouncementBar() {
  if (import.meta.env.SSR) return <AnnouncementBar />
  return <KeptAnnouncementBar />
}

function KeptAnnouncementBar() {
  const [live, setLive] = useState<{ Bar: typeof AnnouncementBar; resume: AnnouncementBarResume } | null>(null)
  // What the visitor is doing on the kept bar; the live bar reads it when it first commits.
  const pending = useRef<AnnouncementBarResume>({ focus: -1, open: -1 })

  const { wake, onPointerDown } = useLiveOnFirstUse(loadAnnouncementBar, ({ AnnouncementBar: Bar }) => {
    pending.current.focus = triggerIndex(document.activeElement)
    setLive({ Bar, resume: pending.current })
  })

  useEffect(() => {
    if (live) return
    // As the live tooltips do: Escape, or a press anywhere but on its trigger, closes one opened on the kept bar.
    const onDocumentPointerDown = (event: globalThis.PointerEvent) => {
      if (triggerIndex(event.target) !== pending.current.open) pending.current.open = -1
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') pending.current.open = -1
    }
    document.addEventListener('pointerdown', onDocumentPointerDown)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('pointerdown', onDocumentPointerDown)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [live])

  if (live) return <live.Bar resume={live.resume} />
  return (
    <KeptServerHtml
      as="div"
      id={ANNOUNCEMENT_BAR.id}
      className={ANNOUNCEMENT_BAR.className}
      // A page whose server HTML has no bar (the sign-in popup's layout, then a full page): the real one, loaded now.
      fallback={
        <Suspense fallback={null}>
          <LazyAnnouncementBar />
        </Suspense>
      }
      onPointerOver={wake}
      onPointerDown={onPointerDown}
      onFocus={wake}
      onClickCapture={(event: MouseEvent) => {
        const index = triggerIndex(event.target)
        // The tooltip's trigger toggles it.
        if (index >= 0) pending.current.open = pending.current.open === index ? -1 : index
        wake()
      }}
    />
  )
}
