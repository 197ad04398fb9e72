CREATE TABLE "amazon_cart_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cart_id" uuid NOT NULL,
	"reg_item_id" bigint NOT NULL,
	"registry_id" bigint NOT NULL,
	"reservation_id" uuid NOT NULL,
	"asin" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_to_amazon_at" timestamp with time zone,
	"purchased_at" timestamp with time zone,
	CONSTRAINT "amazon_cart_items_asin" CHECK ("amazon_cart_items"."asin" ~ '^[A-Z0-9]{10}$')
);
--> statement-breakpoint
ALTER TABLE "amazon_cart_items" ADD CONSTRAINT "amazon_cart_items_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amazon_cart_items" ADD CONSTRAINT "amazon_cart_items_reg_item_id_reg_items_id_fk" FOREIGN KEY ("reg_item_id") REFERENCES "public"."reg_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amazon_cart_items" ADD CONSTRAINT "amazon_cart_items_registry_id_registries_id_fk" FOREIGN KEY ("registry_id") REFERENCES "public"."registries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amazon_cart_items" ADD CONSTRAINT "amazon_cart_items_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "amazon_cart_items_reservation_key" ON "amazon_cart_items" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "amazon_cart_items_cart_idx" ON "amazon_cart_items" USING btree ("cart_id","added_at");--> statement-breakpoint
CREATE INDEX "amazon_cart_items_item_idx" ON "amazon_cart_items" USING btree ("reg_item_id");--> statement-breakpoint
CREATE INDEX "amazon_cart_items_registry_idx" ON "amazon_cart_items" USING btree ("registry_id");