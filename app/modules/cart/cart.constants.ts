// Shop money rules (spec §9), in integer cents. One definition for the cart, checkout and the pages.

/** Standard shipping is free when the items that ship reach this subtotal ($45). */
export const FREE_SHIPPING_THRESHOLD_CENTS = 4_500
/** Standard shipping otherwise ($7.99). */
export const STANDARD_SHIPPING_CENTS = 799
/** How many of one product (with the same options, for the same registry) one cart line can hold. */
export const MAX_LINE_QUANTITY = 99
/** How many lines a cart can hold. */
export const MAX_CART_LINES = 100
