// Gift card limits and presets: plain values the pages' client code can import without zod (decision 018).

/** 32 symbols without look-alikes (no 0/O, no 1/I): 16 of them carry 80 random bits. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'
export const CODE_LENGTH = 16
/** Amounts offered as one tap on the purchase form (any whole-dollar amount in the range is allowed too). */
export const PRESET_AMOUNTS_CENTS = [2_500, 5_000, 10_000, 25_000] as const
export const GIFT_MESSAGE_MAX = 300
/** How many cards of one design, amount and recipient one cart line may hold. */
export const MAX_GIFT_CARDS_PER_LINE = 10
/** Registry gifts can be returned for store credit within this many months of the order (spec §9: 9 months). */
export const GIFT_RETURN_WINDOW_MONTHS = 9
/** Failed redemptions allowed per account and per network address in an hour. */
export const REDEEM_FAILURES_PER_HOUR = 10
/** The most promotional store credit one staff grant may give. */
export const PROMOTION_MAX_CENTS = 50_000
