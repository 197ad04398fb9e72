import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server'
import { createCoalescingTransform } from './lib/coalesce-chunks.server'
import { cspWithScriptHashes, inlineScriptsOf } from './lib/csp.server'
import { createDeferHydrationTransform } from './lib/defer-hydration.server'
import { NonceContext } from './lib/nonce'
import { MarkupCacheContext } from './lib/static-markup'
import { createMarkupCache } from './lib/static-markup.server'
import { type AppLoadContext, type EntryContext, type HandleErrorFunction, isRouteErrorResponse, ServerRouter } from 'react-router'

export const streamTimeout = 5_000

// Copies of the subtrees that depend on their props only (footer, store navigation bar, left category
// navigation), keyed by those props: React renders each once, not on every page (app/lib/static-markup.tsx).
// A subtree that cannot render on its own is reported once per key and keeps rendering in place.
let reportMarkupError: ((error: unknown) => void) | undefined
const markupCache = createMarkupCache({ onError: (error) => reportMarkupError?.(error) })

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  const nonce = loadContext.nonce
  if (loadContext.sharedPage) return renderSharedPage(request, responseStatusCode, responseHeaders, routerContext, loadContext)
  reportMarkupError ??= (error) => loadContext.logger.error({ err: error }, 'static markup could not be rendered on its own')
  return new Promise((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <MarkupCacheContext.Provider value={markupCache}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </MarkupCacheContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        // React sends a large finished Suspense boundary after the rest of the page and swaps it in with an
        // inline script; without JavaScript it would stay hidden. Every boundary is sent in place.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [readyOption]() {
          shellRendered = true
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId)
              timeoutId = undefined
              callback()
            },
          })
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          // The page's JavaScript starts after its first paint (app/lib/defer-hydration.server.ts).
          const deferHydration = createDeferHydrationTransform()
          deferHydration.pipe(body)
          // React's ~2 KB writes of one turn go on as one chunk (app/lib/coalesce-chunks.server.ts).
          const coalesce = createCoalescingTransform()
          coalesce.pipe(deferHydration)
          pipe(coalesce)
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }))
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) loadContext.logger.error({ err: error }, 'render error')
        },
      },
    )
  })
}

/**
 * A page that is the same for everyone (app/lib/shared-pages.ts): rendered whole (it waits on nothing), then answered
 * in one piece with a policy that allows its inline scripts by their hashes, not by a nonce, so that the bytes are
 * the same for every visitor and any cache may keep them. Bots and people get the same page.
 */
function renderSharedPage(request: Request, status: number, responseHeaders: Headers, routerContext: EntryContext, loadContext: AppLoadContext) {
  reportMarkupError ??= (error) => loadContext.logger.error({ err: error }, 'static markup could not be rendered on its own')
  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = []
    const moduleCode: string[] = []
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000)
    const { pipe, abort } = renderToPipeableStream(
      <MarkupCacheContext.Provider value={markupCache}>
        <ServerRouter context={routerContext} url={request.url} />
      </MarkupCacheContext.Provider>,
      {
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onAllReady() {
          const deferHydration = createDeferHydrationTransform({ onModuleCode: (code) => moduleCode.push(code) })
          deferHydration.on('data', (chunk: Buffer) => chunks.push(chunk))
          deferHydration.on('end', () => {
            clearTimeout(timeoutId)
            const html = Buffer.concat(chunks)
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
            responseHeaders.set('Content-Security-Policy', cspWithScriptHashes([...inlineScriptsOf(html.toString('utf8')), ...moduleCode]))
            resolve(new Response(new Uint8Array(html.buffer, html.byteOffset, html.length), { headers: responseHeaders, status }))
          })
          deferHydration.on('error', reject)
          pipe(deferHydration)
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId)
          reject(error)
        },
        onError(error: unknown) {
          status = 500
          loadContext.logger.error({ err: error }, 'render error')
        },
      },
    )
  })
}

/**
 * Unexpected loader/action/render errors: logged once with the request id (aborted requests are not errors).
 * React Router's own 4xx answers (a POST to a page without an action, no route for a URL) come here too: the
 * client's mistake, logged at info with its status, never as a server error.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return
  const logger = (context as AppLoadContext | undefined)?.logger
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger?.info({ status: error.status, method: request.method, path: new URL(request.url).pathname }, 'route refused the request')
    return
  }
  if (logger) logger.error({ err: error }, 'unhandled route error')
  else console.error(error)
}
