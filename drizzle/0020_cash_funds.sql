CREATE TABLE "cash_fund_contributions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cash_fund_id" bigint NOT NULL,
	"registry_id" bigint NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"giver_name" text NOT NULL,
	"giver_email" text NOT NULL,
	"giver_user_id" bigint,
	"message" text DEFAULT '' NOT NULL,
	"idempotency_key" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"payout" text,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "cash_fund_contributions_amount" CHECK ("cash_fund_contributions"."amount_cents" between 100 and 500000)
);
--> statement-breakpoint
CREATE TABLE "cash_fund_preferences" (
	"registry_id" bigint PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"account_holder" text,
	"account_last4" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_fund_preferences_bank" CHECK (("cash_fund_preferences"."method" = 'store_credit' and "cash_fund_preferences"."account_last4" is null) or ("cash_fund_preferences"."method" = 'bank_transfer' and "cash_fund_preferences"."account_last4" ~ '^[0-9]{4}$' and "cash_fund_preferences"."account_holder" is not null))
);
--> statement-breakpoint
CREATE TABLE "cash_funds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"registry_id" bigint NOT NULL,
	"product_id" integer,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text NOT NULL,
	"goal_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "cash_funds_goal" CHECK ("cash_funds"."goal_cents" is null or "cash_funds"."goal_cents" between 100 and 10000000)
);
--> statement-breakpoint
ALTER TABLE "cash_fund_contributions" ADD CONSTRAINT "cash_fund_contributions_cash_fund_id_cash_funds_id_fk" FOREIGN KEY ("cash_fund_id") REFERENCES "public"."cash_funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_fund_contributions" ADD CONSTRAINT "cash_fund_contributions_registry_id_registries_id_fk" FOREIGN KEY ("registry_id") REFERENCES "public"."registries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_fund_contributions" ADD CONSTRAINT "cash_fund_contributions_giver_user_id_users_id_fk" FOREIGN KEY ("giver_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_fund_contributions" ADD CONSTRAINT "cash_fund_contributions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_fund_preferences" ADD CONSTRAINT "cash_fund_preferences_registry_id_registries_id_fk" FOREIGN KEY ("registry_id") REFERENCES "public"."registries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_funds" ADD CONSTRAINT "cash_funds_registry_id_registries_id_fk" FOREIGN KEY ("registry_id") REFERENCES "public"."registries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_funds" ADD CONSTRAINT "cash_funds_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_fund_contributions_key" ON "cash_fund_contributions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "cash_fund_contributions_fund_idx" ON "cash_fund_contributions" USING btree ("cash_fund_id","status");--> statement-breakpoint
CREATE INDEX "cash_fund_contributions_registry_idx" ON "cash_fund_contributions" USING btree ("registry_id","created_at");--> statement-breakpoint
CREATE INDEX "cash_funds_registry_idx" ON "cash_funds" USING btree ("registry_id","created_at");