// Before a build replaces build/ (React Router's build empties it), the fingerprinted assets of build/client move to
// build-previous/assets, where the server still serves them (server/app.ts): a browser holding a page of the build before asks for its chunks after the deploy
// and gets them (app/lib/chunk-load.ts reloads the page when one is gone all the same). Kept for KEEP_DAYS after they
// were replaced, then removed by a later build.
import fs from 'node:fs'
import path from 'node:path'

export const KEEP_DAYS = 7

/** Moves `root`/build/client/assets/* into `root`/build-previous/assets and drops what was kept longer than KEEP_DAYS. */
export function keepPreviousAssets(root = process.cwd(), now = Date.now()) {
  const current = path.join(root, 'build', 'client', 'assets')
  const kept = path.join(root, 'build-previous', 'assets')
  fs.mkdirSync(kept, { recursive: true })
  const at = new Date(now)
  let moved = 0
  if (fs.existsSync(current)) {
    for (const name of fs.readdirSync(current)) {
      const target = path.join(kept, name)
      fs.rmSync(target, { force: true })
      fs.renameSync(path.join(current, name), target)
      // The time it was replaced, not built: what KEEP_DAYS counts from.
      fs.utimesSync(target, at, at)
      moved++
    }
  }
  let dropped = 0
  for (const name of fs.readdirSync(kept)) {
    const file = path.join(kept, name)
    if (now - fs.statSync(file).mtimeMs > KEEP_DAYS * 86_400_000) {
      fs.rmSync(file, { force: true })
      dropped++
    }
  }
  return { moved, dropped }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { moved, dropped } = keepPreviousAssets()
  if (moved || dropped) console.log(`previous build's assets: ${moved} kept in build-previous/assets, ${dropped} older than ${KEEP_DAYS} days removed`)
}
