// Islands (decision 018, amendment h12): a part of every page that stays server HTML until it is used, so its
// code is not in the first load.
//
// React does the hydration: the part renders inside a `Suspense` boundary around a `lazy()` component. The
// server renders the component directly; in the browser React keeps the boundary's server HTML (dehydrated)
// until the lazy component's code has arrived, then hydrates it in place (the same DOM nodes). The code is
// requested on the first pointer, touch, focus or key event inside the island, and for every island at once
// when the router starts its first navigation, revalidation or fetcher (a transition that gives a dehydrated
// boundary new props or context waits for its code, so that code must already be on its way).
//
// Until an island has hydrated, React would drop a click or a key press inside it (it cannot hydrate the
// boundary synchronously). So this module listens first (capture phase on `window`, before React's listeners on
// the document): a click on one of the island's script-driven controls (a button, a `<summary>`, an ARIA
// widget), a plain click on a link (so that the router navigates and the click's analytics event is sent; a
// click with a modifier key is the browser's) and a navigation key (arrows, Home, End, Escape) outside text
// fields are held back (default prevented, propagation stopped), the island's code is requested, and once the
// island has hydrated the same element is clicked again / the same key is dispatched again: each replayed
// exactly once. A form submitted without a click (Enter in a form that has no submit button) is held and
// submitted again the same way. Text typed into a field stays in the DOM, and the island reads it into its
// state when it hydrates (see the search boxes). If the code cannot be loaded the held clicks are given back to
// the browser (a link is followed, a submit button submits its form natively) and the island stays server HTML.
import { type ComponentType, lazy, memo, Suspense, useEffect, useLayoutEffect, useRef } from 'react'

type Held =
  | { type: 'click'; target: HTMLElement }
  | { type: 'keydown'; target: HTMLElement; init: KeyboardEventInit }
  | { type: 'submit'; target: HTMLFormElement; submitter: HTMLElement | null }
type IslandState = { status: 'waiting' | 'loading' | 'hydrated' | 'failed'; start?: () => void; held: Held[] }

const islands = new Map<string, IslandState>()
let loadEverything = false

function stateOf(name: string): IslandState {
  let state = islands.get(name)
  if (!state) islands.set(name, (state = { status: 'waiting', held: [] }))
  return state
}

function request(name: string) {
  const state = stateOf(name)
  if (state.status !== 'waiting') return
  state.status = 'loading'
  state.start?.()
}

/** Starts loading the code of every island: those on the page and any rendered later. */
export function loadAllIslands() {
  if (loadEverything) return
  loadEverything = true
  for (const name of islands.keys()) request(name)
}

/**
 * Called once the island's component has committed (hydrated): gives the held events back, in order, in a task
 * of their own, after the updates the island's effects started on hydration (reading typed text into state).
 */
function hydrated(name: string) {
  const state = stateOf(name)
  state.status = 'hydrated'
  // For browser tests and anyone curious, as <html data-hydrated> for the page.
  for (const element of document.querySelectorAll(`[data-island="${name}"]`)) element.setAttribute('data-island-hydrated', '')
  if (state.held.length > 0) setTimeout(() => replay(state.held.splice(0)), 0)
}

function replay(events: Held[]) {
  for (const held of events) {
    if (!held.target.isConnected) {
      // Hydration replaced a server-only link (the mini cart's link to the cart page becomes a button that opens
      // the drawer): follow the link the shopper pressed.
      if (held.type === 'click' && held.target instanceof HTMLAnchorElement) window.location.assign(held.target.href)
      continue
    }
    if (held.type === 'click') held.target.click()
    else if (held.type === 'submit') submitAgain(held)
    else held.target.dispatchEvent(new KeyboardEvent('keydown', { ...held.init, bubbles: true, cancelable: true, composed: true }))
  }
}

/** The code could not be loaded: the island stays server HTML, and held clicks go to the browser's own behaviour. */
function failed(name: string) {
  const state = stateOf(name)
  state.status = 'failed'
  for (const held of state.held.splice(0)) {
    if (!held.target.isConnected) continue
    if (held.type === 'click') held.target.click()
    else if (held.type === 'submit') submitAgain(held)
  }
}

function submitAgain(held: { target: HTMLFormElement; submitter: HTMLElement | null }) {
  const submitter = held.submitter?.isConnected && held.target.contains(held.submitter) ? held.submitter : null
  held.target.requestSubmit(submitter)
}

// What counts as using an island: the pointer reaching it (before the click that follows), a touch, focus
// (keyboard users Tab into it before pressing anything) and any key.
const USE_EVENTS = ['pointerover', 'touchstart', 'focusin', 'keydown'] as const
/** Controls whose click does nothing useful without the island's code (links are held too: see heldEvent). */
const SCRIPTED_CONTROL = 'button, summary, [role="button"], [role="option"], [role="menuitem"], [role="tab"], [role="switch"]'
/** Keys the island's widgets handle themselves (the navbar's arrows, Escape); text fields keep theirs. */
const HELD_KEYS = new Set(['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'Escape'])

function islandOf(target: EventTarget | null): { name: string; state: IslandState } | null {
  const element = target instanceof Element ? target.closest('[data-island]') : null
  const name = element?.getAttribute('data-island')
  return name ? { name, state: stateOf(name) } : null
}

/** A left click without modifier keys on a link that opens in this tab: the router's (a new tab is the browser's). */
const isPlainLinkClick = (event: MouseEvent, link: HTMLAnchorElement) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && (!link.target || link.target === '_self') && !link.hasAttribute('download')

const isTextField = (element: Element) => element.matches('input:not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit]), textarea, select, [contenteditable]')

/** Whether an event inside a not yet hydrated island is held for replay, and what to replay. */
function heldEvent(event: Event): Held | null {
  const target = event.target
  if (!(target instanceof Element)) return null
  if (event.type === 'click') {
    const control = target.closest<HTMLElement>(`${SCRIPTED_CONTROL}, a[href]`)
    if (!control || control.matches(':disabled') || !control.closest('[data-island]')) return null
    if (control instanceof HTMLAnchorElement && !isPlainLinkClick(event as MouseEvent, control)) return null
    return { type: 'click', target: control }
  }
  if (event.type === 'submit') {
    // A form submitted without a click on a button (Enter in a form without a submit button).
    if (!(target instanceof HTMLFormElement)) return null
    return { type: 'submit', target, submitter: (event as SubmitEvent).submitter }
  }
  if (event.type === 'keydown') {
    const key = event as KeyboardEvent
    if (!HELD_KEYS.has(key.key) || key.isComposing || isTextField(target) || !(target instanceof HTMLElement)) return null
    const { code, altKey, ctrlKey, metaKey, shiftKey, repeat } = key
    return { type: 'keydown', target, init: { key: key.key, code, altKey, ctrlKey, metaKey, shiftKey, repeat } }
  }
  return null
}

if (typeof window !== 'undefined') {
  const onUse = (event: Event) => {
    const island = islandOf(event.target)
    if (island) request(island.name)
  }
  for (const type of USE_EVENTS) window.addEventListener(type, onUse, { capture: true, passive: true })
  const hold = (event: Event) => {
    const island = islandOf(event.target)
    if (!island || island.state.status === 'hydrated' || island.state.status === 'failed') return
    const held = heldEvent(event)
    if (!held) return
    event.preventDefault()
    event.stopPropagation()
    // A double click before the code arrived is one action, not two.
    if (held.type === 'click' && island.state.held.some((h) => h.type === 'click' && h.target === held.target)) return
    island.state.held.push(held)
    request(island.name)
  }
  window.addEventListener('click', hold, { capture: true })
  window.addEventListener('keydown', hold, { capture: true })
  window.addEventListener('submit', hold, { capture: true })
}

/**
 * Starts loading every island as soon as the router begins a navigation, a revalidation or a fetcher. The
 * router's own subscription is used (not a React effect), because the React update that reports the
 * navigation may itself be held up by an island that is waiting for its code.
 */
export function watchRouterForIslands(): () => void {
  const router = (window as { __reactRouterDataRouter?: RouterLike }).__reactRouterDataRouter
  if (!router) {
    // Not React Router's hydrated router (a component test): load everything rather than risk a stalled update.
    loadAllIslands()
    return () => {}
  }
  return router.subscribe((state) => {
    if (state.navigation.state !== 'idle' || state.revalidation !== 'idle' || state.fetchers.size > 0) loadAllIslands()
    // An island whose code could not be loaded would hold up the navigation's update for ever: go there with a
    // full page load instead.
    const to = state.navigation.location
    if (state.navigation.state === 'loading' && to && [...islands.values()].some((i) => i.status === 'failed')) {
      window.location.assign(to.pathname + to.search + to.hash)
    }
  })
}
type RouterLike = {
  subscribe: (
    fn: (state: { navigation: { state: string; location?: { pathname: string; search: string; hash: string } }; revalidation: string; fetchers: Map<string, unknown> }) => void,
  ) => () => void
}

/** Resolves once the island has been requested (used, or the router moved). */
function whenRequested(name: string): Promise<void> {
  const state = stateOf(name)
  if (loadEverything) request(name)
  if (state.status !== 'waiting') return Promise.resolve()
  return new Promise((resolve) => {
    state.start = () => resolve()
  })
}

/**
 * What the server renders for an island: a lazy component that does not suspend. The module is imported when
 * the island is defined (while the server starts, long before the first request); from then on the thenable
 * answers synchronously, so React's lazy() returns the component at once (a suspended island would be streamed
 * after the page, hidden until a script swapped it in). No static import: the browser build would keep the
 * module's top-level code (and so its chunk) in the first load.
 */
function serverBody<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: { default: ComponentType<P> } | undefined
  const ready = load().then((component) => (loaded = { default: component }))
  const thenable = {
    then: (resolve: (module: { default: ComponentType<P> }) => void, reject: (error: unknown) => void) =>
      loaded ? resolve(loaded) : void ready.then(resolve, reject),
  }
  return lazy(() => thenable as unknown as Promise<{ default: ComponentType<P> }>)
}

/** An island whose component `load` imports (see the top of this file). */
export function island<P extends object>(name: string, load: () => Promise<ComponentType<P>>) {
  const Body: ComponentType<P> = import.meta.env.SSR
    ? serverBody(load)
    : lazy(() =>
        whenRequested(name)
          .then(load)
          .then(
            (Component) => {
              function Hydrated(props: P) {
                useEffect(() => hydrated(name), [])
                return <Component {...props} />
              }
              return { default: Hydrated }
            },
            () => {
              // The island stays server HTML (its links and forms work as without JavaScript) instead of an
              // error screen; the router falls back to full page loads (watchRouterForIslands).
              failed(name)
              return new Promise<never>(() => {})
            },
          ),
      )
  function Island(props: P) {
    const wrapper = useRef<HTMLDivElement>(null)
    // Rendered in the browser without server HTML to keep (an error screen, leaving a page without the shell):
    // nothing to use yet, so the code is requested at once.
    useLayoutEffect(() => {
      if (wrapper.current?.childElementCount === 0) request(name)
    }, [])
    return (
      <div ref={wrapper} data-island={name} className="contents">
        <Suspense fallback={null}>
          <Body {...props} />
        </Suspense>
      </div>
    )
  }
  Island.displayName = `Island(${name})`
  // Only a real change of props reaches the boundary (an update to a dehydrated boundary outside a transition
  // would make React replace its server HTML with the empty fallback until the code arrives).
  return memo(Island)
}
