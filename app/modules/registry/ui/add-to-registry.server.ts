// Server side of 'Add to Registry': what the product page offers this viewer, and reading the form.
import type { AppLoadContext } from 'react-router'
import { getViewer } from '~/modules/accounts/auth.server'
import type { RegistryService } from '../registry.service.server'

/** Where the add form posts (the registry-building page's action). */
export const ADD_TO_REGISTRY_ACTION = '/registry/add-items'

/** What the product page shows: nothing (gift cards), sign in, create a registry first, or the add form. */
export type AddToRegistryState =
  | { kind: 'hidden' }
  | { kind: 'anonymous' }
  | { kind: 'no-registry' }
  | { kind: 'owner'; registryTitle: string; categories: { id: number; title: string; isDefault: boolean }[] }

/** The product page's 'Add to Registry' state for this viewer (one session read, two small reads for owners). */
export async function addToRegistryState(request: Request, context: AppLoadContext, product: { productType: string }): Promise<AddToRegistryState> {
  // Gift cards are bought for someone, not wished for: the catalogue marks them and the button stays off.
  if (product.productType === 'gift_card') return { kind: 'hidden' }
  const viewer = await getViewer(request, context)
  return addToRegistryStateFor(viewer?.user.id ?? null, context.services.registry)
}

/**
 * The block's state for a signed-in user (null: nobody) on a product that is not a gift card: also what the page
 * cache puts into the shared copy of a product page for them (server/personal-copy.ts).
 */
export async function addToRegistryStateFor(userId: number | null, registry: Pick<RegistryService, 'addTargetFor'>): Promise<AddToRegistryState> {
  if (userId === null) return { kind: 'anonymous' }
  const target = await registry.addTargetFor(userId)
  if (!target) return { kind: 'no-registry' }
  return { kind: 'owner', registryTitle: target.title, categories: target.categories }
}

/** The add form's fields as the registry service's addItem input (the service validates them). */
export function addItemFormInput(form: FormData) {
  const text = (name: string, max: number) => String(form.get(name) ?? '').slice(0, max)
  const options: Record<string, string> = {}
  for (const key of ['size', 'color'] as const) {
    const value = text(key, 60).trim()
    if (value) options[key] = value
  }
  const categoryId = text('categoryId', 20)
  return {
    productId: text('productId', 20),
    quantity: text('quantity', 20) || '1',
    note: text('note', 5000),
    mostWanted: form.get('mostWanted') === 'on' || form.get('mostWanted') === 'true',
    categoryId: categoryId === '' ? undefined : categoryId,
    options,
  }
}
