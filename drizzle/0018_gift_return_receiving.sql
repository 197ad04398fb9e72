ALTER TABLE "gift_returns" ADD COLUMN "return_code" text;--> statement-breakpoint
ALTER TABLE "gift_returns" ADD COLUMN "credited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_returns" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_returns" ADD COLUMN "received_by_user_id" bigint;--> statement-breakpoint
ALTER TABLE "gift_returns" ADD COLUMN "restocked_on_receipt" boolean;--> statement-breakpoint
ALTER TABLE "gift_returns" ADD CONSTRAINT "gift_returns_received_by_user_id_users_id_fk" FOREIGN KEY ("received_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_returns_return_code_key" ON "gift_returns" USING btree ("return_code");--> statement-breakpoint
CREATE INDEX "gift_returns_awaiting_idx" ON "gift_returns" USING btree ("created_at") WHERE "gift_returns"."status" = 'awaiting_return_shipment';