// When 'Buy now in one step' (/quick_buy, docs/decisions/026) is offered: only to a shopper who has both a saved
// shipping address and a saved card that has not expired. Without either the one step cannot happen, so the product
// page shows only Add to Cart.
import { type AnyColumn, type SQL, sql } from 'drizzle-orm'

/** Does the user (a value or another statement's user id column) have a saved address and an unexpired saved card? */
export const quickBuyOfferedOf = (userId: AnyColumn | SQL) =>
  sql<boolean>`(exists (select 1 from addresses a where a.user_id = ${userId})
    and exists (select 1 from saved_payment_methods c where c.user_id = ${userId}
      and c.exp_year * 12 + c.exp_month >= extract(year from now() at time zone 'utc')::int * 12 + extract(month from now() at time zone 'utc')::int))`
