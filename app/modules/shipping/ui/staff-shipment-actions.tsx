// Staff controls for one shipment: mark shipped (carrier + tracking number) or delivered. Plain forms, so they
// work without JavaScript; a failed submit keeps what was typed and says what to fix.
import { Form, useNavigation } from 'react-router'
import { Button, FieldError, Label, TextField, inputClasses } from '~/ui'
import { carriers, type ShipmentStatus } from '../shipping.validation'

type Failure = { ok: false; shipmentId: number; message: string; fields: Record<string, string[]>; values: { carrier: string; trackingNumber: string } }

export function StaffShipmentActions({ shipment, result }: { shipment: { id: number; status: ShipmentStatus }; result?: { ok: boolean; shipmentId: number } | null }) {
  const navigation = useNavigation()
  const pending = (intent: string) => navigation.state !== 'idle' && navigation.formData?.get('shipmentId') === String(shipment.id) && navigation.formData?.get('intent') === intent
  const failure = result && !result.ok && result.shipmentId === shipment.id ? (result as Failure) : undefined
  if (shipment.status === 'processing') {
    const carrierId = `carrier-${shipment.id}`
    const carrierError = failure?.fields.carrier?.[0]
    return (
      <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
        <input type="hidden" name="shipmentId" value={shipment.id} />
        <div>
          <Label htmlFor={carrierId}>
            Carrier<span className="sr-only"> for shipment {shipment.id}</span>
          </Label>
          <select
            id={carrierId}
            name="carrier"
            defaultValue={failure?.values.carrier ?? 'UPS'}
            aria-invalid={carrierError ? true : undefined}
            aria-describedby={carrierError ? `${carrierId}-error` : undefined}
            className={`${inputClasses} mt-1.5 sm:w-32`}
          >
            {carriers.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          <FieldError id={`${carrierId}-error`}>{carrierError}</FieldError>
        </div>
        <TextField
          id={`tracking-${shipment.id}`}
          name="trackingNumber"
          label={
            <>
              Tracking number<span className="sr-only"> for shipment {shipment.id}</span>
            </>
          }
          defaultValue={failure?.values.trackingNumber ?? ''}
          error={failure?.fields.trackingNumber?.[0] ?? (failure && !failure.fields.carrier ? failure.message : undefined)}
          autoComplete="off"
          spellCheck={false}
          containerClassName="sm:w-64"
        />
        <Button type="submit" name="intent" value="shipped" size="md" variant="secondary" pending={pending('shipped')} pendingLabel="Saving…">
          Mark shipped
        </Button>
      </Form>
    )
  }
  if (shipment.status === 'shipped') {
    return (
      <Form method="post" className="flex flex-col gap-2">
        <input type="hidden" name="shipmentId" value={shipment.id} />
        <Button type="submit" name="intent" value="delivered" size="sm" variant="secondary" pending={pending('delivered')} pendingLabel="Saving…" aria-label={`Mark shipment ${shipment.id} delivered`}>
          Mark delivered
        </Button>
        {failure ? <p className="text-sm font-medium text-berry-700">{failure.message}</p> : null}
      </Form>
    )
  }
  return null
}
