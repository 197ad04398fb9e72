// Which shipment each new order line travels in (docs/decisions/024). Called by placeOrder inside the order's
// transaction, so an order and its place in a box commit together.
import { sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { HOLD_AT_MOST_DAYS, HOLD_UNTIL_DAYS_BEFORE_ARRIVAL, type ShipmentStatus } from './shipping.validation'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export type NewOrderLine = { id: number; warehouseId: number; registryId: number | null }
/** What the buyer's order view shows of each box (same shape as OrderView['shipments']). */
export type AssignedShipment = { warehouseId: number; status: ShipmentStatus; lineCount: number }

const day = (d: Date) => d.toISOString().slice(0, 10)
const addDays = (isoDay: string, days: number) => day(new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * 86_400_000))

/**
 * The day held gifts for a registry ship by themselves: HOLD_UNTIL_DAYS_BEFORE_ARRIVAL before a known arrival
 * date, else HOLD_AT_MOST_DAYS after the box was opened. Pure, shared by the sweep's SQL twin and the pages.
 */
export function autoShipDay(registry: { arrivalDate: string | null; isArrivalDateKnown: boolean }, openedAt: Date): string {
  if (registry.isArrivalDateKnown && registry.arrivalDate) return addDays(registry.arrivalDate, -HOLD_UNTIL_DAYS_BEFORE_ARRIVAL)
  return addDays(day(openedAt), HOLD_AT_MOST_DAYS)
}

/** The same rule in SQL, over `shipments s` joined to `registries r` (for the sweep and the lists). */
export const autoShipDaySql = sql.raw(
  `coalesce(case when r.is_arrival_date_known then r.arrival_date - ${HOLD_UNTIL_DAYS_BEFORE_ARRIVAL} end, (s.created_at at time zone 'UTC')::date + ${HOLD_AT_MOST_DAYS})`,
)

/**
 * Puts a new order's lines into shipments. A shopper's own lines: one new shipment per warehouse, status
 * processing. Registry gifts: the registry's open consolidated shipment for that warehouse (status held,
 * created if none), shared by every order that buys for the registry, unless the family's arrival date is
 * too close to wait: then a shipment of their own, processing at once.
 */
export async function assignShipments(tx: Tx, order: { id: string; registryId: number | null }, lines: NewOrderLine[], now: Date): Promise<AssignedShipment[]> {
  const at = now.toISOString()
  const own = lines.filter((l) => l.registryId === null)
  const gifts = lines.filter((l) => l.registryId !== null)
  const result: AssignedShipment[] = []

  if (own.length > 0) {
    // One statement: a shipment per warehouse, and every line into its warehouse's shipment.
    const rows = own.map((l) => ({ id: l.id, warehouse_id: l.warehouseId }))
    await tx.execute(sql`
      with lines as (select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as l(id bigint, warehouse_id int)),
      boxes as (
        insert into shipments (order_id, warehouse_id, status, created_at, updated_at)
        select ${order.id}::uuid, w, 'processing', ${at}::timestamptz, ${at}::timestamptz
        from (select distinct warehouse_id as w from lines) d order by w
        returning id, warehouse_id
      )
      insert into shipment_lines (shipment_id, order_line_id) select b.id, l.id from lines l join boxes b using (warehouse_id)`)
    for (const w of [...new Set(own.map((l) => l.warehouseId))]) result.push({ warehouseId: w, status: 'processing', lineCount: own.filter((l) => l.warehouseId === w).length })
  }

  const byRegistryAndSite = new Map<string, NewOrderLine[]>()
  for (const g of gifts) {
    const k = `${g.registryId}:${g.warehouseId}`
    byRegistryAndSite.set(k, [...(byRegistryAndSite.get(k) ?? []), g])
  }
  for (const group of [...byRegistryAndSite.values()].sort((a, b) => a[0]!.registryId! - b[0]!.registryId! || a[0]!.warehouseId - b[0]!.warehouseId)) {
    const { registryId, warehouseId } = group[0]!
    const [registry] = (
      await tx.execute<{ arrival_date: string | null; is_arrival_date_known: boolean }>(sql`select arrival_date::text, is_arrival_date_known from registries where id = ${registryId}`)
    ).rows
    const hold = registry ? autoShipDay({ arrivalDate: registry.arrival_date, isArrivalDateKnown: registry.is_arrival_date_known }, now) > day(now) : false
    // Joining the open box locks it (do update), so 'Ship now' on it waits for this order, or this order opens a new one.
    const box = hold
      ? await tx.execute<{ id: number }>(sql`
          insert into shipments (registry_id, warehouse_id, status, created_at, updated_at)
          values (${registryId}, ${warehouseId}, 'held', ${at}::timestamptz, ${at}::timestamptz)
          on conflict (registry_id, warehouse_id) where status = 'held' do update set updated_at = excluded.updated_at
          returning id`)
      : await tx.execute<{ id: number }>(sql`
          insert into shipments (order_id, registry_id, warehouse_id, status, released_at, release_reason, created_at, updated_at)
          values (${order.id}::uuid, ${registryId}, ${warehouseId}, 'processing', ${at}::timestamptz, 'automatic', ${at}::timestamptz, ${at}::timestamptz)
          returning id`)
    const shipmentId = box.rows[0]!.id
    await tx.execute(sql`
      insert into shipment_lines (shipment_id, order_line_id)
      select ${shipmentId}, x::bigint from jsonb_array_elements_text(${JSON.stringify(group.map((l) => l.id))}::jsonb) as x`)
    result.push({ warehouseId, status: hold ? 'held' : 'processing', lineCount: group.length })
  }
  return result.sort((a, b) => a.warehouseId - b.warehouseId)
}
