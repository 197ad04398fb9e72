// Several Nestlist processes on one PostgreSQL behind nginx (docs/deploy.md). Used by `npm run cluster` and by the
// browser test that runs the shop through it (tests/e2e/cluster.spec.ts).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '~/db/embedded-postgres.server'
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs'

const root = path.resolve(import.meta.dirname, '..')

export type ClusterNode = {
  index: number
  port: number
  url: string
  /** Ends the process at once (as a crash would) and waits for it. */
  kill(): Promise<void>
  /** Starts the process again on the same port and waits until it is healthy. */
  restart(): Promise<void>
  alive(): boolean
}

export type Cluster = {
  /** The load balancer's address: what browsers open. */
  url: string
  nodes: ClusterNode[]
  /** The nginx configuration this run filled in from deploy/nginx.conf. */
  configPath: string
  /** Everything the processes printed, prefixed with the node's number (for a failing test's message). */
  output(): string
  stop(): Promise<void>
}

export type ClusterOptions = {
  nodes: number
  /** The port nginx listens on (0: a free one). */
  port: number
  /** One PostgreSQL 15+ for every node. */
  databaseUrl: string
  /** Shared by the nodes for APP_SECRET's file (every node must encrypt with the same key). */
  dataDir: string
  /** Extra settings for every node (PUBLIC_URL, ALLOWED_HOSTS, LOG_LEVEL…). */
  env?: Record<string, string>
  /** Print what the nodes and nginx print, as they print it. */
  echo?: boolean
  nginx?: string
}

/** Where Debian's nginx package puts the binary, else the first `nginx` on PATH; null when there is none. */
export function findNginx(): string | null {
  for (const candidate of [process.env.NGINX_PATH, '/usr/sbin/nginx']) if (candidate && fs.existsSync(candidate)) return candidate
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' })
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null
}

/** deploy/nginx.conf with this run's values: listen port, the nodes as upstream servers, and a folder of its own. */
export function nginxConfig(options: { port: number; nodePorts: number[]; prefix: string; runAsRoot: boolean }): string {
  const template = fs.readFileSync(path.join(root, 'deploy', 'nginx.conf'), 'utf8')
  const servers = options.nodePorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')
  return template
    .replaceAll('{{USER}}', options.runAsRoot ? 'user root;' : '')
    .replaceAll('{{PREFIX}}', options.prefix)
    .replaceAll('{{LISTEN}}', `127.0.0.1:${options.port}`)
    .replaceAll('{{UPSTREAM_SERVERS}}', servers)
}

async function waitHealthy(url: string, isAlive: () => boolean, output: () => string, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (!isAlive()) throw new Error(`a Nestlist node exited before it was ready:\n${output().slice(-4000)}`)
    try {
      if ((await fetch(`${url}/healthz`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`${url} did not become healthy:\n${output().slice(-4000)}`)
}

/**
 * Starts `nodes` Nestlist processes (the built server, as `npm start` runs it) on free loopback ports, all on one
 * database, and nginx in front of them. The first node starts alone (it migrates and seeds), then the others.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const nginxBinary = options.nginx ?? findNginx()
  if (!nginxBinary) throw new Error('nginx is not installed: `apt-get install -y nginx` (Debian), or set NGINX_PATH.')
  const port = options.port || (await freePort())
  const url = `http://127.0.0.1:${port}`
  let output = ''
  const say = (prefix: string) => (chunk: Buffer) => {
    const text = chunk
      .toString()
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => `[${prefix}] ${line}\n`)
      .join('')
    output += text
    if (options.echo) process.stdout.write(text)
  }
  const nodeEnv = (nodePort: number): NodeJS.ProcessEnv => ({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    // Links in emails name the load balancer; the nodes believe X-Forwarded-For from it alone (docs/decisions/033, 034).
    PUBLIC_URL: url,
    TRUSTED_PROXIES: '127.0.0.1, ::1',
    ...options.env,
    PORT: String(nodePort),
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
  })

  const nodes: ClusterNode[] = []
  const processes: ChildProcess[] = []
  const startNode = (index: number, nodePort: number) => {
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'build', 'server', 'main.js')], {
      cwd: root,
      env: nodeEnv(nodePort),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout?.on('data', say(`node ${index}`))
    child.stderr?.on('data', say(`node ${index}`))
    processes[index - 1] = child
    return child
  }
  const makeNode = async (index: number): Promise<ClusterNode> => {
    const nodePort = await freePort()
    const nodeUrl = `http://127.0.0.1:${nodePort}`
    startNode(index, nodePort)
    const current = () => processes[index - 1]!
    const alive = () => current().exitCode === null && current().signalCode === null
    await waitHealthy(nodeUrl, alive, () => output)
    return {
      index,
      port: nodePort,
      url: nodeUrl,
      alive,
      async kill() {
        if (!alive()) return
        const exited = new Promise((resolve) => current().once('exit', resolve))
        current().kill('SIGKILL')
        await exited
      },
      async restart() {
        startNode(index, nodePort)
        await waitHealthy(nodeUrl, alive, () => output)
      },
    }
  }

  let nginx: ChildProcess | undefined
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'nestlist-nginx-'))
  const conf = path.join(prefix, 'nginx.conf')
  const stopAll = async () => {
    const exits: Promise<void>[] = processes
      .filter((p) => p && p.exitCode === null && p.signalCode === null)
      .map((p) => new Promise<void>((resolve) => p.once('exit', () => resolve())))
    for (const p of processes) if (p && p.exitCode === null) p.kill('SIGINT')
    if (nginx && nginx.exitCode === null) {
      exits.push(new Promise<void>((r) => nginx!.once('exit', () => r())))
      nginx.kill('SIGQUIT')
    }
    await Promise.all(exits)
    fs.rmSync(prefix, { recursive: true, force: true })
  }
  try {
    nodes.push(await makeNode(1))
    nodes.push(...(await Promise.all(Array.from({ length: options.nodes - 1 }, (_, i) => makeNode(i + 2)))))
    for (const dir of ['cache', 'temp']) fs.mkdirSync(path.join(prefix, dir), { recursive: true, mode: 0o777 })
    const runAsRoot = process.getuid?.() === 0
    fs.writeFileSync(conf, nginxConfig({ port, nodePorts: nodes.map((n) => n.port), prefix, runAsRoot }))
    const check = spawnSync(nginxBinary, ['-t', '-q', '-p', prefix, '-c', conf], { encoding: 'utf8' })
    if (check.status !== 0) throw new Error(`nginx refused the configuration:\n${check.stderr}`)
    nginx = spawn(nginxBinary, ['-p', prefix, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] })
    nginx.stdout?.on('data', say('nginx'))
    nginx.stderr?.on('data', say('nginx'))
    await waitHealthy(url, () => nginx!.exitCode === null, () => output, 20_000)
  } catch (error) {
    await stopAll()
    throw error
  }
  return { url, nodes, configPath: conf, output: () => output, stop: stopAll }
}
