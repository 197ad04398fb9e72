import { lazy, type MouseEvent, Suspense, useEffect, useRef, useState } from 'react'
import { KeptServerHtml } from '~/lib/kept-server-html'
import { AnnouncementBar, type AnnouncementBarResume } from './announcement-bar'
import { ANNOUNCEMENT_BAR } from './kept-parts'

const loadAnnouncementBar = () => import('./announcement-bar')
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
  const loading = useRef(false)
  // A pointer pressed on the kept bar: the live bar waits for its release, so that the press and the release land on
  // one element and the click happens.
  const pressed = useRef(false)
  // What the visitor is doing on the kept bar; the live bar reads it when it first commits.
  const pending = useRef<AnnouncementBarResume>({ focus: -1, open: -1 })

  function wake() {
    if (loading.current) return
    loading.current = true
    loadAnnouncementBar().then(
      ({ AnnouncementBar: Bar }) => {
        const show = () => {
          pending.current.focus = triggerIndex(document.activeElement)
          setLive({ Bar, resume: pending.current })
        }
        if (pressed.current) window.addEventListener('pointerup', () => setTimeout(show, 0), { once: true })
        else show()
      },
      // Offline, say: the next sign of use tries again.
      () => (loading.current = false),
    )
  }

  useEffect(() => {
    if (live) return
    // As the live tooltips do: Escape, or a press anywhere but on its trigger, closes one opened on the kept bar.
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (triggerIndex(event.target) !== pending.current.open) pending.current.open = -1
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') pending.current.open = -1
    }
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
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
      onPointerDown={() => {
        pressed.current = true
        window.addEventListener('pointerup', () => (pressed.current = false), { once: true, capture: true })
      }}
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
