CREATE TABLE "payment_refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_amount" CHECK ("payment_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "test_processor_refunds" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"charge_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_credit_entries" ADD COLUMN "granted_by_user_id" bigint;--> statement-breakpoint
ALTER TABLE "user_credit_entries" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_idempotency_key" ON "payment_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "user_credit_entries" ADD CONSTRAINT "user_credit_entries_granted_by_user_id_users_id_fk" FOREIGN KEY ("granted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_credit_entries_idempotency_key" ON "user_credit_entries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "user_credit_entries_granted_idx" ON "user_credit_entries" USING btree ("created_at") WHERE "user_credit_entries"."granted_by_user_id" is not null;--> statement-breakpoint
CREATE INDEX "purchase_returns_pending_idx" ON "purchase_returns" USING btree ("created_at") WHERE "purchase_returns"."status" = 'pending';