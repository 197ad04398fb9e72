// 'Change shipping address' on the order page (docs/decisions/031). A disclosure that works without JavaScript
// (<details>), holding the checkout's own address fields; it posts to the order page's action, which changes the
// address and redirects to ?address=changed, or comes back with what was typed and a message per field.
import { useRef } from 'react'
import { Form, useNavigation } from 'react-router'
import type { FieldErrors } from '~/lib/errors'
import { AddressFields, type AddressFormValues } from '~/modules/accounts/ui/address-fields'
import { useFocusFirstInvalid } from '~/modules/accounts/ui/use-focus-first-invalid'
import { Alert, Button, buttonClasses, Icon } from '~/ui'
import { orderAddressMessages as m } from '../order-address.validation'

/** The order page action's answer when a change fails: the message, messages per field, and what was typed. */
export type AddressChangeFailure = { intent: 'change_address'; ok: false; message: string; fields: FieldErrors; status: number; values: AddressFormValues }

export const CHANGE_ADDRESS_INTENT = 'change_address'

export function ChangeShippingAddress({ current, failure }: { current: AddressFormValues; failure: AddressChangeFailure | undefined }) {
  const navigation = useNavigation()
  const pending = navigation.state !== 'idle' && navigation.formData?.get('intent') === CHANGE_ADDRESS_INTENT
  const formRef = useRef<HTMLFormElement>(null)
  useFocusFirstInvalid(formRef, failure)
  const onlyMessage = failure && Object.keys(failure.fields).length === 0
  return (
    <details className="group mt-2" open={failure ? true : undefined}>
      <summary className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'cursor-pointer list-none [&::-webkit-details-marker]:hidden' })}>
        <Icon name="truck" className="size-4" />
        {m.title}
      </summary>
      <div className="mt-4 rounded-xl border border-line p-4 sm:p-5">
        <Form ref={formRef} method="post" noValidate className="flex flex-col gap-5" aria-label={m.title}>
          <input type="hidden" name="intent" value={CHANGE_ADDRESS_INTENT} />
          <p className="text-sm text-muted">{m.intro}</p>
          {failure ? <Alert tone="error">{onlyMessage ? failure.message : m.fixFields}</Alert> : null}
          <AddressFields values={failure?.values ?? current} errors={failure?.fields} />
          <Button type="submit" className="self-start" pending={pending} pendingLabel={m.saving}>
            {m.save}
          </Button>
        </Form>
      </div>
    </details>
  )
}
