import { data, Link, redirect } from 'react-router'
import { sharedLink } from '~/modules/external-products/shared-link'
import { flashCookie } from '~/lib/flash.server'
import { formFailure } from '~/lib/form-errors'
import { requireUser } from '~/modules/accounts/auth.server'
import type { PreviewFailureReason } from '~/modules/external-products/external-products.service.server'
import { dollarsToCents } from '~/modules/external-products/external-products.validation'
import {
  centsToPriceText,
  type ExternalFormImage,
  type ExternalFormValues,
  ExternalItemForm,
  PreviewSummary,
} from '~/modules/external-products/ui/external-item-form'
import { PasteLinkBox } from '~/modules/external-products/ui/paste-link-box'
import { ownerRegistryFor } from '~/modules/registry/ui/owner-registry.server'
import { Alert, Card, Container } from '~/ui'
import type { Route } from './+types/save-item'

export const meta = () => [{ title: 'Add from any store | Nestlist' }, { name: 'robots', content: 'noindex' }]
export const headers = () => ({ 'Cache-Control': 'private, no-store' })

const IMAGE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const imagePath = (id: string) => `/images/external/${id}.webp`

const emptyValues = (over: Partial<ExternalFormValues> = {}): ExternalFormValues => ({
  url: '',
  title: '',
  price: '',
  quantity: '1',
  categoryId: '',
  note: '',
  mostWanted: false,
  storeName: '',
  imageId: '',
  ...over,
})

type Stage =
  | { stage: 'paste'; pasted: string; pasteError: string | null }
  | { stage: 'preview'; values: ExternalFormValues; images: ExternalFormImage[]; found: { title: string | null; priceCents: number | null; currency: string | null; brand: string | null; description: string | null; storeName: string } }
  | { stage: 'manual'; values: ExternalFormValues; images: ExternalFormImage[]; reason: PreviewFailureReason | null; message: string | null }

/**
 * /registry/save_item (the paste box and the bookmarklet land here) and /registry/external (where the form
 * saves): ?url= reads the page and shows the editable preview; when it cannot be read, the manual form with
 * the reason. ?manual=1 is the manual form straight away. The bookmarklet also sends title, price, image
 * and store as read in the page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const registry = await ownerRegistryFor(request, context, user.id)
  if (!registry) throw redirect('/registry/new')
  const base = {
    registry: { id: registry.id, title: registry.title, categories: registry.categories.map((c) => ({ id: c.id, title: c.title, isDefault: c.isDefault })) },
  }
  const p = new URL(request.url).searchParams
  // ?url= from the paste box and the Nestlist button; a phone's Share menu may send the link inside ?text=.
  const link = sharedLink(p)
  const hints = { title: p.get('title'), price: p.get('price'), image: p.get('image'), store: p.get('store') }
  if (p.get('manual') === '1') {
    const values = emptyValues({ url: link, title: (hints.title ?? '').slice(0, 200), price: (hints.price ?? '').slice(0, 20), storeName: (hints.store ?? '').slice(0, 80) })
    return { ...base, view: { stage: 'manual', values, images: [], reason: null, message: null } satisfies Stage as Stage }
  }
  if (!link) return { ...base, view: { stage: 'paste', pasted: '', pasteError: null } satisfies Stage as Stage }
  try {
    const preview = await context.services.externalProducts.preview(user.id, link, hints)
    const values = emptyValues({ url: preview.url, title: preview.title ?? '', price: centsToPriceText(preview.priceCents), storeName: preview.storeName, imageId: preview.images[0]?.id ?? '' })
    if (preview.ok) {
      const found = { title: preview.title, priceCents: preview.priceCents, currency: preview.currency, brand: preview.brand, description: preview.description, storeName: preview.storeName }
      return { ...base, view: { stage: 'preview', values, images: preview.images, found } satisfies Stage as Stage }
    }
    return { ...base, view: { stage: 'manual', values, images: preview.images, reason: preview.reason, message: preview.message } satisfies Stage as Stage }
  } catch (error) {
    const failure = formFailure(error)
    return data({ ...base, view: { stage: 'paste', pasted: link, pasteError: failure.fields.url?.[0] ?? failure.message } satisfies Stage as Stage }, { status: failure.status })
  }
}

type SaveFailure = { ok: false; message: string; fields: Record<string, string[]>; values: ExternalFormValues; images: ExternalFormImage[] }

/** Saves the item; on a problem the same form comes back with every typed value and a message per field. */
export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireUser(request, context)
  const form = await request.formData()
  const text = (name: string, max: number) => String(form.get(name) ?? '').slice(0, max)
  const values: ExternalFormValues = {
    url: text('url', 2000),
    title: text('title', 400),
    price: text('price', 30),
    quantity: text('quantity', 12),
    categoryId: text('categoryId', 20),
    note: text('note', 1000),
    mostWanted: form.get('mostWanted') === 'true',
    storeName: text('storeName', 200),
    imageId: text('imageId', 40),
  }
  const images = form
    .getAll('imageOption')
    .map(String)
    .filter((id) => IMAGE_ID.test(id))
    .slice(0, 6)
    .map((id) => ({ id, path: imagePath(id) }))
  const registryId = Number(form.get('registryId'))
  try {
    await context.services.externalProducts.saveItem(registryId, user.id, {
      url: values.url,
      title: values.title,
      priceCents: dollarsToCents(values.price),
      quantity: values.quantity,
      categoryId: values.categoryId || undefined,
      note: values.note,
      mostWanted: values.mostWanted,
      storeName: values.storeName,
      imageId: values.imageId,
    })
  } catch (error) {
    const failure = formFailure(error)
    return data<SaveFailure>({ ok: false, message: failure.message, fields: failure.fields, values, images }, { status: failure.status })
  }
  const owned = await context.services.registry.ownedBy(user.id)
  throw redirect(owned.length > 1 ? `/registry/home?registry=${registryId}` : '/registry/home', { headers: { 'Set-Cookie': flashCookie('registry_item_added') } })
}

export default function SaveItem({ loaderData, actionData }: Route.ComponentProps) {
  const { registry } = loaderData
  const view = loaderData.view
  const failed = actionData && !actionData.ok ? (actionData as SaveFailure) : null
  return (
    <Container className="flex max-w-3xl flex-col gap-6 py-8 sm:py-10">
      <p className="text-sm text-muted">
        Adding to <span className="font-semibold text-ink">{registry.title}</span>&nbsp;·{' '}
        <Link to="/registry/home" className="font-semibold text-berry-700 underline underline-offset-2">
          Back to your registry
        </Link>
      </p>
      {failed ? (
        <>
          <h1 className="text-3xl font-extrabold tracking-tight">Check the item</h1>
          <Alert tone="error" title="We could not save it yet">
            {failed.message} Nothing you typed is lost.
          </Alert>
          <Card className="p-5 sm:p-6">
            <ExternalItemForm registryId={registry.id} categories={registry.categories} values={failed.values} images={failed.images} fields={failed.fields} mode="manual" />
          </Card>
        </>
      ) : view.stage === 'paste' ? (
        <>
          <PasteLinkBox defaultValue={view.pasted} error={view.pasteError ?? undefined} headingLevel={1} />
          <HowItWorks />
        </>
      ) : view.stage === 'preview' ? (
        <>
          <h1 className="text-3xl font-extrabold tracking-tight">Check the details</h1>
          <p className="text-muted">Change anything you like, then add it. Guests will see the store name and can buy it there.</p>
          <PreviewSummary {...view.found} />
          <Card className="p-5 sm:p-6">
            <ExternalItemForm registryId={registry.id} categories={registry.categories} values={view.values} images={view.images} mode="preview" />
          </Card>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-extrabold tracking-tight">Add the item yourself</h1>
          {view.message ? (
            <Alert tone="info" title="We couldn’t read that page">
              <p>
                {view.message} Fill in the details below and it goes on your registry just the same.{' '}
                <Link to={`/unable_to_add_reg_item?reason=${view.reason ?? ''}`} className="font-semibold underline underline-offset-2">
                  Why does this happen?
                </Link>
              </p>
            </Alert>
          ) : (
            <p className="text-muted">Type in what you’d like and where to buy it. Guests will see the store name and the link.</p>
          )}
          <Card className="p-5 sm:p-6">
            <ExternalItemForm registryId={registry.id} categories={registry.categories} values={view.values} images={view.images} mode="manual" />
          </Card>
        </>
      )}
    </Container>
  )
}

function HowItWorks() {
  return (
    <section aria-labelledby="how-heading" className="text-ink">
      <h2 id="how-heading" className="text-lg font-bold">
        How it works
      </h2>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-muted">
        <li>Copy the web address of the product page in any shop.</li>
        <li>Paste it above. We read the name, price and picture from the page.</li>
        <li>Check the details, choose how many and a category, and add it.</li>
      </ol>
    </section>
  )
}
