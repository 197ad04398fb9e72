// Group gift amounts (docs/decisions/030, h12): the goal, what is left, and the chip-in range. Pure, no server
// imports: the pages, the API and the service share them.
import { groupGiftGoalCents } from '../config/app-config'
import { CONTRIBUTION_MAX_CENTS, CONTRIBUTION_MIN_CENTS } from './cash-funds.strings'

/** The smallest chip-in, unless less than that is left (then exactly what is left finishes it). */
export const CHIP_IN_MIN_CENTS = 500

/** A group gift's money as guests see it: confirmed chip-ins count as funded; held ones already take their share. */
export type GroupGiftProgress = {
  goalCents: number
  /** The goal was fixed when the first guest chipped in: a later price change does not move it. */
  goalFixed: boolean
  /** Confirmed (charged) chip-ins. */
  fundedCents: number
  /** People whose chip-in was charged (a count, never names). */
  contributorCount: number
  /** What guests can still chip in: the goal less confirmed and held (pending) chip-ins; 0 once fully funded. */
  leftCents: number
  /** Nothing (or under a dollar) is left to chip in. */
  fullyFunded: boolean
  /** The family has taken the fund (store credit or a transfer): no more chip-ins. */
  redeemed: boolean
}

/** The item's fields the goal comes from: the stored goal once fixed, else price × quantity + the buffer. */
export type GroupGiftGoalSource = { priceCents: number; quantityNeeded: number; groupGiftGoalCents: number | null }

/** A group gift's goal: fixed (stored) since the first chip-in, else what price × quantity + the buffer make now. */
export function groupGiftGoalOf(item: GroupGiftGoalSource): number {
  return item.groupGiftGoalCents ?? groupGiftGoalCents(item.priceCents, item.quantityNeeded)
}

/**
 * The progress of a group gift. Under a dollar left counts as fully funded: a chip-in is at least $1 (the
 * payments floor), and the buffer covers such a remainder many times over.
 */
export function groupGiftProgress(item: GroupGiftGoalSource, money: { confirmedCents: number; pendingCents: number; confirmedCount: number; redeemed: boolean }): GroupGiftProgress {
  const goalCents = groupGiftGoalOf(item)
  const rawLeft = goalCents - money.confirmedCents - money.pendingCents
  const fullyFunded = rawLeft < CONTRIBUTION_MIN_CENTS
  return {
    goalCents,
    goalFixed: item.groupGiftGoalCents !== null,
    fundedCents: money.confirmedCents,
    contributorCount: money.confirmedCount,
    leftCents: money.redeemed || fullyFunded ? 0 : rawLeft,
    fullyFunded,
    redeemed: money.redeemed,
  }
}

/** The chip-in range for what is left: from $5 (or the whole remainder when less is left) to the remainder (at most one card payment's cap). */
export function chipInRange(leftCents: number): { minCents: number; maxCents: number } | null {
  if (leftCents < CONTRIBUTION_MIN_CENTS) return null
  return { minCents: Math.min(CHIP_IN_MIN_CENTS, leftCents), maxCents: Math.min(leftCents, CONTRIBUTION_MAX_CENTS) }
}
