import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { DomainError } from '~/lib/errors'
import { publicOrigin } from '~/lib/links'
import type { Logger } from '~/lib/logger.server'
import { parseInput } from '~/lib/parse-input'
import type { EmailSender } from '../email/email.types'
import type { PostalAddress } from '../registry/registry.schema'
import { createRegistryAccess } from '../registry/registry-access.server'
import { WAREHOUSES } from '../orders/warehouses'
import { autoShipDaySql } from './shipment-assignment.server'
import { cancelledUnitsOf } from './order-refunds.server'
import { markShippedInput, shipmentStatusLabels, shippingMessages, type ShipmentStatus, UUID_PATTERN } from './shipping.validation'

/** One item in a box, as the person looking may see it. Never a price. */
export type ShipmentItem = {
  title: string
  options: { size?: string; color?: string }
  quantity: number
  /** Who gave it: only on the family's view of registry gifts, and never while 'keep it a surprise' is on. */
  giverName: string | null
  /** The viewer's own order this item is from (buyers only). */
  orderId: string | null
}

/**
 * A shipment as its buyer or the family it goes to sees it. 'buyer': only their own items in it; a gift
 * giver does not get the tracking number (it follows the family's address). 'family': the registry's owner
 * or a collaborator, for gifts sent to them.
 */
export type ShipmentView = {
  id: number
  role: 'buyer' | 'family'
  status: ShipmentStatus
  warehouseId: number
  carrier: string | null
  trackingNumber: string | null
  createdAt: string
  releasedAt: string | null
  releaseReason: 'owner' | 'automatic' | null
  shippedAt: string | null
  deliveredAt: string | null
  registry: { id: number; familyName: string; slug: string } | null
  /** Held gifts: the day they ship by themselves (docs/decisions/024). */
  autoShipOn: string | null
  canShipNow: boolean
  /** The family keeps it a surprise: items and givers are left out, only the count is shown. */
  surpriseActive: boolean
  itemCount: number
  items: ShipmentItem[]
}

/** A row of the staff list at /admin/shipments. */
export type StaffShipmentRow = {
  id: number
  status: ShipmentStatus
  warehouseId: number
  carrier: string | null
  trackingNumber: string | null
  createdAt: string
  shippedAt: string | null
  deliveredAt: string | null
  orderIds: string[]
  registry: { id: number; familyName: string } | null
  itemCount: number
}

type ShipmentRowSql = {
  id: number
  order_id: string | null
  registry_id: number | null
  warehouse_id: number
  status: ShipmentStatus
  carrier: string | null
  tracking_number: string | null
  created_at: Date
  released_at: Date | null
  release_reason: 'owner' | 'automatic' | null
  shipped_at: Date | null
  delivered_at: Date | null
  family_name: string | null
  slug: string | null
  surprise_active: boolean | null
  auto_ship_on: string | null
  owner_id: number | null
}

type LineSql = { shipment_id: number; order_id: string; user_id: number | null; buyer_name: string; email: string; title: string; options: { size?: string; color?: string }; quantity: number }

export type ShipmentsDeps = { db: Db; email: EmailSender; clock?: () => Date; logger?: Pick<Logger, 'info' | 'warn'> }

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null)
const optionWords = (o: { size?: string; color?: string }) => [o.size, o.color].filter(Boolean).join(', ')
const itemWords = (l: { title: string; options: { size?: string; color?: string }; quantity: number }) =>
  `${l.quantity} × ${l.title}${optionWords(l.options) ? ` (${optionWords(l.options)})` : ''}`

/**
 * Shipments: what buyers and families see of the boxes their orders travel in, 'Ship now' for held registry
 * gifts, the sweep that lets held gifts go as the arrival date nears, and staff moving boxes along
 * (processing → shipped with tracking → delivered), with emails when a box ships.
 */
/**
 * Electronic gift cards are sent by email from Dotcom (warehouses.ts): their lines have a shipment row (the order
 * page shows it as 'Sent by email'), but it is no box: it is not listed on /shipments or to staff, has no page of
 * its own, and cannot be marked shipped or delivered.
 */
const EMAILED = WAREHOUSES.dotcom

export function createShipmentsService({ db, email, clock = () => new Date(), logger }: ShipmentsDeps) {
  const access = createRegistryAccess(db)
  const today = () => clock().toISOString().slice(0, 10)

  /** Shipment rows with their registry's facts; `where` filters `shipments s`. */
  async function shipmentRows(where: SQL, limit = 200): Promise<ShipmentRowSql[]> {
    const rows = await db.execute<ShipmentRowSql>(sql`
      select s.id, s.order_id, s.registry_id, s.warehouse_id, s.status, s.carrier, s.tracking_number, s.created_at, s.released_at,
             s.release_reason, s.shipped_at, s.delivered_at, r.family_name, r.slug, r.owner_id,
             (r.surprise and (r.surprise_reveal_date is null or r.surprise_reveal_date > ${today()}::date)) as surprise_active,
             case when s.status = 'held' and r.id is not null then (${autoShipDaySql})::text end as auto_ship_on
      from shipments s left join registries r on r.id = s.registry_id
      where ${where}
      order by s.created_at desc, s.id desc
      limit ${limit}`)
    return rows.rows
  }

  async function linesOf(shipmentIds: number[]): Promise<LineSql[]> {
    if (shipmentIds.length === 0) return []
    const rows = await db.execute<LineSql>(sql`
      select l.shipment_id, l.order_id, o.user_id, o.buyer_name, o.email, l.title, l.options,
             l.quantity - coalesce((select sum(g.quantity) from gift_returns g where g.order_line_id = l.id and g.status = 'restocked'), 0)::int - ${cancelledUnitsOf} as quantity
      from order_lines l join orders o on o.id = l.order_id
      where l.shipment_id = any(${`{${shipmentIds.join(',')}}`}::bigint[])
      order by l.order_id, l.id`)
    // What the box carries: a registry gift returned for credit before it left is not in it any more (decision 023),
    // nor units the buyer cancelled (decision 024, h13).
    return rows.rows.filter((l) => Number(l.quantity) > 0)
  }

  function checkedId(shipmentId: number) {
    if (!Number.isSafeInteger(shipmentId) || shipmentId <= 0) throw new DomainError('not_found', shippingMessages.shipmentNotFound)
    return shipmentId
  }

  /** Registry ids the user manages (owner or collaborator). */
  async function managedRegistryIds(userId: number): Promise<number[]> {
    return (await access.managedBy(userId)).map((r) => r.id)
  }

  function viewOf(s: ShipmentRowSql, lines: LineSql[], role: 'buyer' | 'family', userId: number): ShipmentView {
    const mine = role === 'family' ? lines : lines.filter((l) => l.user_id === userId)
    const hidden = role === 'family' && !!s.surprise_active
    const isGiftBox = s.registry_id !== null
    return {
      id: s.id,
      role,
      status: s.status,
      warehouseId: s.warehouse_id,
      carrier: role === 'buyer' && isGiftBox ? null : s.carrier,
      // A giver's gift travels to the family's address: its tracking would show where they live.
      trackingNumber: role === 'buyer' && isGiftBox ? null : s.tracking_number,
      createdAt: iso(s.created_at)!,
      releasedAt: iso(s.released_at),
      releaseReason: s.release_reason,
      shippedAt: iso(s.shipped_at),
      deliveredAt: iso(s.delivered_at),
      registry: s.registry_id !== null && s.family_name !== null ? { id: s.registry_id, familyName: s.family_name, slug: s.slug ?? '' } : null,
      autoShipOn: s.auto_ship_on,
      canShipNow: role === 'family' && s.status === 'held',
      surpriseActive: hidden,
      itemCount: mine.reduce((n, l) => n + l.quantity, 0),
      items: hidden
        ? []
        : mine.map((l) => ({
            title: l.title,
            options: l.options,
            quantity: l.quantity,
            giverName: role === 'family' ? l.buyer_name : null,
            orderId: role === 'buyer' ? l.order_id : null,
          })),
    }
  }

  /** The shipment and the viewer's role on it, or not_found (someone else's shipment looks like no shipment). */
  async function visible(shipmentId: number, userId: number) {
    const [s] = await shipmentRows(sql`s.id = ${checkedId(shipmentId)}`, 1)
    if (!s || s.warehouse_id === EMAILED) throw new DomainError('not_found', shippingMessages.shipmentNotFound)
    const lines = await linesOf([s.id])
    if (s.registry_id !== null && (await access.roleOf(s.registry_id, userId)) !== null) return { s, lines, role: 'family' as const }
    if (lines.some((l) => l.user_id === userId)) return { s, lines, role: 'buyer' as const }
    throw new DomainError('not_found', shippingMessages.shipmentNotFound)
  }

  async function sendShippedEmails(s: ShipmentRowSql, lines: LineSql[], origin: string | undefined) {
    const link = (path: string) => (origin ? { url: `${publicOrigin(origin)}${path}` } : null)
    const tracking = `${s.carrier} tracking number: ${s.tracking_number}`
    if (s.registry_id === null) {
      // A shopper's own box: one email per order in it (normally one).
      const byOrder = new Map<string, LineSql[]>()
      for (const l of lines) byOrder.set(l.order_id, [...(byOrder.get(l.order_id) ?? []), l])
      for (const [orderId, its] of byOrder) {
        const first = its[0]!
        const url = link(`/shipments/${s.id}`)
        await email.send({
          to: first.email,
          userId: first.user_id ?? undefined,
          template: 'notice',
          data: {
            category: 'orders',
            subject: 'Your Nestlist order has shipped',
            heading: 'Your order is on its way',
            paragraphs: [`These items from order ${orderId.slice(0, 8).toUpperCase()} have shipped:`, ...its.map(itemWords), tracking],
            ...(url && first.user_id ? { action: { label: 'Track your shipment', url: url.url } } : {}),
          },
        })
      }
      return
    }
    // Registry gifts: the family gets the tracking number; each giver hears their gift is on its way (no address, no tracking).
    const [owner] = (await db.execute<{ email: string; first_name: string; id: number }>(sql`select u.id, u.email, u.first_name from users u join registries r on r.owner_id = u.id where r.id = ${s.registry_id}`)).rows
    if (owner) {
      const url = link(`/shipments/${s.id}`)
      const count = lines.reduce((n, l) => n + l.quantity, 0)
      await email.send({
        to: owner.email,
        userId: owner.id,
        template: 'notice',
        data: {
          category: 'orders',
          subject: 'Gifts from your registry are on the way',
          heading: 'Your gifts have shipped',
          firstName: owner.first_name,
          paragraphs: [
            s.surprise_active
              ? `A box with ${count} ${count === 1 ? 'gift' : 'gifts'} from your registry has shipped. You are keeping it a surprise, so we do not say what is inside.`
              : `A box with ${count} ${count === 1 ? 'gift' : 'gifts'} from your registry has shipped:`,
            ...(s.surprise_active ? [] : lines.map((l) => `${itemWords(l)}, from ${l.buyer_name}`)),
            tracking,
          ],
          ...(url ? { action: { label: 'See your gifts on the way', url: url.url } } : {}),
        },
      })
    }
    const byGiver = new Map<string, LineSql[]>()
    for (const l of lines) byGiver.set(l.email, [...(byGiver.get(l.email) ?? []), l])
    for (const [to, its] of byGiver) {
      const first = its[0]!
      await email.send({
        to,
        userId: first.user_id ?? undefined,
        template: 'notice',
        data: {
          category: 'orders',
          subject: `Your gift for ${s.family_name ?? 'the family'} has shipped`,
          heading: 'Your gift is on its way',
          paragraphs: [`The gift you bought for ${s.family_name ?? 'the family'} has shipped to them:`, ...its.map(itemWords)],
        },
      })
    }
  }

  const service = {
    /**
     * The signed-in user's shipments: boxes with items from their own orders, and ('Gifts on the way to you')
     * registry gift boxes for every registry they manage, held ones first.
     */
    async forUser(userId: number): Promise<{ purchases: ShipmentView[]; gifts: ShipmentView[] }> {
      const registryIds = await managedRegistryIds(userId)
      const registryList = `{${registryIds.join(',')}}`
      const rows = await shipmentRows(
        // Set-based: the user's orders (orders_user_idx) → their lines → their boxes, plus the registries' boxes (shipments_registry_idx).
        sql`s.id in (
              select l.shipment_id from orders o join order_lines l on l.order_id = o.id where o.user_id = ${userId}
              union
              select r_s.id from shipments r_s where r_s.registry_id = any(${registryList}::bigint[]))
            and s.status <> 'cancelled' and s.warehouse_id <> ${EMAILED}`,
      )
      const lines = await linesOf(rows.map((r) => r.id))
      const linesBy = new Map<number, LineSql[]>()
      for (const l of lines) linesBy.set(l.shipment_id, [...(linesBy.get(l.shipment_id) ?? []), l])
      const purchases: ShipmentView[] = []
      const gifts: ShipmentView[] = []
      for (const r of rows) {
        const family = r.registry_id !== null && registryIds.includes(r.registry_id)
        const view = viewOf(r, linesBy.get(r.id) ?? [], family ? 'family' : 'buyer', userId)
        ;(family ? gifts : purchases).push(view)
      }
      const rank: Record<ShipmentStatus, number> = { held: 0, processing: 1, shipped: 2, delivered: 3, cancelled: 4 }
      gifts.sort((a, b) => rank[a.status] - rank[b.status] || b.createdAt.localeCompare(a.createdAt))
      return { purchases, gifts }
    },

    /** One shipment for its buyer or the family it goes to; not_found for anyone else. */
    async get(shipmentId: number, userId: number): Promise<ShipmentView> {
      const { s, lines, role } = await visible(shipmentId, userId)
      return viewOf(s, lines, role, userId)
    },

    /** The family (owner or collaborator) sends their held gifts now: held → processing. 409 once it is no longer held. */
    async shipNow(shipmentId: number, userId: number): Promise<ShipmentView> {
      const { s, role } = await visible(shipmentId, userId)
      if (role !== 'family') throw new DomainError('not_found', shippingMessages.shipmentNotFound)
      const now = clock()
      const moved = await db.execute(sql`
        update shipments set status = 'processing', released_at = ${now.toISOString()}::timestamptz, release_reason = 'owner', updated_at = ${now.toISOString()}::timestamptz
        where id = ${s.id} and status = 'held' returning id`)
      if (moved.rows.length === 0) throw new DomainError('conflict', shippingMessages.notHeld)
      return service.get(s.id, userId)
    },

    /**
     * The sweep (at server start and every RELEASE_SWEEP_MINUTES): held gift boxes whose day has come (the
     * arrival date is HOLD_UNTIL_DAYS_BEFORE_ARRIVAL away, or HOLD_AT_MOST_DAYS passed without a known date)
     * move to processing. Returns the ids released.
     */
    async releaseDue(): Promise<number[]> {
      const now = clock().toISOString()
      const released = await db.execute<{ id: number }>(sql`
        update shipments s set status = 'processing', released_at = ${now}::timestamptz, release_reason = 'automatic', updated_at = ${now}::timestamptz
        where s.status = 'held' and (
          s.registry_id is null
          or exists (select 1 from registries r where r.id = s.registry_id and (${autoShipDaySql}) <= ${today()}::date))
        returning s.id`)
      const ids = released.rows.map((r) => Number(r.id))
      if (ids.length > 0) logger?.info({ shipmentIds: ids }, 'held registry gifts released to ship')
      return ids
    },

    /** Staff: shipments newest first, by status and/or an order's id. */
    async staffList({ status, orderId }: { status?: ShipmentStatus; orderId?: string } = {}): Promise<StaffShipmentRow[]> {
      if (orderId !== undefined && !UUID_PATTERN.test(orderId)) return []
      const where = sql.join(
        [
          sql`s.warehouse_id <> ${EMAILED}`,
          ...(status ? [sql`s.status = ${status}`] : []),
          ...(orderId ? [sql`s.id in (select l.shipment_id from order_lines l where l.order_id = ${orderId}::uuid)`] : []),
        ],
        sql` and `,
      )
      const rows = await shipmentRows(where, 100)
      const lines = await linesOf(rows.map((r) => r.id))
      return rows.map((r) => {
        const its = lines.filter((l) => l.shipment_id === r.id)
        return {
          id: r.id,
          status: r.status,
          warehouseId: r.warehouse_id,
          carrier: r.carrier,
          trackingNumber: r.tracking_number,
          createdAt: iso(r.created_at)!,
          shippedAt: iso(r.shipped_at),
          deliveredAt: iso(r.delivered_at),
          orderIds: [...new Set(its.map((l) => l.order_id))],
          registry: r.registry_id !== null && r.family_name !== null ? { id: r.registry_id, familyName: r.family_name } : null,
          itemCount: its.reduce((n, l) => n + l.quantity, 0),
        }
      })
    },

    /** Staff: one order with everything needed to ship it (address included) and its shipments. */
    async staffOrder(orderId: string) {
      if (!UUID_PATTERN.test(orderId)) throw new DomainError('not_found', shippingMessages.orderNotFound)
      const [order] = (
        await db.execute<{
          id: string
          status: string
          email: string
          buyer_name: string
          created_at: Date
          shipping_address: PostalAddress
          registry_id: number | null
          family_name: string | null
          subtotal_cents: number
          discount_cents: number
          shipping_cents: number
          tax_cents: number
          total_cents: number
        }>(sql`
          select o.id, o.status, o.email, o.buyer_name, o.created_at, o.shipping_address, o.registry_id, r.family_name,
                 o.subtotal_cents, o.discount_cents, o.shipping_cents, o.tax_cents, o.total_cents
          from orders o left join registries r on r.id = o.registry_id where o.id = ${orderId}::uuid`)
      ).rows
      if (!order) throw new DomainError('not_found', shippingMessages.orderNotFound)
      const lines = (
        await db.execute<{ id: number; title: string; options: { size?: string; color?: string }; quantity: number; line_total_cents: number; discount_cents: number; shipment_id: number | null; returned: number }>(sql`
          select l.id, l.title, l.options, l.quantity, l.line_total_cents, l.discount_cents, l.shipment_id,
                 coalesce((select sum(rl.quantity) from purchase_return_lines rl join purchase_returns pr on pr.id = rl.return_id
                           where rl.order_line_id = l.id and pr.status <> 'failed'), 0)::int as returned
          from order_lines l
          where l.order_id = ${orderId}::uuid order by l.id`)
      ).rows
      const shipmentIds = [...new Set(lines.map((l) => l.shipment_id).filter((id): id is number => id !== null))]
      const boxes = shipmentIds.length ? await shipmentRows(sql`s.id = any(${`{${shipmentIds.join(',')}}`}::bigint[])`) : []
      const returns = (
        await db.execute<{ id: string; status: string; reason: string; refund_cents: number; created_at: Date }>(sql`
          select id, status, reason, refund_cents, created_at from purchase_returns where order_id = ${orderId}::uuid order by created_at`)
      ).rows
      // The buyer's changes of address before it shipped (docs/decisions/031), newest first: staff ship to the current one.
      const addressChanges = (
        await db.execute<{ previous_address: PostalAddress; new_address: PostalAddress; source: string; created_at: Date }>(sql`
          select previous_address, new_address, source, created_at from order_address_changes where order_id = ${orderId}::uuid order by created_at desc, id desc`)
      ).rows
      return {
        id: order.id,
        status: order.status,
        email: order.email,
        buyerName: order.buyer_name,
        createdAt: iso(order.created_at)!,
        shippingAddress: order.shipping_address,
        addressChanges: addressChanges.map((c) => ({ previousAddress: c.previous_address, newAddress: c.new_address, source: c.source, createdAt: iso(c.created_at)! })),
        registry: order.registry_id !== null ? { id: order.registry_id, familyName: order.family_name ?? '' } : null,
        totals: { subtotalCents: order.subtotal_cents, discountCents: order.discount_cents, shippingCents: order.shipping_cents, taxCents: order.tax_cents, totalCents: order.total_cents },
        lines: lines.map((l) => ({ id: l.id, title: l.title, options: l.options, quantity: l.quantity, lineTotalCents: l.line_total_cents, discountCents: l.discount_cents, shipmentId: l.shipment_id, returned: l.returned })),
        shipments: boxes
          .sort((a, b) => a.warehouse_id - b.warehouse_id)
          .map((b) => ({
            id: b.id,
            status: b.status,
            warehouseId: b.warehouse_id,
            carrier: b.carrier,
            trackingNumber: b.tracking_number,
            shippedAt: iso(b.shipped_at),
            deliveredAt: iso(b.delivered_at),
            consolidated: b.order_id === null,
            autoShipOn: b.auto_ship_on,
          })),
        returns: returns.map((r) => ({ id: r.id, status: r.status, reason: r.reason, refundCents: r.refund_cents, createdAt: iso(r.created_at)! })),
      }
    },

    /** Staff: processing → shipped, with carrier and tracking number; emails the buyer (or the family and givers). 409 from any other status. */
    async markShipped(shipmentId: number, input: unknown, options: { origin?: string } = {}) {
      checkedId(shipmentId)
      const data = parseInput(markShippedInput, input)
      const now = clock().toISOString()
      const moved = await db.execute(sql`
        update shipments set status = 'shipped', carrier = ${data.carrier}, tracking_number = ${data.trackingNumber}, shipped_at = ${now}::timestamptz, updated_at = ${now}::timestamptz
        where id = ${shipmentId} and status = 'processing' and warehouse_id <> ${EMAILED} returning id`)
      const [s] = await shipmentRows(sql`s.id = ${shipmentId}`, 1)
      if (!s) throw new DomainError('not_found', shippingMessages.shipmentNotFound)
      if (s.warehouse_id === EMAILED) throw new DomainError('conflict', shippingMessages.emailedNotShipped)
      if (moved.rows.length === 0) {
        throw new DomainError('conflict', s.status === 'held' ? shippingMessages.heldNeedsRelease : shippingMessages.cannotAdvance(shipmentStatusLabels.processing))
      }
      try {
        await sendShippedEmails(s, await linesOf([s.id]), options.origin)
      } catch (error) {
        // The box has shipped either way; a failed email is recorded by the email module and logged here.
        logger?.warn({ err: error, shipmentId }, 'shipment emails failed')
      }
      return { id: s.id, status: s.status, carrier: s.carrier, trackingNumber: s.tracking_number }
    },

    /** Staff: shipped → delivered. 409 from any other status. */
    async markDelivered(shipmentId: number) {
      checkedId(shipmentId)
      const now = clock().toISOString()
      const moved = await db.execute(sql`
        update shipments set status = 'delivered', delivered_at = ${now}::timestamptz, updated_at = ${now}::timestamptz
        where id = ${shipmentId} and status = 'shipped' and warehouse_id <> ${EMAILED} returning id`)
      const [s] = await shipmentRows(sql`s.id = ${shipmentId}`, 1)
      if (!s) throw new DomainError('not_found', shippingMessages.shipmentNotFound)
      if (s.warehouse_id === EMAILED) throw new DomainError('conflict', shippingMessages.emailedNotShipped)
      if (moved.rows.length === 0) throw new DomainError('conflict', shippingMessages.cannotAdvance(shipmentStatusLabels.shipped))
      return { id: s.id, status: s.status, deliveredAt: iso(s.delivered_at) }
    },
  }
  return service
}

export type ShipmentsService = ReturnType<typeof createShipmentsService>
