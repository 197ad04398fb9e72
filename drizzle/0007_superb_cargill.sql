CREATE TABLE "insert_card_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"registry_id" bigint NOT NULL,
	"ordered_by" bigint,
	"quantity" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"shipping_cents" integer NOT NULL,
	"ship_to" jsonb NOT NULL,
	"card_family_name" text NOT NULL,
	"card_title" text NOT NULL,
	"card_url" text NOT NULL,
	"status" text DEFAULT 'ordered' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"printed_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	CONSTRAINT "insert_card_orders_quantity" CHECK ("insert_card_orders"."quantity" in (10, 20, 30, 40, 50, 75, 100))
);
--> statement-breakpoint
ALTER TABLE "insert_card_orders" ADD CONSTRAINT "insert_card_orders_registry_id_registries_id_fk" FOREIGN KEY ("registry_id") REFERENCES "public"."registries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insert_card_orders" ADD CONSTRAINT "insert_card_orders_ordered_by_users_id_fk" FOREIGN KEY ("ordered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "insert_card_orders_free_key" ON "insert_card_orders" USING btree ("registry_id") WHERE "insert_card_orders"."price_cents" = 0;--> statement-breakpoint
CREATE INDEX "insert_card_orders_registry_idx" ON "insert_card_orders" USING btree ("registry_id","created_at");--> statement-breakpoint
CREATE INDEX "insert_card_orders_status_idx" ON "insert_card_orders" USING btree ("status","created_at");