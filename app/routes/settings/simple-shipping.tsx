import { useRef } from 'react'
import { data, Form, redirect, useNavigation } from 'react-router'
import { type FormFailure, formFailure } from '~/lib/form-errors'
import { requireUser } from '~/modules/accounts/auth.server'
import { safeRedirectPath } from '~/modules/accounts/safe-redirect'
import { AddressFields, type AddressFormValues, addressValuesFrom, emptyAddress } from '~/modules/accounts/ui/address-fields'
import { useFocusFirstInvalid } from '~/modules/accounts/ui/use-focus-first-invalid'
import { Alert, Button, Card } from '~/ui'
import type { Route } from './+types/simple-shipping'

export const meta = () => [{ title: 'Your shipping address | Nestlist' }, { name: 'robots', content: 'noindex' }]

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

/** ?popup=true shows just the form, for a small window or modal. */
export const handle = {
  bare: (location: { pathname: string; search: string }) => new URLSearchParams(location.search).get('popup') === 'true',
}

function target(request: Request) {
  const params = new URL(request.url).searchParams
  return { redirectPath: safeRedirectPath(params.get('redirect_path'), ''), popup: params.get('popup') === 'true' }
}

/**
 * /settings/simple-shipping: the shipping address form alone, with one Save (for a checkout or registry
 * flow that needs an address). Goes back to redirect_path afterwards when that is a path on this site.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const address = await context.services.address.get(user.id)
  const values: AddressFormValues = address
    ? {
        name: address.name,
        line1: address.line1,
        line2: address.line2,
        city: address.city,
        state: address.state,
        zip: address.zip,
        phone: address.phone,
      }
    : { ...emptyAddress, name: `${user.firstName} ${user.lastName}`.trim() }
  return { values, hasAddress: Boolean(address), ...target(request) }
}

type ActionResult = { ok: true; at: number } | (FormFailure & { values: AddressFormValues; at: number })

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireUser(request, context)
  const values = addressValuesFrom(await request.formData())
  try {
    await context.services.address.save(user.id, values)
  } catch (error) {
    const failure = formFailure(error)
    return data<ActionResult>({ ...failure, values, at: Date.now() }, { status: failure.status })
  }
  const { redirectPath } = target(request)
  if (redirectPath) throw redirect(redirectPath)
  return data<ActionResult>({ ok: true, at: Date.now() })
}

export default function SimpleShipping({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined
  const failure = result && !result.ok ? result : undefined
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST'
  const formRef = useRef<HTMLFormElement>(null)
  useFocusFirstInvalid(formRef, failure)
  const query = new URLSearchParams({
    ...(loaderData.redirectPath ? { redirect_path: loaderData.redirectPath } : {}),
    ...(loaderData.popup ? { popup: 'true' } : {}),
  }).toString()
  return (
    <div className="mx-auto w-full max-w-xl">
      <Card className="p-5 sm:p-8">
        <h1 className="text-2xl font-extrabold tracking-tight text-ink">
          {loaderData.hasAddress ? 'Your shipping address' : 'Where should we ship?'}
        </h1>
        <p className="mt-2 text-base text-muted">US addresses, including APO/FPO/DPO.</p>
        <Form
          ref={formRef}
          method="post"
          action={`/settings/simple-shipping${query ? `?${query}` : ''}`}
          key={result?.ok ? result.at : 'address'}
          className="mt-6 flex flex-col gap-6"
          noValidate
        >
          {result?.ok ? <Alert tone="success">Your shipping address is saved.</Alert> : null}
          {failure ? (
            <Alert tone="error">{Object.keys(failure.fields).length ? 'Please check the fields marked below.' : failure.message}</Alert>
          ) : null}
          <AddressFields values={failure?.values ?? loaderData.values} errors={failure?.fields} />
          <Button type="submit" size="lg" pending={busy} pendingLabel="Saving…">
            Save
          </Button>
        </Form>
      </Card>
    </div>
  )
}
