import { useEffect, useRef } from 'react'
import { Form } from 'react-router'
import type { FieldErrors } from '~/lib/errors'
import { StateSelect } from '~/modules/accounts/ui/state-select'
import { Alert, Button, TextField } from '~/ui'

export type ThankYouValues = { name: string; line1: string; line2: string; city: string; state: string; zip: string }

/** Reads the thank-you address as typed (to show it again after an error). */
export function thankYouValuesFrom(form: FormData): ThankYouValues {
  const get = (k: keyof ThankYouValues) => String(form.get(k) ?? '').slice(0, 200)
  return { name: get('name'), line1: get('line1'), line2: get('line2'), city: get('city'), state: get('state'), zip: get('zip') }
}

/**
 * 'Want a thank-you note? Leave your address': the giver's mailing address for the family. It applies to
 * every gift this giver gave on the registry (the spec's giftGiverThankYouAddressProvided rule).
 */
export function ReserveThankYouForm({
  familyName,
  giverName,
  provided,
  failure,
  saved,
  pending,
}: {
  familyName: string
  giverName: string
  provided: boolean
  failure?: { message: string; fields: FieldErrors; values: ThankYouValues } | null
  saved: boolean
  pending: boolean
}) {
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (failure) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [failure])
  const v = failure?.values
  const err = (k: string) => failure?.fields[k]?.[0]
  return (
    <section aria-labelledby="thank-you-title" className="rounded-card border border-line bg-white p-5 shadow-card sm:p-6">
      <h2 id="thank-you-title" className="text-xl font-bold text-ink">
        Want a thank-you note? Leave your address
      </h2>
      <p className="mt-2 text-muted">
        Only {familyName} sees it, to send you a note. It applies to all your gifts on this registry, so you only need to leave it once.
      </p>
      <Form ref={formRef} method="post" noValidate className="mt-5 flex flex-col gap-5">
        <input type="hidden" name="intent" value="thank_you" />
        {saved ? <Alert tone="success">Thank you! {familyName} now has your address for all your gifts on this registry.</Alert> : null}
        {!saved && provided ? <Alert tone="info">You already left an address. Send it again to change it.</Alert> : null}
        {failure ? <Alert tone="error">{Object.keys(failure.fields).length ? 'Please check the fields marked below.' : failure.message}</Alert> : null}
        <TextField label="Full name" name="name" autoComplete="name" required maxLength={100} defaultValue={v?.name ?? giverName} error={err('name')} />
        <TextField label="Street address" name="line1" autoComplete="address-line1" required maxLength={100} defaultValue={v?.line1} error={err('line1')} />
        <TextField
          label="Apartment, suite or unit"
          name="line2"
          autoComplete="address-line2"
          optional
          maxLength={100}
          defaultValue={v?.line2}
          error={err('line2')}
        />
        <div className="grid gap-5 sm:grid-cols-6">
          <TextField
            label="City"
            name="city"
            autoComplete="address-level2"
            required
            maxLength={60}
            defaultValue={v?.city}
            error={err('city')}
            containerClassName="sm:col-span-2"
          />
          <div className="sm:col-span-2">
            <StateSelect label="State" name="state" autoComplete="address-level1" defaultValue={v?.state} error={err('state')} />
          </div>
          <TextField
            label="ZIP code"
            name="zip"
            autoComplete="postal-code"
            inputMode="numeric"
            required
            maxLength={10}
            defaultValue={v?.zip}
            error={err('zip')}
            containerClassName="sm:col-span-2"
          />
        </div>
        <div>
          <Button type="submit" variant="secondary" pending={pending} pendingLabel="Saving…">
            Save my address
          </Button>
        </div>
      </Form>
    </section>
  )
}
