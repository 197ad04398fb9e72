import { useEffect, useRef } from 'react'
import { data, Form, Link, useNavigation } from 'react-router'
import { type FormFailure, formFailure } from '~/lib/form-errors'
import { requireStaff } from '~/modules/accounts/auth.server'
import { staffToolStrings as t } from '~/modules/inventory/staff-tools.strings'
import { Button, Card, TextField } from '~/ui'
import { StaffPageHeader, StaffSearchForm } from '~/components/staff-page'
import type { Route } from './+types/stock'

export const meta = () => [{ title: `${t.stockTitle} | Nestlist staff` }, { name: 'robots', content: 'noindex' }]
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

/** /admin/stock: staff find a product by name or id and set each option's stock. Everyone else gets the 404 page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context)
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 100)
  const products = q ? await context.services.inventory.staffFind(q) : []
  return { q, products }
}

type StockResult =
  | { ok: true; productId: number; optionKey: string; quantity: number; message: string }
  | (FormFailure & { productId: number; optionKey: string; typed: string })

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request, context)
  const form = await request.formData()
  const productId = Number(form.get('productId')) || 0
  const optionKey = String(form.get('optionKey') ?? '')
  const typed = String(form.get('quantity') ?? '').slice(0, 20)
  try {
    const saved = await context.services.inventory.setStock({ productId, optionKey, quantity: typed, expected: form.get('expected') })
    return data<StockResult>({ ok: true, productId, optionKey, quantity: saved.quantity, message: t.stockSaved(saved.name, saved.label, saved.quantity, saved.notified) })
  } catch (error) {
    const failure = formFailure(error)
    return data<StockResult>({ ...failure, productId, optionKey, typed }, { status: failure.status })
  }
}

/** One option's stock: a number field and Save (a plain form post; the page reloads the counts after). */
function StockRow({ productId, productName, option, result }: { productId: number; productName: string; option: { optionKey: string; label: string; quantity: number }; result: StockResult | undefined }) {
  const navigation = useNavigation()
  const mine = result && result.productId === productId && result.optionKey === option.optionKey ? result : undefined
  const saving = navigation.state === 'submitting' && navigation.formData?.get('productId') === String(productId) && navigation.formData?.get('optionKey') === option.optionKey
  const id = `stock-${productId}-${option.optionKey.replace(/[^A-Za-z0-9]+/g, '-') || 'one'}`
  const error = mine && !mine.ok ? (mine.fields.quantity?.[0] ?? mine.message) : undefined
  const inputRef = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (error) inputRef.current?.focus()
  }, [error])
  return (
    <Form method="post" className="flex flex-col gap-2 sm:flex-row sm:items-end" aria-label={t.stockFormLabel(productName, option.label)}>
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="optionKey" value={option.optionKey} />
      <input type="hidden" name="expected" value={option.quantity} />
      <TextField
        ref={inputRef}
        id={id}
        key={`${option.quantity}-${mine?.ok ? 'saved' : 'typed'}`}
        name="quantity"
        label={t.stockFieldLabel(option.label)}
        hint={option.quantity === 0 ? t.soldOut : t.inStock(option.quantity)}
        inputMode="numeric"
        required
        defaultValue={mine && !mine.ok ? mine.typed : String(option.quantity)}
        error={error}
        containerClassName="sm:w-64"
        className="tabular-nums"
      />
      <Button type="submit" variant="secondary" pending={saving} pendingLabel={t.saving}>
        {t.save}
      </Button>
    </Form>
  )
}

export default function AdminStock({ loaderData, actionData }: Route.ComponentProps) {
  const { q, products } = loaderData
  const result = actionData as StockResult | undefined
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <StaffPageHeader title={t.stockTitle} success={result?.ok ? result.message : null}>
        {t.stockIntro}
      </StaffPageHeader>
      <StaffSearchForm label={t.stockSearchLabel} name="q" field={t.stockSearchField} hint={t.stockSearchHint} value={q} submitLabel={t.find} maxLength={100} />
      {q && products.length === 0 ? <p className="text-base text-muted">{t.noProducts(q)}</p> : null}
      <ul className="flex flex-col gap-4">
        {products.map((p) => (
          <li key={p.id}>
            <Card as="section" aria-labelledby={`product-${p.id}`} className="flex flex-col gap-4 p-4 sm:p-5">
              <div>
                <h2 id={`product-${p.id}`} className="text-lg font-bold text-ink">
                  <Link to={p.href} className="underline underline-offset-2 hover:text-berry-700">
                    {p.name}
                  </Link>
                </h2>
                <p className="text-sm text-muted">
                  {t.productId(p.id)}&nbsp;· {t.waiting(p.waiting)}
                </p>
              </div>
              <div className="flex flex-col gap-4">
                {p.options.map((o) => (
                  <StockRow key={o.optionKey} productId={p.id} productName={p.name} option={o} result={result} />
                ))}
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  )
}
