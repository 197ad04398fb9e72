import { Transform } from 'node:stream'

/**
 * Starts the page's JavaScript after the first paint instead of during it (decision 018).
 *
 * React Router's document asks for every module of the page at once: `<link rel="modulepreload">` tags
 * (React hoists them into <head>) and an async module script at the end of <body>. On a slow phone those
 * downloads share the connection with the stylesheet and images the first paint waits for. This
 * transform, on the streamed HTML, takes the preload links out of <head> and turns the module script
 * into a small inline script that, once the page has painted its first frame, adds the same preload links
 * and the same module script. Nothing else changes: the page is the same server-rendered HTML, links and
 * forms work before the script runs exactly as before, and hydration is what it was, one frame later.
 * A tab opened in the background (no frames) starts at once.
 */
export function createDeferHydrationTransform(options: { onModuleCode?: (code: string) => void } = {}): Transform {
  // Bytes not sent yet. The page is scanned as bytes: only the head (up to </head>) and the module
  // script's code are decoded, so the body, nearly all of the page, goes on as the buffers React wrote.
  let pending: Buffer = EMPTY
  let preloads: string[] = []
  let state: 'head' | 'body' | 'done' = 'head'

  function process(final: boolean): Buffer[] {
    const out: Buffer[] = []
    if (state === 'head') {
      const end = pending.indexOf(HEAD_END)
      if (end === -1) {
        if (!final) return out
        state = 'done'
        out.push(pending)
        pending = EMPTY
        return out
      }
      const head = pending.toString('utf8', 0, end)
      preloads = [...head.matchAll(MODULE_PRELOAD)].map((m) => m[1]!)
      out.push(Buffer.from(head.replace(MODULE_PRELOAD, ''), 'utf8'))
      pending = pending.subarray(end)
      state = 'body'
    }
    if (state === 'body') {
      const found = findModuleScript(pending)
      if (found) {
        const close = pending.indexOf(SCRIPT_CLOSE, found.codeStart)
        if (close === -1) {
          // The script is still arriving: send what is before it and wait for the rest.
          out.push(pending.subarray(0, found.start))
          pending = pending.subarray(found.start)
          if (final) {
            out.push(pending)
            pending = EMPTY
          }
          return out
        }
        const code = pending.toString('utf8', found.codeStart, close)
        // The script the loader adds holds this code: a shared page's policy allows it by its hash (app/lib/csp.server.ts).
        options.onModuleCode?.(code)
        out.push(pending.subarray(0, found.start), Buffer.from(deferredLoader(found.nonce, preloads, code), 'utf8'))
        pending = pending.subarray(close + SCRIPT_CLOSE.length)
        state = 'done'
      } else if (!final) {
        // Keep a tail that could be the start of the script tag cut by a chunk boundary.
        const keep = Math.min(pending.length, 200)
        out.push(pending.subarray(0, pending.length - keep))
        pending = pending.subarray(pending.length - keep)
        return out
      }
    }
    out.push(pending)
    pending = EMPTY
    return out
  }

  const send = (out: Buffer[]) => {
    const chunks = out.filter((b) => b.length > 0)
    return chunks.length === 0 ? undefined : chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)
  }

  return new Transform({
    transform(chunk: Buffer | Uint8Array | string, encoding, callback) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
      if (state === 'done') return callback(null, bytes)
      pending = pending.length === 0 ? bytes : Buffer.concat([pending, bytes])
      callback(null, send(process(false)))
    },
    flush(callback) {
      callback(null, send(state === 'done' ? [pending] : process(true)))
    },
  })
}

const EMPTY = Buffer.alloc(0)
const HEAD_END = Buffer.from('</head>')
const SCRIPT_OPEN = Buffer.from('<script')
const SCRIPT_CLOSE = Buffer.from('</script>')
/** The end of React Router's module script tag: `<script nonce="…" type="module" async="">` (nonce optional). */
const MODULE_SCRIPT_END = Buffer.from(' type="module" async="">')
const NONCE_ATTRIBUTE = /^ nonce="([^"]*)"$/

/** Where the first complete module script tag starts, where its code starts, and its nonce. */
function findModuleScript(bytes: Buffer): { start: number; codeStart: number; nonce: string } | undefined {
  for (let at = bytes.indexOf(MODULE_SCRIPT_END); at !== -1; at = bytes.indexOf(MODULE_SCRIPT_END, at + 1)) {
    const start = bytes.lastIndexOf(SCRIPT_OPEN, at)
    if (start === -1) continue
    const attributes = bytes.toString('utf8', start + SCRIPT_OPEN.length, at)
    const nonce = attributes === '' ? '' : NONCE_ATTRIBUTE.exec(attributes)?.[1]
    if (nonce !== undefined) return { start, codeStart: at + MODULE_SCRIPT_END.length, nonce }
  }
  return undefined
}

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/>/g

/** How many preload links the loader adds per task: appending one costs Chrome 0.5-1 ms of main thread (h23). */
export const PRELOADS_PER_TASK = 3

/**
 * The inline script that adds the module script and the preload links after the first paint. The module script
 * goes first (its own imports start the route modules' downloads), then the links, PRELOADS_PER_TASK per task: the
 * nine links of a listing page at once were a task of 2-10 ms (decision 018, h23). A tab in the background, whose
 * timers wait a second, gets them all at once.
 */
export function deferredLoader(nonce: string, preloads: string[], code: string): string {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')
  const nonceAttr = nonce ? ` nonce="${nonce}"` : ''
  return (
    `<script${nonceAttr}>(function(){var d=document,n=${json(nonce)},started=false;` +
    `function go(){if(started)return;started=true;` +
    `var s=d.createElement("script");s.type="module";if(n)s.nonce=n;s.textContent=${json(code)};d.body.appendChild(s);` +
    `var q=${json(preloads)};(function more(){q.splice(0,d.visibilityState==="hidden"?q.length:${PRELOADS_PER_TASK}).forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.href=h;if(n)l.nonce=n;d.head.appendChild(l)});if(q.length)setTimeout(more,0)})()}` +
    `if(d.visibilityState==="hidden")go();else requestAnimationFrame(function(){setTimeout(go,0)});` +
    `setTimeout(go,3000)})()</script>`
  )
}
