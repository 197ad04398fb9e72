import { sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { DomainError, isDomainError } from '~/lib/errors'
import type { Logger } from '~/lib/logger.server'
import { parseInput } from '~/lib/parse-input'
import { isUuid } from '~/lib/uuid'
import type { AddressData } from '../accounts/address.validation'
import type { AddressService } from '../accounts/address.service.server'
import { isUsStateCode, usStateNames } from '../accounts/us-states'
import type { EmailSender } from '../email/email.types'
import type { PostalAddress } from '../registry/registry.schema'
import { changeOrderAddressInput, type OrderAddressBlock, orderAddressMessages as m } from './order-address.validation'
import { taxCentsFor } from './tax'

/** Where a buyer's order ships and whether they may still change it (docs/decisions/031). */
export type OrderAddressView = {
  orderId: string
  /** The buyer's own address in full; a registry gift order shows only the family's name, city and state. */
  shipsTo: { kind: 'buyer'; address: PostalAddress & { phone?: string } } | { kind: 'registry'; familyName: string; city: string; state: string }
  canChange: boolean
  /** Why not (null when it can): shipped, registry_gift, cancelled or nothing_ships; `reason` says it in words. */
  blocked: OrderAddressBlock
  reason: string | null
  /** The state the order's tax was worked out for: a new address stays in it (unless the tax would be the same). */
  taxState: string
  /** When the buyer last changed it (null: never). */
  changedAt: string | null
}

export type OrderAddressDeps = {
  db: Db
  address: Pick<AddressService, 'check'>
  email: EmailSender
  clock?: () => Date
  logger?: Pick<Logger, 'warn'>
}

type OrderSql = {
  id: string
  user_id: number | null
  status: string
  email: string
  buyer_name: string
  shipping_address: PostalAddress & { phone?: string }
  registry_id: number | null
  family_name: string | null
  tax_state: string
  tax_cents: number
  changed_at: Date | string | null
}

const stateName = (code: string) => (isUsStateCode(code) ? usStateNames[code] : code)
const sameAddress = (a: PostalAddress & { phone?: string }, b: PostalAddress & { phone?: string }) =>
  (['name', 'line1', 'line2', 'city', 'state', 'zip', 'phone'] as const).every((k) => (a[k] ?? '') === (b[k] ?? ''))
const addressLines = (a: PostalAddress) => [a.name, a.line1, a.line2, `${a.city}, ${a.state} ${a.zip}`].filter(Boolean)

/**
 * A buyer changes where their own order ships while nothing of it has shipped (the order page's 'Change shipping
 * address' and /api/v3/order_address). The change is made under the order row's lock and its boxes' locks, so staff
 * marking a box shipped either waits for it (and ships to the new address) or is seen as shipped (409).
 */
export function createOrderAddressService({ db, address, email, clock = () => new Date(), logger }: OrderAddressDeps) {
  type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

  /** The buyer's order (locked for update inside a change), or not found for anyone else. */
  async function orderOf(q: Db | Tx, orderId: string, userId: number, lock: boolean): Promise<OrderSql> {
    if (!isUuid(orderId)) throw new DomainError('not_found', m.notFound)
    const [order] = (
      await q.execute<OrderSql>(sql`
        select o.id, o.user_id, o.status, o.email, o.buyer_name, o.shipping_address, o.registry_id, r.family_name, o.tax_state, o.tax_cents,
               (select max(c.created_at) from order_address_changes c where c.order_id = o.id) as changed_at
        from orders o left join registries r on r.id = o.registry_id
        where o.id = ${orderId}::uuid and o.user_id = ${userId}
        ${lock ? sql`for update of o` : sql``}`)
    ).rows
    if (!order) throw new DomainError('not_found', m.notFound)
    return order
  }

  /**
   * Why the order's address cannot change now. The boxes its goods travel in are read (and, in a change, locked in id
   * order, as cancellations lock them) so a box marked shipped at the same moment is either seen or waits.
   */
  async function blockOf(q: Db | Tx, order: OrderSql, lock: boolean): Promise<OrderAddressBlock> {
    if (order.status === 'cancelled') return 'cancelled'
    if (order.registry_id !== null) return 'registry_gift'
    const boxes = (
      await q.execute<{ id: number; status: string }>(sql`
        select s.id, s.status from shipments s
        where s.id in (select l.shipment_id from order_lines l where l.order_id = ${order.id}::uuid and l.gift_card is null and l.shipment_id is not null)
        order by s.id
        ${lock ? sql`for update of s` : sql``}`)
    ).rows
    if (boxes.some((b) => b.status === 'shipped' || b.status === 'delivered')) return 'shipped'
    if (!boxes.some((b) => b.status === 'held' || b.status === 'processing')) return 'nothing_ships'
    return null
  }

  const reasonFor = (block: OrderAddressBlock): string | null =>
    block === 'shipped' ? m.shipped : block === 'registry_gift' ? m.registryGift : block === 'cancelled' ? m.cancelled : block === 'nothing_ships' ? m.nothingShips : null

  function viewOf(order: OrderSql, block: OrderAddressBlock): OrderAddressView {
    const a = order.shipping_address
    return {
      orderId: order.id,
      shipsTo: order.registry_id !== null ? { kind: 'registry', familyName: order.family_name ?? '', city: a.city, state: a.state } : { kind: 'buyer', address: a },
      canChange: block === null,
      blocked: block,
      reason: reasonFor(block),
      taxState: order.tax_state,
      changedAt: order.changed_at ? new Date(order.changed_at).toISOString() : null,
    }
  }

  async function sendNotice(order: OrderSql, next: AddressData, userId: number, origin?: string) {
    const orderNumber = `#${order.id.slice(0, 8).toUpperCase()}`
    await email
      .send({
        to: order.email,
        userId,
        template: 'notice',
        data: {
          category: 'orders',
          subject: m.emailSubject(orderNumber),
          heading: m.emailHeading,
          firstName: order.buyer_name.split(' ')[0],
          paragraphs: [`Order ${orderNumber} will now ship to:`, addressLines(next).join(', '), m.emailNotYou],
          ...(origin ? { action: { label: 'See your order', url: `${origin.replace(/\/$/, '')}/orders/${order.id}` } } : {}),
        },
      })
      .catch((err: unknown) => logger?.warn({ err, orderId: order.id }, 'address change email failed'))
  }

  return {
    /** Where the buyer's order ships and whether they may still change it. Anyone else: not found. */
    async forOrder(orderId: string, userId: number): Promise<OrderAddressView> {
      const order = await orderOf(db, orderId, userId, false)
      return viewOf(order, await blockOf(db, order, false))
    },

    /**
     * Changes where the buyer's order ships. 404 for anyone else's order; 409 when a box has shipped, for a
     * registry gift order (it ships to the family), a cancelled order, one where nothing ships, or a new state
     * whose tax would differ from what was charged; 422 with messages per field for an address checkout would
     * refuse. The same address again changes nothing (`changed: false`). The buyer is emailed once per change.
     */
    async change(userId: number, input: unknown, options: { origin?: string; source?: 'page' | 'api' } = {}): Promise<{ view: OrderAddressView; changed: boolean }> {
      const data = parseInput(changeOrderAddressInput, input)
      const done = await db.transaction(async (tx) => {
        const order = await orderOf(tx, data.orderId, userId, true)
        const block = await blockOf(tx, order, true)
        if (block) throw new DomainError('conflict', reasonFor(block)!)
        let next: AddressData
        try {
          next = address.check(data.address)
        } catch (error) {
          // The address's fields as the API names them (address.zip); the page maps them back.
          if (isDomainError(error) && error.fields) throw new DomainError(error.code, error.message, { fields: Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [`address.${k}`, v])) })
          throw error
        }
        if (sameAddress(order.shipping_address, next)) return { order, next, changed: false }
        if (next.state !== order.tax_state) {
          // Tax was charged for the order's state. Another state's tax may differ, and we neither charge more after
          // the fact nor leave a refund half-done: the same tax to the cent is allowed, otherwise 409.
          const [{ taxable } = { taxable: 0 }] = (
            await tx.execute<{ taxable: number }>(sql`
              select coalesce(sum(line_total_cents - discount_cents), 0)::int as taxable from order_lines where order_id = ${order.id}::uuid and gift_card is null`)
          ).rows
          if (taxCentsFor(taxable, next.state) !== order.tax_cents) {
            const message = m.otherState(stateName(order.tax_state), stateName(next.state))
            throw new DomainError('conflict', message, { fields: { 'address.state': [message] } })
          }
        }
        const now = clock()
        await tx.execute(sql`
          update orders set shipping_address = ${JSON.stringify(next)}::jsonb, tax_state = ${next.state}, updated_at = ${now.toISOString()}::timestamptz
          where id = ${order.id}::uuid`)
        await tx.execute(sql`
          insert into order_address_changes (order_id, user_id, previous_address, new_address, source, created_at)
          values (${order.id}::uuid, ${userId}, ${JSON.stringify(order.shipping_address)}::jsonb, ${JSON.stringify(next)}::jsonb, ${options.source ?? 'page'}, ${now.toISOString()}::timestamptz)`)
        return { order: { ...order, shipping_address: next, tax_state: next.state, changed_at: now }, next, changed: true }
      })
      if (done.changed) await sendNotice(done.order, done.next, userId, options.origin)
      return { view: viewOf(done.order, null), changed: done.changed }
    },
  }
}

export type OrderAddressService = ReturnType<typeof createOrderAddressService>
