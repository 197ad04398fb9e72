// `npm run bench:seed -- --products 100000`: times the demo seed on a throwaway database and prints the figures.
import { parseArgs } from 'node:util'
import { createDb } from '~/db/client.server'
import { seedDemoData } from '~/db/seed.server'
import { createTemplateDatabase, dropDatabase, startTestPostgres } from '../tests/support/postgres-server'

const { values } = parseArgs({ options: { products: { type: 'string', default: '100000' } } })
const counts = values.products.split(',').map((n) => Number.parseInt(n, 10))

const server = await startTestPostgres()
try {
  for (const count of counts) {
    const name = `nestlist_bench_${process.pid}`
    const url = await createTemplateDatabase(server.adminUrl, name)
    const { db, pool } = createDb(url)
    const started = performance.now()
    await seedDemoData(db, pool, { products: count }, () => {})
    const seconds = (performance.now() - started) / 1000
    const { rows } = await pool.query<{ n: number; size: string }>(
      'select (select count(*) from products) as n, pg_size_pretty(pg_database_size(current_database())) as size',
    )
    console.log(`seed ${count.toLocaleString('en-US')} products: ${seconds.toFixed(1)} s (${Math.round(count / seconds).toLocaleString('en-US')} rows/s), ${rows[0]?.n} rows, database ${rows[0]?.size}`)
    await pool.end()
    await dropDatabase(server.adminUrl, name)
  }
} finally {
  await server.stop()
}
