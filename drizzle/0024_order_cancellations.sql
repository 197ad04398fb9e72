CREATE TABLE "order_cancellation_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cancellation_id" uuid NOT NULL,
	"order_line_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"items_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	CONSTRAINT "order_cancellation_lines_quantity" CHECK ("order_cancellation_lines"."quantity" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "order_cancellations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"items_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"shipping_cents" integer NOT NULL,
	"refund_cents" integer NOT NULL,
	"card_cents" integer NOT NULL,
	"gift_card_cents" integer NOT NULL,
	"credit_cents" integer NOT NULL,
	"gift_card_id" uuid,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "order_cancellations_amounts" CHECK ("order_cancellations"."refund_cents" = "order_cancellations"."items_cents" + "order_cancellations"."tax_cents" + "order_cancellations"."shipping_cents" and "order_cancellations"."refund_cents" = "order_cancellations"."card_cents" + "order_cancellations"."gift_card_cents" + "order_cancellations"."credit_cents" and "order_cancellations"."card_cents" >= 0 and "order_cancellations"."gift_card_cents" >= 0 and "order_cancellations"."credit_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_cancellation_lines" ADD CONSTRAINT "order_cancellation_lines_cancellation_id_order_cancellations_id_fk" FOREIGN KEY ("cancellation_id") REFERENCES "public"."order_cancellations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_cancellation_lines" ADD CONSTRAINT "order_cancellation_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_cancellations" ADD CONSTRAINT "order_cancellations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_cancellations" ADD CONSTRAINT "order_cancellations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_cancellations" ADD CONSTRAINT "order_cancellations_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_cancellations" ADD CONSTRAINT "order_cancellations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_cancellation_lines_line_idx" ON "order_cancellation_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_cancellations_idempotency_key" ON "order_cancellations" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "order_cancellations_order_idx" ON "order_cancellations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_cancellations_pending_idx" ON "order_cancellations" USING btree ("created_at") WHERE "order_cancellations"."status" = 'pending';