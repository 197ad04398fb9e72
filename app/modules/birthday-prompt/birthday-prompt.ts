// Spec §5 'Birthday modal trigger' and §4 'Birthday prompt': whether to offer a birthday wishlist, and
// the dismissed flag kept in this browser. Pure apart from the two storage helpers; safe in the browser.
import { BIRTHDAY_PROMPT } from '../config/app-config'

const DAY_MS = 86_400_000

/** What the trigger needs to know about the signed-in user (spec §3 'User'). */
export type BirthdayPromptUser = {
  id: number
  /** ISO timestamp. */
  createdAt: string
  registries: { id: number; ownerId: number; registryType: string }[]
}

/** The facts the browser needs, from the signed-in user and the registries they own (newest first). */
export function birthdayPromptFacts(
  user: { id: number; createdAt: Date },
  owned: readonly { id: number; ownerId: number; registryType: string }[],
): BirthdayPromptUser {
  return { id: user.id, createdAt: user.createdAt.toISOString(), registries: owned.map((r) => ({ id: r.id, ownerId: r.ownerId, registryType: r.registryType })) }
}

/**
 * All must hold, else nothing happens: a user is present; the account was created more than 7 days ago;
 * the user has at least one registry; none of the user's registries is a birthday one; the dismissed flag
 * is not set. (The caller then waits 5 seconds before opening the modal.)
 */
export function shouldOfferBirthdayWishlist(user: BirthdayPromptUser | null | undefined, now: number, dismissed: boolean): boolean {
  if (!user) return false
  const created = Date.parse(user.createdAt)
  if (!Number.isFinite(created) || now - created <= BIRTHDAY_PROMPT.accountMinAgeDays * DAY_MS) return false
  if (user.registries.length === 0) return false
  if (user.registries.some((r) => r.registryType === 'birthday')) return false
  return !dismissed
}

/** True when this browser has already shown the modal. Unreadable storage counts as dismissed (never nag). */
export function readBirthdayDismissed(storage: Pick<Storage, 'getItem'> | undefined): boolean {
  try {
    return storage ? storage.getItem(BIRTHDAY_PROMPT.dismissedStorageKey) !== null : true
  } catch {
    return true
  }
}

/** Stores the dismissed flag (once the modal opens). */
export function storeBirthdayDismissed(storage: Pick<Storage, 'setItem'> | undefined, now: number): void {
  try {
    storage?.setItem(BIRTHDAY_PROMPT.dismissedStorageKey, new Date(now).toISOString())
  } catch {
    // Private mode: the modal may show again next time; nothing else to do.
  }
}
