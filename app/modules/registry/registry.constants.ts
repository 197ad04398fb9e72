// Registry reference lists and limits (spec §3 'Reference lists and enumerations', §9). No server imports.

export const REGISTRY_TYPES = ['baby', 'birthday', 'holiday'] as const
export type RegistryType = (typeof REGISTRY_TYPES)[number]

export const PLANNING_STAGES = ['pregnant', 'adopting', 'surrogate', 'fostering', 'conceiving'] as const
export type PlanningStage = (typeof PLANNING_STAGES)[number]
export const planningStageLabels: Record<PlanningStage, string> = {
  pregnant: 'Pregnant',
  adopting: 'Adopting',
  surrogate: 'Using a surrogate',
  fostering: 'Fostering',
  conceiving: 'Trying to conceive',
}

export const EXPECTING_OPTIONS = ['girl', 'boy', 'unknown', 'notFindingOut'] as const
export type Expecting = (typeof EXPECTING_OPTIONS)[number]
export const expectingLabels: Record<Expecting, string> = {
  girl: 'A girl',
  boy: 'A boy',
  unknown: "We don't know yet",
  notFindingOut: "We're not finding out",
}

export const SHOWER_GUEST_COUNTS = ['1-10', '11-20', '21-30', '31-40', '41-50', '50+'] as const
export const SHOWER_GUEST_TYPES = ['Family', 'Friends', 'Friends & Family', 'Work Friends', 'Other'] as const

/** Who can find the registry. The spec's 'public' is stored as 'google' (search engines may list it). */
export const SEARCH_LEVELS = ['nestlist', 'private', 'google'] as const
export type SearchLevel = (typeof SEARCH_LEVELS)[number]
export const searchLevelLabels: Record<SearchLevel, { label: string; description: string }> = {
  nestlist: { label: 'Nestlist only', description: 'Anyone can find it by name on Nestlist; search engines do not list it.' },
  private: { label: 'Private', description: 'Only people with your link can see it. It never appears in search.' },
  google: { label: 'Public', description: 'Findable on Nestlist and by search engines like Google.' },
}

/** Spec §9 category ids: the uneditable category and the cash-and-gift pseudo-category. */
export const UNEDITABLE_CATEGORY_ID = 1
export const CASH_AND_GIFT_CATEGORY_ID = -13

/** Default categories a new baby registry starts with (the first is the uneditable one). */
export const DEFAULT_CATEGORIES: Record<RegistryType, string[]> = {
  baby: ['Registry Must-Haves', 'Nursery', 'Gear', 'Feeding', 'Clothing', 'Bath & Potty', 'Play'],
  birthday: ['Wish List', 'Toys & Games', 'Books', 'Clothing', 'Experiences'],
  holiday: ['Wish List', 'Gifts', 'Stocking Stuffers', 'Experiences'],
}

export const MAX_QUANTITY = 99
export const NOTE_MAX = 500

/** A gift reserved and neither bought nor given back this many days later: the giver is asked once (docs/decisions/013, h15). */
export const RESERVATION_REMINDER_DAYS = 7
/**
 * A reserved gift not bought within this many days is given back to the registry, so a forgotten promise does
 * not leave the family without it (the giver is reminded after RESERVATION_REMINDER_DAYS and told when it goes).
 * Reservations made before this rule (expires_at null) never expire.
 */
export const RESERVATION_HOLD_DAYS = 14
/** The date a gift reserved at `from` is held until. */
export const holdEndsAt = (from: Date) => new Date(from.getTime() + RESERVATION_HOLD_DAYS * 86_400_000)
