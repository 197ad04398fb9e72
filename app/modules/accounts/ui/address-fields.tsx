import type { FieldErrors } from '~/lib/errors'
import { cx, Icon, TextField } from '~/ui'
import { StateSelect } from './state-select'
import { useZipAutofill } from './use-zip-autofill'

export type AddressFormValues = { name: string; line1: string; line2: string; city: string; state: string; zip: string; phone: string }

export const emptyAddress: AddressFormValues = { name: '', line1: '', line2: '', city: '', state: '', zip: '', phone: '' }

/** Reads the address fields of a submitted form as typed (to show them again after an error). */
export function addressValuesFrom(form: FormData): AddressFormValues {
  const get = (k: keyof AddressFormValues) => String(form.get(k) ?? '').slice(0, 200)
  return {
    name: get('name'),
    line1: get('line1'),
    line2: get('line2'),
    city: get('city'),
    state: get('state'),
    zip: get('zip'),
    phone: get('phone'),
  }
}

/**
 * The shipping address fields (US only), for a Form the page supplies. Typing a ZIP code fills city and
 * state when JavaScript runs; without it the server fills empty ones from the ZIP code.
 */
export function AddressFields({ values, errors }: { values: AddressFormValues; errors?: FieldErrors }) {
  const { cityRef, stateRef, onZipInput, status } = useZipAutofill()
  const err = (k: string) => errors?.[k]?.[0]
  return (
    <div className="flex flex-col gap-5">
      <TextField
        label="Full name"
        name="name"
        autoComplete="shipping name"
        required
        maxLength={100}
        defaultValue={values.name}
        error={err('name')}
      />
      <TextField
        label="Street address"
        name="line1"
        autoComplete="shipping address-line1"
        required
        maxLength={100}
        defaultValue={values.line1}
        error={err('line1')}
      />
      <TextField
        label="Apartment, suite or unit"
        name="line2"
        autoComplete="shipping address-line2"
        optional
        maxLength={100}
        defaultValue={values.line2}
        error={err('line2')}
      />
      <div>
        <div className="grid gap-5 sm:grid-cols-6">
          <TextField
            label="ZIP code"
            name="zip"
            hint="Fills in city and state."
            autoComplete="shipping postal-code"
            inputMode="numeric"
            required
            maxLength={10}
            defaultValue={values.zip}
            error={err('zip')}
            onInput={onZipInput}
            containerClassName="sm:col-span-2"
            aria-describedby="zip-status"
          />
          <TextField
            ref={cityRef}
            label="City"
            name="city"
            hint="From the ZIP code if left empty."
            autoComplete="shipping address-level2"
            maxLength={60}
            defaultValue={values.city}
            error={err('city')}
            containerClassName="sm:col-span-4"
          />
        </div>
        <p
          id="zip-status"
          aria-live="polite"
          className={cx('flex items-center gap-2 text-sm', status?.tone === 'found' ? 'text-sage-700' : 'text-muted', status && 'mt-2')}
        >
          {status ? (
            <>
              <Icon name={status.tone === 'found' ? 'check-circle' : 'info'} className="size-4 shrink-0" />
              <span>{status.text}</span>
            </>
          ) : null}
        </p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <StateSelect
          ref={stateRef}
          label="State"
          hint="Includes DC, territories and APO/FPO/DPO."
          name="state"
          autoComplete="shipping address-level1"
          defaultValue={values.state}
          error={err('state')}
        />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          hint="Only for delivery questions."
          autoComplete="shipping tel-national"
          optional
          maxLength={40}
          defaultValue={values.phone}
          error={err('phone')}
        />
      </div>
    </div>
  )
}
