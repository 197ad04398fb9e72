import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createDeferHydrationTransform, PRELOADS_PER_TASK } from './defer-hydration.server'

const page = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N1"/><link rel="modulepreload" href="/assets/root-B.js" nonce="N1"/>',
  '<link nonce="N1" rel="stylesheet" href="/assets/root.css"/></head><body><main><a href="/store">Shop</a></main>',
  '<script nonce="N1">window.__reactRouterContext = {};</script>',
  '<script nonce="N1" type="module" async="">import * as route0 from "/assets/root-B.js";\nimport("/assets/entry.client-A.js");</script>',
  '<script nonce="N1">window.__reactRouterContext.streamController.close();</script></body></html>',
].join('')

/** Runs the transform over the page cut into chunks of the given size (chunk boundaries anywhere). */
async function transform(html: string, chunkSize: number): Promise<string> {
  const bytes = Buffer.from(html)
  const chunks: Buffer[] = []
  for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize))
  let out = ''
  for await (const chunk of Readable.from(chunks).pipe(createDeferHydrationTransform())) out += String(chunk)
  return out
}

/** Runs the inline loader the transform wrote, in a fake document, and returns what it added. */
function runLoader(html: string, visibilityState: 'visible' | 'hidden') {
  const script = /<script nonce="N1">(\(function\(\)\{var d=document[\s\S]*?)<\/script>/.exec(html)?.[1]
  if (!script) throw new Error('no loader script')
  const added: { tag: string; props: Record<string, string> }[] = []
  const frames: (() => void)[] = []
  const make = (tag: string) => ({ tag, props: {} as Record<string, string> })
  const document = {
    visibilityState,
    createElement: (tag: string) => {
      const el = make(tag)
      return new Proxy(el, { set: (_t, key, value) => ((el.props[String(key)] = String(value)), true) })
    },
    head: { appendChild: (el: { tag: string; props: Record<string, string> }) => added.push(el) },
    body: { appendChild: (el: { tag: string; props: Record<string, string> }) => added.push(el) },
  }
  const timers: (() => void)[] = []
  new Function('document', 'requestAnimationFrame', 'setTimeout', script)(
    document,
    (f: () => void) => frames.push(f),
    (f: () => void) => timers.push(f),
  )
  return { added, frames, timers }
}

describe('deferring the page scripts until after the first paint', () => {
  it('takes the module preload links out of the head and the module script out of the body, whatever the chunk boundaries', async () => {
    for (const size of [1, 7, 64, 100_000]) {
      const out = await transform(page, size)
      expect(out).not.toContain('<link rel="modulepreload"')
      expect(out).not.toContain('type="module" async=""')
      // Everything else is untouched and in order.
      expect(out).toContain('<link nonce="N1" rel="stylesheet" href="/assets/root.css"/></head><body><main><a href="/store">Shop</a></main>')
      expect(out.indexOf('window.__reactRouterContext = {}')).toBeLessThan(out.indexOf('(function(){var d=document'))
      expect(out.endsWith('<script nonce="N1">window.__reactRouterContext.streamController.close();</script></body></html>')).toBe(true)
    }
  })

  it('adds the same preload links and module script, with the nonce, only after the first frame', async () => {
    const { added, frames, timers } = runLoader(await transform(page, 50), 'visible')
    expect(added).toEqual([])
    frames.forEach((f) => f())
    timers[timers.length - 1]!()
    expect(added.map((el) => [el.tag, el.props.rel ?? el.props.type, el.props.href ?? null, el.props.nonce])).toEqual([
      ['script', 'module', null, 'N1'],
      ['link', 'modulepreload', '/assets/entry.client-A.js', 'N1'],
      ['link', 'modulepreload', '/assets/root-B.js', 'N1'],
    ])
    expect(added[0]!.props.textContent).toBe('import * as route0 from "/assets/root-B.js";\nimport("/assets/entry.client-A.js");')
    // The fallback timer does not start it twice.
    timers.forEach((f) => f())
    expect(added).toHaveLength(3)
  })

  it(`adds the preload links ${PRELOADS_PER_TASK} per task, after the module script`, async () => {
    const hrefs = Array.from({ length: 2 * PRELOADS_PER_TASK + 1 }, (_, i) => `/assets/chunk-${i}.js`)
    const many = page.replace(
      /<link rel="modulepreload"[^>]*\/><link rel="modulepreload"[^>]*\/>/,
      hrefs.map((h) => `<link rel="modulepreload" href="${h}" nonce="N1"/>`).join(''),
    )
    const { added, frames, timers } = runLoader(await transform(many, 64), 'visible')
    frames.forEach((f) => f())
    // The frame's timer and the 3-second fallback: the first starts the loader, the second finds it started.
    timers.splice(0).forEach((f) => f())
    const links = () => added.filter((el) => el.tag === 'link').map((el) => el.props.href)
    expect(added[0]!.tag).toBe('script')
    expect(links()).toEqual(hrefs.slice(0, PRELOADS_PER_TASK))
    timers.shift()!()
    expect(links()).toEqual(hrefs.slice(0, 2 * PRELOADS_PER_TASK))
    timers.shift()!()
    expect(links()).toEqual(hrefs)
    expect(timers).toEqual([])
  })

  it('starts at once, every link included, in a tab opened in the background', async () => {
    const { added, timers } = runLoader(await transform(page, 50), 'hidden')
    expect(added.map((el) => el.tag)).toEqual(['script', 'link', 'link'])
    expect(timers).toHaveLength(1) // the fallback only
  })

  it('passes a document without the module script (an error page without scripts) through unchanged', async () => {
    const plain = '<!DOCTYPE html><html><head><title>x</title></head><body><p>Hello</p></body></html>'
    expect(await transform(plain, 5)).toBe(plain)
    expect(await transform('<p>no head at all</p>', 3)).toBe('<p>no head at all</p>')
  })

  it('keeps multi-byte characters cut by a chunk boundary intact', async () => {
    const withEmoji = page.replace('Shop', 'Holiday Gifts 🎁 – café')
    expect(await transform(withEmoji, 3)).toContain('Holiday Gifts 🎁 – café')
  })

  it('finds the module script without a nonce, and leaves a look-alike tag with other attributes alone', async () => {
    const noNonce = page.replaceAll(' nonce="N1"', '').replace('<main>', '<main><script data-x="1" type="module" async="">/* not ours */</script>')
    for (const size of [1, 13, 100_000]) {
      const out = await transform(noNonce, size)
      expect(out).toContain('<script data-x="1" type="module" async="">/* not ours */</script>')
      expect(out).toContain('<script>(function(){var d=document,n="",started=false;')
      expect(out).toContain(JSON.stringify('import * as route0 from "/assets/root-B.js";\nimport("/assets/entry.client-A.js");'))
      expect(out).not.toContain('<script type="module" async="">')
    }
  })
})
