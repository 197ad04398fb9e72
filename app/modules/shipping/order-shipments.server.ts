// The boxes one order's lines travel in, for the buyer's order view (orders module).
import { sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import type { AssignedShipment } from './shipment-assignment.server'

/** Each shipment holding lines of this order, with how many of the order's lines are in it (a consolidated box holds others' too). */
export async function orderShipmentSummaries(db: Db, orderId: string): Promise<AssignedShipment[]> {
  const rows = await db.execute<{ warehouse_id: number; status: AssignedShipment['status']; line_count: number }>(sql`
    select s.warehouse_id, s.status, count(*)::int as line_count
    from order_lines l join shipments s on s.id = l.shipment_id
    where l.order_id = ${orderId}::uuid
    group by s.id, s.warehouse_id, s.status
    order by s.warehouse_id, s.id`)
  return rows.rows.map((r) => ({ warehouseId: r.warehouse_id, status: r.status, lineCount: r.line_count }))
}
