// The staff pages' one action: mark a shipment shipped (carrier + tracking number) or delivered.
import { data } from 'react-router'
import type { AppLoadContext } from 'react-router'
import { type FormFailure, formFailure } from '~/lib/form-errors'
import { requireStaff } from '~/modules/accounts/auth.server'

export type StaffShipmentResult =
  | { ok: true; shipmentId: number; message: string }
  | (FormFailure & { shipmentId: number; values: { carrier: string; trackingNumber: string } })

export async function staffShipmentAction(request: Request, context: AppLoadContext) {
  await requireStaff(request, context)
  const form = await request.formData()
  const shipmentId = /^\d{1,15}$/.test(String(form.get('shipmentId') ?? '')) ? Number(form.get('shipmentId')) : 0
  const values = { carrier: String(form.get('carrier') ?? ''), trackingNumber: String(form.get('trackingNumber') ?? '') }
  try {
    if (form.get('intent') === 'delivered') {
      await context.services.shipments.markDelivered(shipmentId)
      return data<StaffShipmentResult>({ ok: true, shipmentId, message: `Shipment ${shipmentId} is marked delivered.` })
    }
    const s = await context.services.shipments.markShipped(shipmentId, values, { origin: context.services.publicOrigin })
    return data<StaffShipmentResult>({ ok: true, shipmentId, message: `Shipment ${shipmentId} is marked shipped (${s.carrier} ${s.trackingNumber}). The buyer was emailed.` })
  } catch (error) {
    const failure = formFailure(error)
    return data<StaffShipmentResult>({ ...failure, shipmentId, values }, { status: failure.status })
  }
}
