// The browser's scripts and stylesheet (build/client/assets) are fingerprinted and never change while the server
// runs: each is read once, with the brotli and Zopfli gzip copies scripts/build-server.mjs wrote next to it, and
// answered from memory after that. Read from disk on every request (a stat, an open, a stream), a script cost ~0.7 ms
// of server CPU; the stylesheet is in the way of every first paint (docs/decisions/028-shop-server-render.md,
// amendment h26). Anything this does not answer (a file that is not there, a range request) goes on to the static
// file handler after it.
import fs from 'node:fs/promises'
import path from 'node:path'
import type { MiddlewareHandler } from 'hono'
import { getMimeType } from 'hono/utils/mime'
import { chooseEncoding, sendImmutableCopy } from './immutable-copies'

/** Files kept at most (a build has ~200 besides the compressed copies); a guard, not a working limit. */
export const BUILT_ASSETS_KEPT = 2000
/** A built file's name: no directories, no dot-segments. */
const NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/

type Kept = { plain: Buffer; br?: Buffer; gzip?: Buffer; type: string }

async function readIfThere(file: string) {
  try {
    return await fs.readFile(file)
  } catch {
    return undefined
  }
}

/** Answers GET and HEAD /assets/{name} from memory; `clientDir` is the built client (build/client). */
export function builtAssets(clientDir: string, kept = BUILT_ASSETS_KEPT): MiddlewareHandler {
  const dir = path.resolve(clientDir, 'assets')
  const files = new Map<string, Kept>()
  return async (c, next) => {
    const method = c.req.method
    if ((method !== 'GET' && method !== 'HEAD') || c.req.header('range') !== undefined) return next()
    const name = c.req.path.slice('/assets/'.length)
    if (!NAME.test(name) || name.endsWith('.br') || name.endsWith('.gz')) return next()
    let file = files.get(name)
    if (!file) {
      const full = path.join(dir, name)
      const [plain, br, gzip] = await Promise.all([readIfThere(full), readIfThere(`${full}.br`), readIfThere(`${full}.gz`)])
      if (!plain) return next()
      if (files.size >= kept) files.delete(files.keys().next().value as string)
      file = {
        plain,
        br,
        gzip,
        type: getMimeType(name) ?? 'application/octet-stream',
      }
      files.set(name, file)
    }
    const encoding = chooseEncoding(c.req.header('accept-encoding'), { br: file.br !== undefined, gzip: file.gzip !== undefined })
    const body = encoding === 'br' ? file.br! : encoding === 'gzip' ? file.gzip! : file.plain
    return sendImmutableCopy(c, { body, encoding, type: file.type, compressed: file.br !== undefined || file.gzip !== undefined })
  }
}
