import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '~/db/embedded-postgres.server'
import { SERVER_NODE_FLAGS } from '../../../scripts/server-node-flags.mjs'

export type RunningServer = {
  baseUrl: string
  process: ChildProcess
  output: () => string
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>
}

const root = path.resolve(import.meta.dirname, '..', '..', '..')

/** A temporary data directory the `postgres` system user can reach (we may run as root). */
export function makeDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nestlist-e2e-'))
  fs.chmodSync(dir, 0o755)
  return dir
}

/**
 * Starts the built server (build/server/main.js) as `npm start` would (with its Node flags), and waits for it to be
 * healthy. `root` runs the build of another folder (a copy, as a deploy test makes); `env.PORT` picks the port.
 */
export async function startServer(env: Record<string, string | undefined>, options: { waitForHealthy?: boolean; root?: string } = {}): Promise<RunningServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort()
  const from = options.root ?? root
  let output = ''
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(from, 'build', 'server', 'main.js')], {
    cwd: from,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()))
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const server = { baseUrl: `http://127.0.0.1:${port}`, process: child, output: () => output, exited }
  if (options.waitForHealthy === false) return server
  const until = Date.now() + 180_000
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`)
    try {
      const res = await fetch(`${server.baseUrl}/healthz`)
      if (res.ok) return server
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  child.kill('SIGKILL')
  throw new Error(`server did not become healthy:\n${output}`)
}

/** Stops a server the way Ctrl-C does and waits for it to finish. */
export async function stopServer(server: RunningServer, signal: NodeJS.Signals = 'SIGINT'): Promise<number | null> {
  if (server.process.exitCode === null) server.process.kill(signal)
  return server.exited
}
