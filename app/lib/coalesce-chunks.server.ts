import { Transform } from 'node:stream'

/**
 * Joins the chunks written within one turn of the event loop into one (docs/decisions/028, amendment of
 * 2026-11-24). React writes a rendered page to its stream in ~2 KB pieces, all at once when the shell is
 * ready: a 110 KB category page is ~55 writes, and each went on through every stage after it (the
 * deferred-hydration rewrite, the web stream React Router returns, gzip, the socket) as its own chunk.
 * Joined, the page takes each stage once. Nothing waits: what is written in one turn leaves at the end of
 * that turn (setImmediate), so content that streams in later (a Suspense boundary resolving) still goes
 * out as soon as it is rendered.
 */
export function createCoalescingTransform(): Transform {
  let pending: Buffer[] = []
  let scheduled: NodeJS.Immediate | undefined
  const release = (stream: Transform) => {
    scheduled = undefined
    if (pending.length === 0) return
    const chunk = pending.length === 1 ? pending[0]! : Buffer.concat(pending)
    pending = []
    stream.push(chunk)
  }
  return new Transform({
    transform(chunk: Buffer | string, encoding, callback) {
      pending.push(typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk)
      scheduled ??= setImmediate(release, this)
      callback()
    },
    flush(callback) {
      if (scheduled) clearImmediate(scheduled)
      release(this)
      callback()
    },
    destroy(error, callback) {
      if (scheduled) clearImmediate(scheduled)
      scheduled = undefined
      pending = []
      callback(error)
    },
  })
}
