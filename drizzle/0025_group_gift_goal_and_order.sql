ALTER TABLE "group_gift_redemptions" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "reg_items" ADD COLUMN "group_gift_goal_cents" integer;--> statement-breakpoint
ALTER TABLE "group_gift_redemptions" ADD CONSTRAINT "group_gift_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Group gifts guests already chipped in to: their goal is fixed now, as it stands (decision 030, h13).
UPDATE "reg_items" SET "group_gift_goal_cents" = ceil("price_cents"::numeric * "quantity_needed" * 110 / 100)::int WHERE "group_gift" AND EXISTS (SELECT 1 FROM "cash_fund_contributions" c WHERE c."reg_item_id" = "reg_items"."id" AND c."status" <> 'cancelled');
