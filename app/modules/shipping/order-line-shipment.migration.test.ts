// Migration 0019 (docs/decisions/025, amendment h10): order_lines.shipment_id replaces the shipment_lines table.
// An install that has orders keeps every line in its box: the database is migrated up to 0018, given a shop
// order's box and a registry's consolidated box (lines of two orders) plus a line taken out of its box, then
// migrated to the end.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { migrationsDir } from '~/db/migrate.server'
import { dropDatabase, startTestPostgres, urlWithDatabase } from '../../../tests/support/postgres-server'

const NAME = `nestlist_migration_0019_${process.pid}`
let server: Awaited<ReturnType<typeof startTestPostgres>>
let client: pg.Client
let before: string

async function migrateWith(folder: string) {
  await migrate(drizzle(client), { migrationsFolder: folder, migrationsSchema: 'drizzle', migrationsTable: '__migrations' })
}

beforeAll(async () => {
  server = await startTestPostgres()
  const admin = new pg.Client({ connectionString: server.adminUrl })
  await admin.connect()
  await admin.query(`drop database if exists ${NAME}`)
  await admin.query(`create database ${NAME}`)
  await admin.end()
  client = new pg.Client({ connectionString: urlWithDatabase(server.adminUrl, NAME) })
  await client.connect()
  // The committed migrations up to 0018 only: a copy of the folder with the journal cut there.
  before = fs.mkdtempSync(path.join(os.tmpdir(), 'nestlist-migrations-'))
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir(), 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] }
  journal.entries = journal.entries.filter((e) => e.idx <= 18)
  fs.mkdirSync(path.join(before, 'meta'))
  fs.writeFileSync(path.join(before, 'meta', '_journal.json'), JSON.stringify(journal))
  for (const e of journal.entries) fs.copyFileSync(path.join(migrationsDir(), `${e.tag}.sql`), path.join(before, `${e.tag}.sql`))
})

afterAll(async () => {
  await client?.end()
  if (before) fs.rmSync(before, { recursive: true, force: true })
  if (server) {
    await dropDatabase(server.adminUrl, NAME)
    await server.stop()
  }
})

test('every order line keeps its box when shipment_lines becomes order_lines.shipment_id', async () => {
  await migrateWith(before)
  const q = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows
  const order = async (key: string) =>
    (
      await q<{ id: string }>(
        `insert into orders (email, buyer_name, idempotency_key, fingerprint, status, shipping_address, tax_state, subtotal_cents, shipping_cents, discount_cents, tax_cents, total_cents)
         values ('sam@example.test', 'Sam', $1, 'f', 'paid', '{"name":"Sam","line1":"1 Main St","line2":"","city":"Columbus","state":"OH","zip":"43215"}', 'OH', 3000, 0, 0, 0, 3000) returning id`,
        [key],
      )
    )[0]!.id
  const line = async (orderId: string, title: string) =>
    (await q<{ id: string }>(`insert into order_lines (order_id, title, quantity, unit_price_cents, line_total_cents, warehouse_id) values ($1, $2, 1, 1000, 1000, 1) returning id`, [orderId, title]))[0]!.id
  const box = async (orderId: string | null) =>
    (await q<{ id: string }>(`insert into shipments (order_id, warehouse_id, status) values ($1, 1, $2) returning id`, [orderId, orderId ? 'processing' : 'held']))[0]!.id
  const first = await order('migration-first')
  const second = await order('migration-second')
  const own = await box(first)
  const consolidated = await box(null)
  const lines = { a: await line(first, 'A'), b: await line(first, 'B'), gift1: await line(first, 'Gift 1'), gift2: await line(second, 'Gift 2'), out: await line(second, 'Returned before it left') }
  await q(`insert into shipment_lines (shipment_id, order_line_id) values ($1, $2), ($1, $3), ($4, $5), ($4, $6)`, [own, lines.a, lines.b, consolidated, lines.gift1, lines.gift2])

  await migrateWith(migrationsDir())

  const after = await q<{ title: string; shipment_id: string | null }>(`select title, shipment_id from order_lines order by id`)
  expect(after).toEqual([
    { title: 'A', shipment_id: own },
    { title: 'B', shipment_id: own },
    { title: 'Gift 1', shipment_id: consolidated },
    { title: 'Gift 2', shipment_id: consolidated },
    { title: 'Returned before it left', shipment_id: null },
  ])
  expect(await q(`select to_regclass('shipment_lines') as t`)).toEqual([{ t: null }])
  // The new foreign key: a box removed takes no line with it (the line only leaves the box).
  await q(`delete from shipments where id = $1`, [consolidated])
  expect(await q(`select count(*)::int as n from order_lines where title like 'Gift%' and shipment_id is null`)).toEqual([{ n: 2 }])
})
