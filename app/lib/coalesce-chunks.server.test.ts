import { describe, expect, test } from 'vitest'
import { createCoalescingTransform } from './coalesce-chunks.server'

function collect(stream: NodeJS.ReadableStream) {
  const chunks: string[] = []
  stream.on('data', (c: Buffer) => chunks.push(c.toString('utf8')))
  return { chunks, done: new Promise<void>((resolve) => stream.on('end', () => resolve())) }
}

describe('createCoalescingTransform', () => {
  test('writes of one turn leave as one chunk; a later write as another; the end sends what is left', async () => {
    const stream = createCoalescingTransform()
    const out = collect(stream)
    for (let i = 0; i < 50; i++) stream.write(Buffer.from(`<li>${i}é</li>`))
    await new Promise((r) => setImmediate(r))
    await new Promise((r) => setImmediate(r))
    expect(out.chunks).toHaveLength(1)
    // Something that resolves later (a Suspense boundary) is not held back until the end.
    stream.write('<template>late</template>')
    await new Promise((r) => setTimeout(r, 5))
    expect(out.chunks).toHaveLength(2)
    stream.write('<p>last</p>')
    stream.end('</html>')
    await out.done
    expect(out.chunks).toHaveLength(3)
    expect(out.chunks.join('')).toBe(`${Array.from({ length: 50 }, (_, i) => `<li>${i}é</li>`).join('')}<template>late</template><p>last</p></html>`)
  })

  test('a destroyed stream drops what it holds and sends nothing more', async () => {
    const stream = createCoalescingTransform()
    const out = collect(stream)
    stream.write('<p>partial</p>')
    stream.on('error', () => {})
    stream.destroy(new Error('aborted'))
    await new Promise((r) => setTimeout(r, 5))
    expect(out.chunks).toEqual([])
    expect(stream.destroyed).toBe(true)
  })
})
