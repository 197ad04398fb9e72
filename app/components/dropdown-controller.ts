/** The spec's navbar timing: open after 400 ms of hover, close 400 ms after the pointer leaves. */
export const NAVBAR_HOVER_DELAY_MS = 400

type Timers = {
  setTimeout: (fn: () => void, ms: number) => unknown
  clearTimeout: (handle: unknown) => void
}

/**
 * The navbar dropdown as a small state machine, free of React and the DOM so it can be tested with
 * fake timers. One dropdown is open at a time (`openId`), or none.
 */
export function createDropdownController(
  onChange: (openId: string | null) => void,
  { delay = NAVBAR_HOVER_DELAY_MS, timers = globalThis as unknown as Timers }: { delay?: number; timers?: Timers } = {},
) {
  let openId: string | null = null
  let pending: unknown = null

  function cancel() {
    if (pending !== null) timers.clearTimeout(pending)
    pending = null
  }
  function set(id: string | null) {
    cancel()
    if (id === openId) return
    openId = id
    onChange(id)
  }
  function later(id: string | null) {
    cancel()
    pending = timers.setTimeout(() => {
      pending = null
      set(id)
    }, delay)
  }

  return {
    get openId() {
      return openId
    },
    /** The pointer rests on a top-level item: open it after the delay, or at once if another is open. */
    pointerEnterItem(id: string) {
      if (openId === id) cancel()
      else if (openId !== null) set(id)
      else later(id)
    },
    /** The pointer left an item without opening it: forget the pending open. */
    pointerLeaveItem() {
      if (openId === null) cancel()
    },
    /** The pointer is back inside the navigation (bar or open panel): keep what is open. */
    pointerEnterNav() {
      if (openId !== null) cancel()
    },
    /** The pointer left the navigation and its panel: close after the delay. */
    pointerLeaveNav() {
      if (openId === null) cancel()
      else later(null)
    },
    /** Keyboard or click: open this one now. */
    open(id: string) {
      set(id)
    },
    toggle(id: string) {
      set(openId === id ? null : id)
    },
    /** Mouse press outside, a click on a category, Escape, or navigation: close now. */
    close() {
      set(null)
    },
    dispose() {
      cancel()
    },
  }
}

export type DropdownController = ReturnType<typeof createDropdownController>
