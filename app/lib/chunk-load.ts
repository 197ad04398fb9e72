// Script chunks that fail to load (spec §8 'Loading chunk {id} failed', ChunkLoadError; §9 a 120 s timeout). After a
// deploy, a page opened before it asks for the chunks of the build it came with. The server keeps the previous build's
// assets for a while (scripts/keep-previous-assets.mjs), so most such pages carry on; when a chunk still cannot be
// loaded, the page reloads once, to the new build, instead of staying dead. A second failure within a minute is
// shown (the fallback screen's 'Try reloading the page'), so a chunk that is gone for good cannot loop.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

/** How long a chunk may take to load before it counts as failed (spec §9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000
const RELOADED_AT = 'nestlist.chunkReloadAt'
const RELOAD_AGAIN_AFTER_MS = 60_000

export type ChunkLoadErrorType = 'missing' | 'timeout' | 'error'

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError'
  constructor(
    readonly chunk: string,
    readonly type: ChunkLoadErrorType,
    options?: { cause?: unknown },
  ) {
    super(`Loading chunk ${chunk} failed`, options)
  }
}

/** What a failed dynamic import was: the browsers' messages for a script that could not be fetched mean 'missing'. */
function failureType(error: unknown): ChunkLoadErrorType {
  const message = error instanceof Error ? error.message : String(error)
  return /dynamically imported module|Importing a module script failed|Failed to fetch|error loading/i.test(message) ? 'missing' : 'error'
}

/**
 * Reloads the page to the build the server has now, unless it did so in the last minute; true when it reloads. The
 * time is kept per tab (sessionStorage), so a chunk missing for good shows the error instead of reloading forever.
 */
export function reloadToNewBuild(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = safeSessionStorage(), now = Date.now()): boolean {
  // Several chunks fail together (a module and its imports, Vite's preload event and the import itself): the first
  // one reloads, and the others wait for it rather than showing an error meanwhile.
  if (reloading) return true
  const last = Number(storage?.getItem(RELOADED_AT) ?? 0)
  if (!storage || now - last < RELOAD_AGAIN_AFTER_MS) return false
  storage.setItem(RELOADED_AT, String(now))
  reloading = true
  window.location.reload()
  return true
}

let reloading = false

function safeSessionStorage(): Storage | undefined {
  try {
    return window.sessionStorage
  } catch {
    return undefined
  }
}

/**
 * `load()` (a dynamic import) within the timeout. A failure becomes a ChunkLoadError and reloads the page once (the
 * promise then never settles: the page is going); otherwise the error goes to the nearest error boundary.
 */
export function loadChunk<T>(chunk: string, load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError(chunk, 'timeout')), timeoutMs)
  })
  return Promise.race([load(), timeout])
    .finally(() => clearTimeout(timer))
    .catch((error: unknown): Promise<T> => {
      const failure = error instanceof ChunkLoadError ? error : new ChunkLoadError(chunk, failureType(error), { cause: error })
      console.error(failure)
      if (reloadToNewBuild()) return new Promise<T>(() => {})
      throw failure
    })
}

/** React.lazy for a component in its own chunk, through loadChunk. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound
export function lazyChunk<T extends ComponentType<any>>(chunk: string, load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(() => loadChunk(chunk, load))
}

/**
 * Vite's own signal that a chunk's preloaded dependencies failed (`vite:preloadError`): the same recovery. React
 * Router reloads by itself when a route module fails, and when its manifest says the build changed.
 */
export function listenForChunkFailures() {
  const onPreloadError = (event: Event) => {
    if (reloadToNewBuild()) event.preventDefault()
  }
  window.addEventListener('vite:preloadError', onPreloadError)
  return () => window.removeEventListener('vite:preloadError', onPreloadError)
}
