// Which shipment each new order line travels in (docs/decisions/024). Called by placeOrder inside the order's
// transaction, before the lines are written (they name their box), so an order and its boxes commit together.
import { sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { HOLD_AT_MOST_DAYS, HOLD_UNTIL_DAYS_BEFORE_ARRIVAL, type ShipmentStatus } from './shipping.validation'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export type NewOrderLine = { warehouseId: number; registryId: number | null }
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
 * Opens the shipments a new order's lines go into, before the lines are written (each line names its box:
 * order_lines.shipment_id). A shopper's own lines: one new shipment per warehouse, status processing. Registry
 * gifts: the registry's open consolidated shipment for that warehouse (status held, created if none), shared by
 * every order that buys for the registry, unless the family's arrival date is too close to wait: then a
 * shipment of their own, processing at once. Returns what the order view shows and each line's box, in the
 * lines' order.
 */
export async function assignShipments(
  tx: Tx,
  order: { id: string; registryId: number | null },
  lines: NewOrderLine[],
  now: Date,
): Promise<{ shipments: AssignedShipment[]; shipmentIds: number[] }> {
  const at = now.toISOString()
  const own = lines.filter((l) => l.registryId === null)
  const result: AssignedShipment[] = []
  const boxOf = new Map<string, number>()
  const slot = (l: NewOrderLine) => `${l.registryId ?? ''}:${l.warehouseId}`

  if (own.length > 0) {
    // One statement: a shipment per warehouse.
    const sites = [...new Set(own.map((l) => l.warehouseId))].sort((a, b) => a - b)
    const boxes = await tx.execute<{ id: number; warehouse_id: number }>(sql`
      insert into shipments (order_id, warehouse_id, status, created_at, updated_at)
      select ${order.id}::uuid, w, 'processing', ${at}::timestamptz, ${at}::timestamptz
      from unnest(${sql.param(sites)}::int[]) as w order by w
      returning id, warehouse_id`)
    for (const b of boxes.rows) boxOf.set(`:${b.warehouse_id}`, Number(b.id))
    for (const w of sites) result.push({ warehouseId: w, status: 'processing', lineCount: own.filter((l) => l.warehouseId === w).length })
  }

  const byRegistryAndSite = new Map<string, NewOrderLine[]>()
  for (const g of lines.filter((l) => l.registryId !== null)) byRegistryAndSite.set(slot(g), [...(byRegistryAndSite.get(slot(g)) ?? []), g])
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
    boxOf.set(slot(group[0]!), Number(box.rows[0]!.id))
    result.push({ warehouseId, status: hold ? 'held' : 'processing', lineCount: group.length })
  }
  return { shipments: result.sort((a, b) => a.warehouseId - b.warehouseId), shipmentIds: lines.map((l) => boxOf.get(slot(l))!) }
}
