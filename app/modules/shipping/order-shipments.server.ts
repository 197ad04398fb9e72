// The boxes one order's lines travel in, for the buyer's order view (orders module).
import { sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import type { AssignedShipment } from './shipment-assignment.server'

/** A box of one order as its buyer sees it: its id (for /shipments/{id}) and, once shipped, the carrier and tracking number. */
export type OrderShipmentSummary = AssignedShipment & { id: number; carrier: string | null; trackingNumber: string | null }

/** Each shipment holding lines of this order, with how many of the order's lines are in it (a consolidated box holds others' too). */
export async function orderShipmentSummaries(db: Db, orderId: string): Promise<OrderShipmentSummary[]> {
  const rows = await db.execute<{ id: number; warehouse_id: number; status: AssignedShipment['status']; line_count: number; carrier: string | null; tracking_number: string | null }>(sql`
    select s.id, s.warehouse_id, s.status, count(*)::int as line_count, s.carrier, s.tracking_number
    from order_lines l join shipments s on s.id = l.shipment_id
    where l.order_id = ${orderId}::uuid
    group by s.id, s.warehouse_id, s.status
    order by s.warehouse_id, s.id`)
  return rows.rows.map((r) => ({ id: Number(r.id), warehouseId: r.warehouse_id, status: r.status, lineCount: r.line_count, carrier: r.carrier, trackingNumber: r.tracking_number }))
}
