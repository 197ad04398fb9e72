// Server side of 'Add to Registry': what the product page offers this viewer, and reading the form.

/** Where the add form posts (the registry-building page's action). */
export const ADD_TO_REGISTRY_ACTION = '/registry/add-items'

/** What the product page shows: nothing (gift cards), sign in, create a registry first, or the add form. */
export type AddToRegistryState =
  | { kind: 'hidden' }
  | { kind: 'anonymous' }
  | { kind: 'no-registry' }
  | { kind: 'owner'; registryTitle: string; categories: { id: number; title: string; isDefault: boolean }[] }

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
