CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registry_id" bigint,
	"amount_cents" integer NOT NULL,
	"item_count" integer NOT NULL,
	"account_holder" text NOT NULL,
	"account_last4" text NOT NULL,
	"reference" text NOT NULL,
	"sent_by" bigint,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount" CHECK ("payouts"."amount_cents" > 0 and "payouts"."item_count" > 0),
	CONSTRAINT "payouts_last4" CHECK ("payouts"."account_last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "payouts_reference" CHECK (char_length("payouts"."reference") between 3 and 64)
);
--> statement-breakpoint
ALTER TABLE "cash_fund_contributions" ADD COLUMN "payout_id" uuid;--> statement-breakpoint
ALTER TABLE "group_gift_redemptions" ADD COLUMN "payout_id" uuid;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_registry_id_registries_id_fk" FOREIGN KEY ("registry_id") REFERENCES "public"."registries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_registry_reference_key" ON "payouts" USING btree ("registry_id","reference");--> statement-breakpoint
CREATE INDEX "payouts_sent_at_idx" ON "payouts" USING btree ("sent_at");--> statement-breakpoint
ALTER TABLE "cash_fund_contributions" ADD CONSTRAINT "cash_fund_contributions_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_gift_redemptions" ADD CONSTRAINT "group_gift_redemptions_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_fund_contributions_owed_idx" ON "cash_fund_contributions" USING btree ("registry_id","confirmed_at") WHERE "cash_fund_contributions"."payout" = 'bank_transfer' and "cash_fund_contributions"."status" = 'confirmed' and "cash_fund_contributions"."payout_id" is null;--> statement-breakpoint
CREATE INDEX "cash_fund_contributions_payout_idx" ON "cash_fund_contributions" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "group_gift_redemptions_payout_idx" ON "group_gift_redemptions" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "group_gift_redemptions_owed_idx" ON "group_gift_redemptions" USING btree ("registry_id","created_at") WHERE "group_gift_redemptions"."method" = 'bank_transfer' and "group_gift_redemptions"."payout_id" is null;--> statement-breakpoint
ALTER TABLE "group_gift_redemptions" ADD CONSTRAINT "group_gift_redemptions_paid_bank" CHECK ("group_gift_redemptions"."payout_id" is null or "group_gift_redemptions"."method" = 'bank_transfer');