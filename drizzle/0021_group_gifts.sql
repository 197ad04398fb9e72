CREATE TABLE "group_gift_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reg_item_id" bigint NOT NULL,
	"registry_id" bigint NOT NULL,
	"method" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"redeemed_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_gift_redemptions_amount" CHECK ("group_gift_redemptions"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "cash_fund_contributions" ALTER COLUMN "cash_fund_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_fund_contributions" ADD COLUMN "reg_item_id" bigint;--> statement-breakpoint
ALTER TABLE "reg_items" ADD COLUMN "group_gift" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "group_gift_redemptions" ADD CONSTRAINT "group_gift_redemptions_reg_item_id_reg_items_id_fk" FOREIGN KEY ("reg_item_id") REFERENCES "public"."reg_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_gift_redemptions" ADD CONSTRAINT "group_gift_redemptions_registry_id_registries_id_fk" FOREIGN KEY ("registry_id") REFERENCES "public"."registries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_gift_redemptions" ADD CONSTRAINT "group_gift_redemptions_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_gift_redemptions_item_key" ON "group_gift_redemptions" USING btree ("reg_item_id");--> statement-breakpoint
CREATE INDEX "group_gift_redemptions_registry_idx" ON "group_gift_redemptions" USING btree ("registry_id");--> statement-breakpoint
ALTER TABLE "cash_fund_contributions" ADD CONSTRAINT "cash_fund_contributions_reg_item_id_reg_items_id_fk" FOREIGN KEY ("reg_item_id") REFERENCES "public"."reg_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_fund_contributions_item_idx" ON "cash_fund_contributions" USING btree ("reg_item_id","status");--> statement-breakpoint
ALTER TABLE "cash_fund_contributions" ADD CONSTRAINT "cash_fund_contributions_target" CHECK (("cash_fund_contributions"."cash_fund_id" is null) <> ("cash_fund_contributions"."reg_item_id" is null));