/** Electronic gift cards are sold from $25 to $1,000 (spec §9), in integer cents. */
export const ELECTRONIC_GIFT_CARD_MIN_CENTS = 2_500
export const ELECTRONIC_GIFT_CARD_MAX_CENTS = 100_000
