// `npm start`: builds Nestlist when there is no build (or the sources changed since), then runs the server.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
process.chdir(root)
const stamp = path.join(root, 'build', '.stamp')
const sources = ['app', 'server', 'public', 'package.json', 'vite.config.ts', 'react-router.config.ts', 'scripts/first-load-chunks.ts']

function newestMtime(entry) {
  const full = path.join(root, entry)
  if (!fs.existsSync(full)) return 0
  const stat = fs.statSync(full)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const child of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)))
  return newest
}

const outputs = ['build/server/main.js', 'build/server/index.js', 'build/client/assets'].map((p) => path.join(root, p))
const built = fs.existsSync(stamp) && outputs.every((p) => fs.existsSync(p)) ? fs.statSync(stamp).mtimeMs : 0
const stale = process.argv.includes('--rebuild') || built === 0 || sources.some((s) => newestMtime(s) > built)
if (stale) {
  process.stderr.write(built ? 'Sources changed since the last build: rebuilding Nestlist…\n' : 'Building Nestlist (first start)…\n')
  const result = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' })
  if (result.status !== 0) {
    process.stderr.write('The build failed; see the messages above.\n')
    process.exit(result.status ?? 1)
  }
}
// `npm run cluster` only needs the build: it starts the servers itself.
if (process.argv.includes('--build-only')) process.exit(0)
// React and React Router pick their production builds from NODE_ENV when they are first loaded.
process.env.NODE_ENV ??= 'production'
const main = path.join(root, 'build', 'server', 'main.js')
const missingFlags = SERVER_NODE_FLAGS.filter((flag) => !process.execArgv.includes(flag))
if (missingFlags.length === 0) {
  await import(pathToFileURL(main).href)
} else {
  // The server's V8 flags (scripts/server-node-flags.mjs) only work from process start: run it as a child
  // with them, in a process group of its own so that a Ctrl-C reaches it once, through this process (the
  // server takes a second signal as "exit now, skip the clean shutdown"). This process passes signals on,
  // waits for the server to finish shutting down and exits with its code.
  const child = spawn(process.execPath, [...process.execArgv, ...missingFlags, main], { stdio: 'inherit', detached: true })
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.exitCode === null && child.kill(signal))
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}
