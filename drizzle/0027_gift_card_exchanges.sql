CREATE TABLE "gift_card_exchanges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"gift_card_id" uuid NOT NULL,
	"staff_user_id" bigint,
	"reason" text NOT NULL,
	"old_last4" text NOT NULL,
	"new_last4" text NOT NULL,
	"recipient_email_before" text NOT NULL,
	"recipient_email_after" text NOT NULL,
	"balance_cents" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gift_card_exchanges" ADD CONSTRAINT "gift_card_exchanges_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_exchanges" ADD CONSTRAINT "gift_card_exchanges_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_exchanges_key" ON "gift_card_exchanges" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "gift_card_exchanges_card_idx" ON "gift_card_exchanges" USING btree ("gift_card_id","created_at");