import { useRef } from 'react'
import { data, Form, Link, useNavigation } from 'react-router'
import { useFocusFirstInvalid } from '~/modules/accounts/ui/use-focus-first-invalid'
import { isDomainError } from '~/lib/errors'
import { formFailure } from '~/lib/form-errors'
import { formatCents } from '~/lib/money'
import { requireUser } from '~/modules/accounts/auth.server'
import { dollarsToCents } from '~/modules/external-products/external-products.validation'
import { Alert, Button, Card, Container, Icon, TextField } from '~/ui'
import type { Route } from './+types/where-to-buy'

export const meta = () => [{ title: 'Where to buy | Nestlist' }, { name: 'robots', content: 'noindex' }]
export const headers = () => ({ 'Cache-Control': 'private, no-store' })

function itemIdOf(raw: string) {
  if (!/^\d{1,15}$/.test(raw)) throw data(null, { status: 404 })
  return Number(raw)
}

/** /registry/items/{id}/where-to-buy: the owner lists the stores that sell an item, with their prices. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  try {
    return await context.services.externalProducts.itemOffers(itemIdOf(params.itemId), user.id)
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_found') throw data(null, { status: 404 })
    throw error
  }
}

type Values = { storeName: string; url: string; price: string }
type Result = { ok: true; intent: 'add' | 'remove' } | { ok: false; intent: 'add' | 'remove'; message: string; fields: Record<string, string[]>; values: Values }

/** Adds or removes a place to buy the item. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { user } = await requireUser(request, context)
  const itemId = itemIdOf(params.itemId)
  const form = await request.formData()
  const service = context.services.externalProducts
  const values: Values = { storeName: String(form.get('storeName') ?? '').slice(0, 200), url: String(form.get('url') ?? '').slice(0, 2000), price: String(form.get('price') ?? '').slice(0, 30) }
  const intent = form.get('intent') === 'remove' ? 'remove' : 'add'
  try {
    if (intent === 'remove') await service.removeOffer(itemId, Number(form.get('offerId')), user.id)
    else await service.addOffer(itemId, user.id, { storeName: values.storeName, url: values.url, priceCents: dollarsToCents(values.price) })
    return data<Result>({ ok: true, intent })
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_found' && intent === 'add') throw data(null, { status: 404 })
    const f = formFailure(error)
    return data<Result>({ ok: false, intent, message: f.message, fields: f.fields, values }, { status: f.status })
  }
}

export default function WhereToBuy({ loaderData, actionData }: Route.ComponentProps) {
  const { item, offers } = loaderData
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const failed = actionData && !actionData.ok ? actionData : null
  const addFailed = failed?.intent === 'add' ? failed : null
  const err = (name: string) => addFailed?.fields[name]?.[0]
  const addForm = useRef<HTMLFormElement>(null)
  useFocusFirstInvalid(addForm, addFailed ?? undefined)
  // A successful add clears the form (a new key), a failed one keeps what was typed.
  const formKey = actionData?.ok ? `added-${offers.length}` : 'form'
  return (
    <Container className="flex max-w-3xl flex-col gap-6 py-8 sm:py-10">
      <Link to="/registry/home" className="inline-flex items-center gap-1 self-start text-sm font-semibold text-berry-700 hover:underline">
        <Icon name="chevron-left" className="size-4" />
        Back to your registry
      </Link>
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">Where to buy</h1>
        <p className="mt-2 text-lg text-muted">
          <span className="font-semibold text-ink">{item.title}</span>. Add other stores that sell it, so guests can pick the one that suits them.
        </p>
      </header>
      {actionData?.ok ? (
        <Alert tone="success">{actionData.intent === 'add' ? 'Store added. Guests see it under “Where to buy”.' : 'Store removed.'}</Alert>
      ) : null}
      {failed && failed.intent === 'remove' ? <Alert tone="error">{failed.message}</Alert> : null}
      <Card as="section" aria-labelledby="stores-heading" className="p-5 sm:p-6">
        <h2 id="stores-heading" className="text-xl font-bold">
          Stores guests see
        </h2>
        <ul className="mt-3 flex flex-col divide-y divide-line">
          <li className="flex flex-wrap items-center justify-between gap-2 py-3">
            <span>
              <span className="font-semibold">{item.productId !== null ? 'Nestlist Shop' : item.storeName}</span>
              <span className="text-muted">&nbsp;· where you added it</span>
            </span>
            <span className="font-bold">{formatCents(item.priceCents)}</span>
          </li>
          {offers.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <span className="min-w-0 break-words">
                <span className="font-semibold">{o.storeName}</span> <span className="text-sm text-muted break-all">{o.url}</span>
              </span>
              <span className="flex items-center gap-3">
                <span className="font-bold">{formatCents(o.priceCents)}</span>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="offerId" value={o.id} />
                  <Button type="submit" size="sm" variant="ghost" aria-label={`Remove ${o.storeName}`} disabled={busy}>
                    Remove
                  </Button>
                </Form>
              </span>
            </li>
          ))}
        </ul>
      </Card>
      <Card as="section" aria-labelledby="add-store-heading" className="p-5 sm:p-6">
        <h2 id="add-store-heading" className="text-xl font-bold">
          Add another store
        </h2>
        {addFailed ? (
          <Alert tone="error" className="mt-3">
            {addFailed.message}
          </Alert>
        ) : null}
        <Form ref={addForm} key={formKey} method="post" className="mt-4 flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="add" />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Store name" name="storeName" defaultValue={addFailed?.values.storeName ?? ''} error={err('storeName')} required maxLength={80} />
            <TextField label="Price" hint="In US dollars, like 24.99" name="price" inputMode="decimal" defaultValue={addFailed?.values.price ?? ''} error={err('priceCents')} required />
          </div>
          <TextField label="Link to the product there" name="url" type="url" inputMode="url" placeholder="https://" defaultValue={addFailed?.values.url ?? ''} error={err('url')} required />
          <div>
            <Button type="submit" pending={busy && navigation.formData?.get('intent') === 'add'} pendingLabel="Adding…" icon={<Icon name="tag" className="size-5" />}>
              Add store
            </Button>
          </div>
        </Form>
      </Card>
    </Container>
  )
}
