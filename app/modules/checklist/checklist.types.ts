import type { ChecklistPriority } from './checklist.content'

/** A suggested item as everyone sees it (public checklist, PDF, quiz). */
export type ChecklistItemView = {
  id: number
  title: string
  why: string
  quantity: string
  priority: ChecklistPriority
  shopCategorySlug: string
  /** 'Shop this': the store category page. */
  shopHref: string
}

export type ChecklistCategoryView = {
  id: number
  slug: string
  title: string
  guidance: string
  items: ChecklistItemView[]
}

export type ChecklistProgress = { checked: number; total: number; percent: number }

/** An item on the owner's checklist: checked by a matching registry item, by hand, or not yet. */
export type OwnerChecklistItem = ChecklistItemView & {
  checked: boolean
  /** registry: a live registry item or cash fund matches (see `matches` and `cashFunds`); manual: the owner checked it; null: not checked. */
  checkedBy: 'registry' | 'manual' | null
  /** True when the owner also ticked it by hand (kept if the matching registry items go). */
  manuallyChecked: boolean
  /** The registry items (not removed) whose shop product is in the item's shop category or below it. */
  matches: { regItemId: number; title: string }[]
  /** For the 'Cash fund' suggestion only: the registry's cash funds (not removed), which check it too. */
  cashFunds: { cashFundId: number; title: string }[]
}

export type OwnerChecklistCategory = Omit<ChecklistCategoryView, 'items'> & { items: OwnerChecklistItem[]; progress: ChecklistProgress }

export type OwnerChecklist = {
  registryId: number
  registryTitle: string
  progress: ChecklistProgress
  categories: OwnerChecklistCategory[]
}
