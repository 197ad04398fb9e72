import { StringDecoder } from 'node:string_decoder'
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
export function createDeferHydrationTransform(): Transform {
  const decoder = new StringDecoder('utf8')
  let buffer = ''
  let preloads: string[] = []
  let state: 'head' | 'body' | 'done' = 'head'

  function process(final: boolean): string {
    let out = ''
    if (state === 'head') {
      const end = buffer.indexOf('</head>')
      if (end === -1) {
        if (!final) return ''
        state = 'done'
        out = buffer
        buffer = ''
        return out
      }
      const head = buffer.slice(0, end)
      preloads = [...head.matchAll(MODULE_PRELOAD)].map((m) => m[1]!)
      out += head.replace(MODULE_PRELOAD, '')
      buffer = buffer.slice(end)
      state = 'body'
    }
    if (state === 'body') {
      const match = MODULE_SCRIPT.exec(buffer)
      if (match) {
        const close = buffer.indexOf('</script>', match.index)
        if (close === -1) {
          // The script is still arriving: send what is before it and wait for the rest.
          out += buffer.slice(0, match.index)
          buffer = buffer.slice(match.index)
          if (final) {
            out += buffer
            buffer = ''
          }
          return out
        }
        const nonce = match[1] ?? ''
        const code = buffer.slice(match.index + match[0].length, close)
        out += buffer.slice(0, match.index) + deferredLoader(nonce, preloads, code)
        buffer = buffer.slice(close + '</script>'.length)
        state = 'done'
      } else if (!final) {
        // Keep a tail that could be the start of the script tag cut by a chunk boundary.
        const keep = Math.min(buffer.length, 200)
        out += buffer.slice(0, buffer.length - keep)
        buffer = buffer.slice(buffer.length - keep)
        return out
      }
    }
    out += buffer
    buffer = ''
    return out
  }

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (state === 'done') return callback(null, chunk)
      buffer += decoder.write(chunk)
      const out = process(false)
      callback(null, out.length > 0 ? out : undefined)
    },
    flush(callback) {
      buffer += decoder.end()
      const out = state === 'done' ? buffer : process(true)
      callback(null, out.length > 0 ? out : undefined)
    },
  })
}

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/>/g
const MODULE_SCRIPT = /<script(?: nonce="([^"]*)")? type="module" async="">/

/** The inline script that adds the preload links and the module script after the first paint. */
export function deferredLoader(nonce: string, preloads: string[], code: string): string {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')
  const nonceAttr = nonce ? ` nonce="${nonce}"` : ''
  return (
    `<script${nonceAttr}>(function(){var d=document,n=${json(nonce)},started=false;` +
    `function go(){if(started)return;started=true;` +
    `${json(preloads)}.forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.href=h;if(n)l.nonce=n;d.head.appendChild(l)});` +
    `var s=d.createElement("script");s.type="module";if(n)s.nonce=n;s.textContent=${json(code)};d.body.appendChild(s)}` +
    `if(d.visibilityState==="hidden")go();else requestAnimationFrame(function(){setTimeout(go,0)});` +
    `setTimeout(go,3000)})()</script>`
  )
}
