import { useRef } from 'react'
import { data, Form, useNavigation } from 'react-router'
import { type FormFailure, formFailure } from '~/lib/form-errors'
import { requireUser } from '~/modules/accounts/auth.server'
import { AddressFields, type AddressFormValues, addressValuesFrom, emptyAddress } from '~/modules/accounts/ui/address-fields'
import { SettingsPageHeader, SettingsSection } from '~/modules/accounts/ui/settings-page'
import { useFocusFirstInvalid } from '~/modules/accounts/ui/use-focus-first-invalid'
import { Alert, Button } from '~/ui'
import type { Route } from './+types/shipping'

export const meta = () => [{ title: 'Shipping address | Nestlist' }, { name: 'robots', content: 'noindex' }]

/** /settings/shipping: the account's saved US shipping address. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const address = await context.services.address.get(user.id)
  return {
    address: address && {
      name: address.name,
      line1: address.line1,
      line2: address.line2,
      city: address.city,
      state: address.state,
      zip: address.zip,
      phone: address.phone,
    },
    // A new address starts with the account holder's name.
    suggestedName: `${user.firstName} ${user.lastName}`.trim(),
  }
}

type ActionResult =
  | { ok: true; intent: 'save' | 'remove'; at: number }
  | (FormFailure & { intent: 'save' | 'remove'; values?: AddressFormValues; at: number })

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireUser(request, context)
  const form = await request.formData()
  const at = Date.now()
  if (form.get('intent') === 'remove') {
    await context.services.address.remove(user.id)
    return data<ActionResult>({ ok: true, intent: 'remove', at })
  }
  const values = addressValuesFrom(form)
  try {
    await context.services.address.save(user.id, values)
    return data<ActionResult>({ ok: true, intent: 'save', at })
  } catch (error) {
    const failure = formFailure(error)
    return data<ActionResult>({ ...failure, intent: 'save', values, at }, { status: failure.status })
  }
}

export default function ShippingSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { address, suggestedName } = loaderData
  const result = actionData as ActionResult | undefined
  const navigation = useNavigation()
  const pending = (intent: string) => navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
  const failure = result && !result.ok ? result : undefined
  const formRef = useRef<HTMLFormElement>(null)
  useFocusFirstInvalid(formRef, failure)
  const values = failure?.values ?? address ?? { ...emptyAddress, name: suggestedName }
  const onlyMessage = failure && Object.keys(failure.fields).length === 0
  return (
    <>
      <SettingsPageHeader
        title="Shipping address"
        intro="Where we send your Nestlist Shop orders. We ship to US addresses, including APO/FPO/DPO."
      />
      <SettingsSection id="address" title={address ? 'Your address' : 'Add your address'}>
        <Form ref={formRef} method="post" key={result?.ok ? result.at : 'address'} className="flex flex-col gap-6" noValidate>
          {result?.ok ? (
            <Alert tone="success">{result.intent === 'remove' ? 'Your address is removed.' : 'Your shipping address is saved.'}</Alert>
          ) : null}
          {failure ? <Alert tone="error">{onlyMessage ? failure.message : 'Please check the fields marked below.'}</Alert> : null}
          <AddressFields values={values} errors={failure?.fields} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="save" pending={pending('save')} pendingLabel="Saving…">
              Save address
            </Button>
            {address ? (
              <Button
                type="submit"
                name="intent"
                value="remove"
                variant="ghost"
                pending={pending('remove')}
                pendingLabel="Removing…"
                formNoValidate
              >
                Remove address
              </Button>
            ) : null}
          </div>
        </Form>
      </SettingsSection>
    </>
  )
}
