CREATE TABLE "purchase_return_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"return_id" uuid NOT NULL,
	"order_line_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"items_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	CONSTRAINT "purchase_return_lines_quantity" CHECK ("purchase_return_lines"."quantity" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "purchase_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"items_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"shipping_cents" integer NOT NULL,
	"refund_cents" integer NOT NULL,
	"payment_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "purchase_returns_amounts" CHECK ("purchase_returns"."refund_cents" = "purchase_returns"."items_cents" + "purchase_returns"."tax_cents" + "purchase_returns"."shipping_cents" and "purchase_returns"."refund_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipment_lines" (
	"shipment_id" bigint NOT NULL,
	"order_line_id" bigint NOT NULL,
	CONSTRAINT "shipment_lines_shipment_id_order_line_id_pk" PRIMARY KEY("shipment_id","order_line_id")
);
--> statement-breakpoint
ALTER TABLE "shipments" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "registry_id" bigint;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "release_reason" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_return_lines" ADD CONSTRAINT "purchase_return_lines_return_id_purchase_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."purchase_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_return_lines" ADD CONSTRAINT "purchase_return_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_returns" ADD CONSTRAINT "purchase_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_returns" ADD CONSTRAINT "purchase_returns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_returns" ADD CONSTRAINT "purchase_returns_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_return_lines_line_idx" ON "purchase_return_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_returns_idempotency_key" ON "purchase_returns" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "purchase_returns_order_idx" ON "purchase_returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "purchase_returns_user_idx" ON "purchase_returns" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_lines_order_line_key" ON "shipment_lines" USING btree ("order_line_id");--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_registry_id_registries_id_fk" FOREIGN KEY ("registry_id") REFERENCES "public"."registries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_registry_held_key" ON "shipments" USING btree ("registry_id","warehouse_id") WHERE "shipments"."status" = 'held';--> statement-breakpoint
CREATE INDEX "shipments_registry_idx" ON "shipments" USING btree ("registry_id","status");--> statement-breakpoint
CREATE INDEX "shipments_status_idx" ON "shipments" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_owner" CHECK (("shipments"."status" <> 'shipped' or ("shipments"."tracking_number" is not null and "shipments"."shipped_at" is not null)) and ("shipments"."status" <> 'delivered' or "shipments"."delivered_at" is not null));--> statement-breakpoint
-- Orders placed before shipment_lines existed: each line travels in its order's shipment for its warehouse.
INSERT INTO "shipment_lines" ("shipment_id", "order_line_id")
SELECT s."id", l."id" FROM "shipments" s JOIN "order_lines" l ON l."order_id" = s."order_id" AND l."warehouse_id" = s."warehouse_id"
ON CONFLICT DO NOTHING;
