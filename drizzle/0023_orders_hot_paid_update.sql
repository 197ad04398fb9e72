-- docs/decisions/025, h13: no index on orders names the status any more, so an order's placed -> paid update
-- (right after it is placed) can be a HOT update: the new row version on the same page, no index entries.
-- Reconcile finds placed orders through their payments not yet captured (payments_unsettled_idx): an order now
-- turns paid in the same commit as its payment's capture, and one paid by gift cards and credit alone is paid
-- when placed. Orders left placed with nothing left to charge (a crash between the two writes before this
-- change, or no card payment) are marked paid here; their gift cards, if any, are issued by the gift cards'
-- reconcile (paid orders whose gift cards are missing).
DROP INDEX "orders_placed_idx";--> statement-breakpoint
UPDATE "orders" o SET "status" = 'paid', "updated_at" = now() FROM "payments" p WHERE o."status" = 'placed' AND o."payment_id" = p."id" AND p."status" = 'captured';--> statement-breakpoint
UPDATE "orders" SET "status" = 'paid', "updated_at" = now() WHERE "status" = 'placed' AND "payment_id" IS NULL;--> statement-breakpoint
-- Room on each page for the paid row versions: orders are updated ~10-20 ms after they are inserted, when
-- newer orders have filled their page. Applies to pages filled from now on.
ALTER TABLE "orders" SET (fillfactor = 60);
