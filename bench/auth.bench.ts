// `npm run bench:auth`: sign-in timing for a known email with a wrong password vs an unknown email, and a
// successful sign-in, against a fresh server (or BASE_URL). Unknown emails run a dummy argon2id check so that
// the two failures cannot be told apart by time; this prints both so anyone can see it.
import fs from 'node:fs'
import { makeDataDir, startServer, stopServer } from '../tests/e2e/support/server'

const ROUNDS = Number(process.env.ROUNDS ?? 40)
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

const external = process.env.BASE_URL
const dataDir = external ? undefined : makeDataDir()
const server = external ? undefined : await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' })
const baseUrl = external ?? server!.baseUrl

async function signIn(email: string, password: string) {
  const t0 = performance.now()
  const res = await fetch(`${baseUrl}/api/v3/user_session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  await res.arrayBuffer()
  return { ms: performance.now() - t0, status: res.status }
}

try {
  const email = `bench-${Date.now()}@example.test`
  const password = 'benchmarking sign in time'
  const created = await fetch(`${baseUrl}/api/v3/user`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ firstName: 'Bench', lastName: 'Mark', email, password }),
  })
  if (created.status !== 201) throw new Error(`sign-up failed: ${created.status}`)
  const series: Record<string, number[]> = { 'known email, wrong password': [], 'unknown email': [], 'right password': [] }
  // interleaved, so drift on this shared machine hits all three alike
  for (let i = 0; i < ROUNDS; i++) {
    const a = await signIn(email, `wrong ${i}`)
    const b = await signIn(`nobody-${i}-${Date.now()}@example.test`, `wrong ${i}`)
    const c = await signIn(email, password)
    if (a.status !== 401 || b.status !== 401 || c.status !== 200) throw new Error(`unexpected statuses ${a.status} ${b.status} ${c.status}`)
    series['known email, wrong password']!.push(a.ms)
    series['unknown email']!.push(b.ms)
    series['right password']!.push(c.ms)
  }
  console.log(`${ROUNDS} sign-ins of each kind over loopback (argon2id m=19456 KiB, t=2, p=1)`)
  for (const [name, times] of Object.entries(series)) {
    times.sort((x, y) => x - y)
    console.log(`${name.padEnd(30)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms`)
  }
} finally {
  if (server) await stopServer(server)
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
}
