ALTER TABLE "gift_returns" ADD COLUMN "return_code" text;--> statement-breakpoint
ALTER TABLE "gift_returns" ADD COLUMN "credited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_returns" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_returns" ADD COLUMN "received_by_user_id" bigint;--> statement-breakpoint
ALTER TABLE "gift_returns" ADD COLUMN "restocked_on_receipt" boolean;--> statement-breakpoint
ALTER TABLE "gift_returns" ADD CONSTRAINT "gift_returns_received_by_user_id_users_id_fk" FOREIGN KEY ("received_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_returns_return_code_key" ON "gift_returns" USING btree ("return_code");--> statement-breakpoint
CREATE INDEX "gift_returns_awaiting_idx" ON "gift_returns" USING btree ("created_at") WHERE "gift_returns"."status" = 'awaiting_return_shipment';--> statement-breakpoint
-- Returns made before receiving existed were all credited when they were made (decision 023): keep them credited once.
UPDATE "gift_returns" SET "credited_at" = "created_at";--> statement-breakpoint
-- Shipped gifts already waiting get a return code to send them back with (hex of their id, 0/1 mapped into the code alphabet).
UPDATE "gift_returns" SET "return_code" = 'RG-' || substr(translate(upper(md5("id"::text)), '01', 'WX'), 1, 4) || '-' || substr(translate(upper(md5("id"::text)), '01', 'WX'), 5, 4) WHERE "status" = 'awaiting_return_shipment';
