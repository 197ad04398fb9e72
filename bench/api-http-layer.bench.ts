// `npm run bench:api-http`: the CPU the app server's HTTP layer costs per POST /api/v3/orders, with the orders
// service replaced by a stub that answers a fixed 10-line order (no database): Node's HTTP parser,
// @hono/node-server, the app's middleware (request id, log line, security headers, compression, CSRF, body
// reading and limits), the route's zod validation and the JSON answer. The server runs in a child process
// (as in bench:checkout-http); 32 keep-alive clients send 16,000 requests per round, and the server's CPU per
// request is printed (process.cpuUsage, which drifts far less with the machine's load than wall time).
// docs/decisions/025, amendment h10. PROF=dir: a CPU profile of the server.
import { fork } from 'node:child_process'
import http from 'node:http'
import { freePort } from '~/db/embedded-postgres.server'
if (process.argv[2] === 'server') {
  const { serve } = await import('@hono/node-server')
  const { createApp } = await import('../server/app')
  const { createLogger } = await import('~/lib/logger.server')
  const order = { id: '3f1c2a9e-8d0b-4c5e-9a7f-1b2c3d4e5f60', status: 'paid', email: 'c1@example.test', createdAt: new Date().toISOString(),
    shipsTo: { kind: 'buyer', address: { name: 'Bench Buyer', line1: '1 Bench Street', line2: '', city: 'Columbus', state: 'OH', zip: '43215' } },
    lines: Array.from({ length: 10 }, (_, i) => ({ productId: i + 1, title: 'Hot product ' + i, options: {}, quantity: 1, unitPriceCents: 1111, lineTotalCents: 1111, discountCents: 0, warehouseId: 1, regItemId: null })),
    shipments: [{ warehouseId: 1, status: 'pending', lineCount: 10 }], subtotalCents: 11110, discountCents: 0, shippingCents: 0, taxCents: 800, totalCents: 11910,
    payment: { cardBrand: 'visa', cardLast4: '4242' }, tenders: [], cardChargeCents: 11910 }
  const services = { orders: { place: async (_v: unknown, input: { email: string }) => { if (input.email !== 'c1@example.test') throw new Error('x'); return { order, created: true } } }, cart: {}, accounts: { validateSession: async () => null } } as never
  const logger = createLogger('info')
  const app = createApp({ services, logger, supportEmail: 'x@example.test' })
  serve({ fetch: app.fetch, port: Number(process.argv[3]), hostname: '127.0.0.1' }, () => process.send!('ready'))
  process.on('message', () => process.send!(process.cpuUsage()))
  process.on('SIGTERM', () => process.exit(0))
} else {
  const port = await freePort()
  const child = fork(import.meta.filename, ['server', String(port)], { execArgv: ['--import', 'tsx', ...(process.env.PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF}`] : [])], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] })
  await new Promise((r) => child.once('message', r))
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 })
  const body = JSON.stringify({ idempotencyKey: 'bench-abcdef-1-2', email: 'c1@example.test', name: 'Bench Buyer', shippingAddress: { name: 'Bench Buyer', line1: '1 Bench Street', line2: '', city: 'Columbus', state: 'OH', zip: '43215' }, card: { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 1, cvc: '123' } })
  const post = () => new Promise<number>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/api/v3/orders', method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Cookie: 'nestlist_cart=bencha1b2c3d4e5f61x7xpaddingpadding' } }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode!)) })
    req.on('error', reject); req.end(body) })
  const cpu = () => new Promise<NodeJS.CpuUsage>((r) => { child.once('message', (m) => r(m as NodeJS.CpuUsage)); child.send('cpu') })
  const run = async (n: number) => { let bad = 0; await Promise.all(Array.from({ length: 32 }, async () => { for (let i = 0; i < n / 32; i++) if ((await post()) !== 201) bad++ })); return bad }
  await run(3200)
  for (let round = 0; round < 3; round++) {
    const c0 = await cpu(); const bad = await run(16000); const c1 = await cpu()
    console.log(`round ${round}: server ${((c1.user - c0.user + c1.system - c0.system) / 16000).toFixed(1)} µs CPU per request${bad ? `, ${bad} not 201` : ''}`)
  }
  child.kill('SIGTERM'); agent.destroy()
}
