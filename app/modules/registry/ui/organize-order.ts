// Pure ordering for the organise page: the server uses it to turn 'move up' into a full order, the page
// to show a move at once while it is saved. No server imports.
import type { OwnerItem, OwnerRegistry } from '../registry.types'

export type Direction = 'up' | 'down'

export type OrganizeCategory = { id: number; title: string; isDefault: boolean; items: OwnerItem[] }

/** Categories in order, each with its live (not removed) items in order. */
export function groupItems(registry: Pick<OwnerRegistry, 'categories' | 'items'>): OrganizeCategory[] {
  const live = registry.items.filter((i) => !i.removed)
  return [...registry.categories]
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map((c) => ({
      id: c.id,
      title: c.title,
      isDefault: c.isDefault,
      items: live.filter((i) => i.categoryId === c.id).sort((a, b) => a.position - b.position || a.id - b.id),
    }))
}

/** `ids` with `id` one step up or down; unchanged at either end or when absent. */
export function moveInList<T>(ids: T[], id: T, direction: Direction): T[] {
  const from = ids.indexOf(id)
  const to = direction === 'up' ? from - 1 : from + 1
  if (from < 0 || to < 0 || to >= ids.length) return ids
  const next = [...ids]
  next.splice(from, 1)
  next.splice(to, 0, id)
  return next
}

/** `ids` with `id` placed just before `beforeId` (or at the end when null): a drop. */
export function placeBefore<T>(ids: T[], id: T, beforeId: T | null): T[] {
  if (id === beforeId) return ids
  const rest = ids.filter((x) => x !== id)
  const at = beforeId === null ? rest.length : rest.indexOf(beforeId)
  rest.splice(at < 0 ? rest.length : at, 0, id)
  return rest
}

/** Parses '3,1,2' into ids (at most 500, positive integers only). */
export function idList(value: FormDataEntryValue | null): number[] {
  if (typeof value !== 'string' || value.length > 10_000) return []
  return value
    .split(',')
    .slice(0, 500)
    .map((v) => Number(v))
    .filter((n) => Number.isSafeInteger(n) && n > 0)
}

const byIds = <T extends { id: number }>(all: T[], ids: number[]) => {
  const map = new Map(all.map((x) => [x.id, x]))
  const ordered = ids.map((id) => map.get(id)).filter((x): x is T => Boolean(x))
  // Anything the ids left out keeps its place at the end: a stale list never hides a row.
  return [...ordered, ...all.filter((x) => !ids.includes(x.id))]
}

/** The layout with a pending reorder applied (for instant feedback while it saves). */
export function applyPending(categories: OrganizeCategory[], form: FormData | undefined): OrganizeCategory[] {
  if (!form) return categories
  const intent = form.get('intent')
  const id = Number(form.get('id'))
  switch (intent) {
    case 'move-category':
      return byIds(categories, moveInList(categories.map((c) => c.id), id, form.get('direction') === 'up' ? 'up' : 'down'))
    case 'reorder-categories':
      return byIds(categories, idList(form.get('ids')))
    case 'move-item':
      return categories.map((c) =>
        c.items.some((i) => i.id === id) ? { ...c, items: byIds(c.items, moveInList(c.items.map((i) => i.id), id, form.get('direction') === 'up' ? 'up' : 'down')) } : c,
      )
    case 'reorder-items': {
      const target = Number(form.get('categoryId'))
      const ids = idList(form.get('ids'))
      const all = categories.flatMap((c) => c.items)
      return categories.map((c) =>
        c.id === target
          ? { ...c, items: byIds(all.filter((i) => ids.includes(i.id) || i.categoryId === c.id), ids).map((i) => ({ ...i, categoryId: c.id })) }
          : { ...c, items: c.items.filter((i) => !ids.includes(i.id)) },
      )
    }
    case 'item-category': {
      const target = Number(form.get('categoryId'))
      const item = categories.flatMap((c) => c.items).find((i) => i.id === id)
      if (!item || !categories.some((c) => c.id === target)) return categories
      return categories.map((c) =>
        c.id === target ? { ...c, items: [...c.items.filter((i) => i.id !== id), { ...item, categoryId: target }] } : { ...c, items: c.items.filter((i) => i.id !== id) },
      )
    }
    default:
      return categories
  }
}
