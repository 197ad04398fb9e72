// 'Add to Registry' on product pages: the form for owners, a way in for everyone else.
import { useEffect, useRef } from 'react'
import { useScripted } from '~/lib/use-scripted'
import { Link, useFetcher, useRouteLoaderData } from 'react-router'
import type { VisitorHeader } from '~/components/visitor'
import type { loader as rootLoader } from '~/root'
import type { FormFailure } from '~/lib/form-errors'
import { Alert, Button, Icon, LinkButton, TextField } from '~/ui'
import { MAX_QUANTITY, NOTE_MAX } from '../registry.constants'
import type { AddToRegistryState } from './add-to-registry.server'
import { CheckboxField, SelectField, TextAreaField } from './add-to-registry-fields'

/** Where the add form posts; kept here too so the browser bundle needs no server module. */
export const ADD_ITEM_ACTION = '/registry/add-items'

/** What the add action answers a script-driven submission. */
export type AddItemResult =
  | { ok: true; intent: 'add'; productId: number | null; title: string; at: number }
  | (FormFailure & { intent: 'add'; productId: number | null; at: number })

type Product = { productId: number; title: string; available: boolean; options: { sizes?: string[]; colors?: string[] } }

export { useScripted }

const fieldError = (result: AddItemResult | undefined, name: string) => (result && !result.ok ? result.fields[name]?.[0] : undefined)

/**
 * What the block offers this visitor (their facts come in the browser, app/components/visitor.tsx; until then, and
 * without JavaScript, the way in that works for everyone): nothing on gift cards, sign in, create a registry first,
 * or the add form.
 */
export function addToRegistryStateOf(productType: string, visitor: Pick<VisitorHeader, 'viewer' | 'addTarget'> | null): AddToRegistryState {
  // Gift cards are bought for someone, not wished for: the catalogue marks them and the button stays off.
  if (productType === 'gift_card') return { kind: 'hidden' }
  if (!visitor?.viewer) return { kind: 'anonymous' }
  if (!visitor.addTarget) return { kind: 'no-registry' }
  return { kind: 'owner', registryTitle: visitor.addTarget.title, categories: visitor.addTarget.categories }
}

/** The product page's 'Add to Registry' block. `path` is this product page, where a no-JS add comes back to. */
export function AddToRegistry({ state, product, path }: { state: AddToRegistryState; product: Product; path: string }) {
  if (state.kind === 'hidden') return null
  if (state.kind === 'anonymous') {
    return (
      <Panel>
        <p className="text-sm text-muted">Save this to your baby registry so friends and family know what you need.</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <LinkButton to={`/login?redirect_path=${encodeURIComponent(path)}`} icon={<Icon name="gift" className="size-5" />}>
            Add to Registry
          </LinkButton>
          <LinkButton to="/registry/new" variant="ghost">
            Start a registry
          </LinkButton>
        </div>
        <p className="mt-2 text-sm text-muted">Sign in first; we bring you back here.</p>
      </Panel>
    )
  }
  if (state.kind === 'no-registry') {
    return (
      <Panel>
        <p className="text-sm text-muted">Create your registry in a few minutes, then add this and everything else you are dreaming of.</p>
        <LinkButton to="/registry/new" className="mt-3" icon={<Icon name="gift" className="size-5" />}>
          Add to Registry
        </LinkButton>
        <p className="mt-2 text-sm text-muted">You will start a registry first.</p>
      </Panel>
    )
  }
  if (!product.available) {
    return (
      <Panel>
        <p className="text-sm text-muted">This item is out of stock, so it cannot be added to your registry right now.</p>
      </Panel>
    )
  }
  return <AddForm state={state} product={product} path={path} />
}

function Panel({ children }: { children: React.ReactNode }) {
  return (
    <section aria-labelledby="add-to-registry-heading" className="rounded-card border border-line bg-white p-4 shadow-card sm:p-5">
      <h2 id="add-to-registry-heading" className="flex items-center gap-2 text-base font-bold">
        <Icon name="gift" className="size-5 text-berry-700" />
        Add to your registry
      </h2>
      <div className="mt-2">{children}</div>
    </section>
  )
}

/** The owner's form (one per page: its fields carry fixed ids). */
function AddForm({ state, product, path }: { state: Extract<AddToRegistryState, { kind: 'owner' }>; product: Product; path: string }) {
  const fetcher = useFetcher<AddItemResult>({ key: `add-to-registry-${product.productId}` })
  const scripted = useScripted()
  const flash = useRouteLoaderData<typeof rootLoader>('root')?.flash
  const result = fetcher.data
  const pending = fetcher.state !== 'idle'
  // A no-JavaScript add comes back here with a flash; a script-driven one answers with data.
  const added = (result?.ok && fetcher.state === 'idle') || (!result && flash?.key === 'registry_item_added')
  const failure = result && !result.ok ? result : undefined
  const form = useRef<HTMLFormElement>(null)
  const defaultCategory = state.categories.find((c) => c.isDefault) ?? state.categories[0]
  useEffect(() => {
    if (failure) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [failure])
  const sizes = product.options.sizes ?? []
  const colors = product.options.colors ?? []
  return (
    <Panel>
      <fetcher.Form ref={form} method="post" action={ADD_ITEM_ACTION} className="flex flex-col gap-4" noValidate>
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="productId" value={product.productId} />
        <input type="hidden" name="returnTo" value={path} />
        {scripted ? <input type="hidden" name="js" value="1" /> : null}
        <p className="text-sm text-muted">
          Adding to <span className="font-semibold text-ink">{state.registryTitle}</span>
        </p>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            id="add-to-registry-quantity"
            label="Quantity"
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_QUANTITY}
            step={1}
            defaultValue={1}
            required
            error={fieldError(result, 'quantity')}
          />
          {sizes.length > 0 ? (
            <SelectField id="add-to-registry-size" label="Size" name="size" defaultValue={sizes.length === 1 ? sizes[0] : ''} error={fieldError(result, 'options.size')}>
              {sizes.length > 1 ? <option value="">Any size</option> : null}
              {sizes.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </SelectField>
          ) : null}
          {colors.length > 0 ? (
            <SelectField id="add-to-registry-color" label="Color" name="color" defaultValue={colors.length === 1 ? colors[0] : ''} error={fieldError(result, 'options.color')}>
              {colors.length > 1 ? <option value="">Any color</option> : null}
              {colors.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </SelectField>
          ) : null}
        </div>
        <details className="group rounded-xl border border-line bg-cream-50 px-3 py-2" open={Boolean(failure && (fieldError(result, 'note') || fieldError(result, 'categoryId')))}>
          <summary className="cursor-pointer py-1 text-sm font-semibold text-ink">Category, note and 'Most wanted'</summary>
          <div className="flex flex-col gap-4 pt-3 pb-2">
            <SelectField id="add-to-registry-category" label="Category" name="categoryId" defaultValue={defaultCategory?.id} error={fieldError(result, 'categoryId')}>
              {state.categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </SelectField>
            <TextAreaField
              id="add-to-registry-note"
              label="Note for your guests"
              name="note"
              optional
              maxLength={NOTE_MAX}
              placeholder="The gray one, please!"
              error={fieldError(result, 'note')}
            />
            <CheckboxField id="add-to-registry-most-wanted" name="mostWanted" label="Most wanted" hint="We show it first and mark it for your guests." />
          </div>
        </details>
        {failure && Object.keys(failure.fields).length === 0 ? <Alert tone="error">{failure.message}</Alert> : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" pending={pending} pendingLabel="Adding…" icon={<Icon name="gift" className="size-5" />}>
            Add to Registry
          </Button>
        </div>
        {added ? (
          <Alert tone="success">
            Added to your registry.{' '}
            <Link to="/registry/home" className="font-semibold text-berry-700 underline underline-offset-2">
              View your registry
            </Link>
          </Alert>
        ) : null}
      </fetcher.Form>
    </Panel>
  )
}
