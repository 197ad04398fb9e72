import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'

// The recovery from a chunk that cannot be loaded after a deploy: a ChunkLoadError named as the spec says, one reload
// to the new build, and no second reload within a minute (the error is shown instead, so a chunk gone for good cannot
// loop). Each test loads the module afresh: it remembers a reload under way.
let reload: ReturnType<typeof vi.fn>
let stored: Map<string, string>
const storage = () => ({ getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) })

beforeEach(() => {
  vi.resetModules()
  reload = vi.fn()
  stored = new Map()
  vi.stubGlobal('window', { location: { reload }, sessionStorage: storage(), addEventListener: vi.fn(), removeEventListener: vi.fn() })
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const missing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://x.test/assets/mini-cart-drawer-abc.js'))

describe('loadChunk', () => {
  test('a chunk that loads is passed on', async () => {
    const { loadChunk } = await import('./chunk-load')
    await expect(loadChunk('mini-cart-drawer', async () => ({ default: 1 }))).resolves.toEqual({ default: 1 })
    expect(reload).not.toHaveBeenCalled()
  })

  test("a missing chunk reloads the page once and never settles (the page is going); chunks failing with it wait for that reload", async () => {
    const { loadChunk } = await import('./chunk-load')
    const settled = vi.fn()
    void loadChunk('mini-cart-drawer', missing).then(settled, settled)
    void loadChunk('dialog-frame', missing).then(settled, settled)
    await new Promise((r) => setTimeout(r, 20))
    expect(reload).toHaveBeenCalledTimes(1)
    expect(settled).not.toHaveBeenCalled()
    expect(console.error).toHaveBeenCalledWith(expect.objectContaining({ name: 'ChunkLoadError', message: 'Loading chunk mini-cart-drawer failed', type: 'missing' }))
  })

  test('a second failure within a minute of a reload is thrown (the fallback screen), not another reload', async () => {
    stored.set('nestlist.chunkReloadAt', String(Date.now() - 10_000))
    const { ChunkLoadError, loadChunk } = await import('./chunk-load')
    const error = await loadChunk('mobile-menu-drawer', missing).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ChunkLoadError)
    expect(error).toMatchObject({ name: 'ChunkLoadError', message: 'Loading chunk mobile-menu-drawer failed', type: 'missing', chunk: 'mobile-menu-drawer' })
    expect(reload).not.toHaveBeenCalled()
  })

  test('after a minute, a failure reloads again', async () => {
    stored.set('nestlist.chunkReloadAt', String(Date.now() - 61_000))
    const { loadChunk } = await import('./chunk-load')
    void loadChunk('mobile-menu-drawer', missing)
    await new Promise((r) => setTimeout(r, 20))
    expect(reload).toHaveBeenCalledTimes(1)
  })

  test('a chunk that takes longer than its time (120 s by default) is a timeout', async () => {
    stored.set('nestlist.chunkReloadAt', String(Date.now()))
    const { CHUNK_LOAD_TIMEOUT_MS, loadChunk } = await import('./chunk-load')
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000)
    const error = await loadChunk('gift-card-form', () => new Promise(() => {}), 30).catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'ChunkLoadError', message: 'Loading chunk gift-card-form failed', type: 'timeout' })
  })

  test("Vite's preload error reloads once and keeps Vite from throwing", async () => {
    const { listenForChunkFailures } = await import('./chunk-load')
    listenForChunkFailures()
    const [[name, listener]] = (window.addEventListener as ReturnType<typeof vi.fn>).mock.calls as [[string, (e: Event) => void]]
    expect(name).toBe('vite:preloadError')
    const event = { preventDefault: vi.fn() } as unknown as Event
    listener(event)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(event.preventDefault).toHaveBeenCalled()
  })
})
