// The gift tracker's money totals (decision 030, h13). Pure: the page and the tests share it.

export type CountedContribution = { amountCents: number; status: 'pending' | 'confirmed' | 'cancelled'; waitingInGroupGift: boolean }

export type ContributionTotals = {
  /** Money that reached the family: charged cash fund gifts (paid out when charged) and chip-ins of group gifts whose fund they used. */
  receivedCents: number
  /** Charged chip-ins still in group gift funds the family has not used yet: theirs once they use the fund. */
  waitingCents: number
  /** Held on givers' cards, not charged yet (counted nowhere else). */
  chargingCents: number
}

/**
 * Cash fund gifts and group gift chip-ins counted the same way: money counts as received when it reaches the
 * family. A cash fund gift does when it is charged; a chip-in when its group gift's fund is redeemed (until
 * then it waits in the fund). Declined and refunded ones count nowhere.
 */
export function contributionTotals(lines: CountedContribution[]): ContributionTotals {
  const totals: ContributionTotals = { receivedCents: 0, waitingCents: 0, chargingCents: 0 }
  for (const c of lines) {
    if (c.status === 'pending') totals.chargingCents += c.amountCents
    else if (c.status === 'confirmed') {
      if (c.waitingInGroupGift) totals.waitingCents += c.amountCents
      else totals.receivedCents += c.amountCents
    }
  }
  return totals
}
