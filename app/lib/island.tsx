// Islands: a part of the page that stays server HTML until it is used, so its code is not in the first load.
//
// React's own mechanism does the work: the part renders inside a `Suspense` boundary around a `lazy()`
// component. The server renders the component directly; in the browser the boundary stays dehydrated (React
// keeps the server HTML and its links and forms work natively, as without JavaScript) until the lazy
// component's code has arrived, then React hydrates it. The code is requested on the first pointer, touch,
// focus or key event inside the island's element, and for every island at once on the router's first
// navigation, revalidation or fetcher (`LoadIslandsOnRouterActivity`): a transition that gives a dehydrated
// boundary new props or context waits for its code, so it must already be on its way.
import { type ComponentType, lazy, memo, Suspense, useEffect } from 'react'
import { useFetchers, useNavigation, useRevalidator } from 'react-router'

const requested = new Set<string>()
const waiting = new Map<string, () => void>()
let everything = false
const listeners: (() => void)[] = []

function request(name: string) {
  requested.add(name)
  waiting.get(name)?.()
  waiting.delete(name)
}

/** Starts loading the code of every island (those on the page and those rendered later). */
export function loadAllIslands() {
  if (everything) return
  everything = true
  for (const start of waiting.values()) start()
  waiting.clear()
  for (const remove of listeners.splice(0)) remove()
}

function whenRequested(name: string): Promise<void> {
  if (everything || requested.has(name)) return Promise.resolve()
  return new Promise((resolve) => waiting.set(name, resolve))
}

// What counts as "using" an island: the pointer reaching it (before the click that follows), a touch, focus
// (keyboard users Tab into it before pressing anything) and any key.
const USE_EVENTS = ['pointerover', 'touchstart', 'focusin', 'keydown'] as const

if (typeof document !== 'undefined') {
  const onUse = (event: Event) => {
    const target = event.target
    const name = target instanceof Element ? target.closest('[data-island]')?.getAttribute('data-island') : null
    if (name && !requested.has(name)) request(name)
  }
  for (const type of USE_EVENTS) {
    document.addEventListener(type, onUse, { capture: true, passive: true })
    listeners.push(() => document.removeEventListener(type, onUse, { capture: true }))
  }
}

/** The server renders an island's component at once: a lazy component that never suspends once its module is in. */
function serverBody<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  // The module is imported when the island is defined (while the server starts); after that the thenable
  // answers synchronously, so React's lazy() returns the component without suspending (a suspended island
  // would be streamed after the page, hidden until a script swaps it in).
  let loaded: { default: ComponentType<P> } | undefined
  const ready = load().then((component) => (loaded = { default: component }))
  const thenable = {
    then: (resolve: (module: { default: ComponentType<P> }) => void, reject: (error: unknown) => void) => (loaded ? resolve(loaded) : void ready.then(resolve, reject)),
  }
  return lazy(() => thenable as unknown as Promise<{ default: ComponentType<P> }>)
}

/** A component whose code loads when the island is first used (see the top of this file). */
export function island<P extends object>(name: string, load: () => Promise<ComponentType<P>>) {
  const Body: ComponentType<P> = import.meta.env.SSR
    ? serverBody(load)
    : lazy(() => whenRequested(name).then(load).then((component) => ({ default: component })))
  function Island(props: P) {
    return (
      <div data-island={name} className="contents">
        <Suspense fallback={null}>
          <Body {...props} />
        </Suspense>
      </div>
    )
  }
  Island.displayName = `Island(${name})`
  // Only a real change of props reaches the boundary: an update to a dehydrated boundary that is not a
  // transition would make React drop its server HTML and show the (empty) fallback until the code arrives.
  return memo(Island)
}

/** Loads every island's code once the router starts a navigation, a revalidation or a fetcher (see above). */
export function LoadIslandsOnRouterActivity() {
  const navigation = useNavigation()
  const revalidator = useRevalidator()
  const fetchers = useFetchers()
  const active = navigation.state !== 'idle' || revalidator.state !== 'idle' || fetchers.some((fetcher) => fetcher.state !== 'idle')
  useEffect(() => {
    if (active) loadAllIslands()
  }, [active])
  return null
}
