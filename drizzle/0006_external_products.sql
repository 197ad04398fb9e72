CREATE TABLE "external_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint,
	"bytes" "bytea" NOT NULL,
	"content_type" text DEFAULT 'image/webp' NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"source_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attached_at" timestamp with time zone,
	CONSTRAINT "external_images_size" CHECK (octet_length("external_images"."bytes") <= 2097152)
);
--> statement-breakpoint
CREATE TABLE "reg_item_offers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reg_item_id" bigint NOT NULL,
	"store_name" text NOT NULL,
	"url" text NOT NULL,
	"price_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reg_item_offers_price" CHECK ("reg_item_offers"."price_cents" between 0 and 10000000)
);
--> statement-breakpoint
ALTER TABLE "external_images" ADD CONSTRAINT "external_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reg_item_offers" ADD CONSTRAINT "reg_item_offers_reg_item_id_reg_items_id_fk" FOREIGN KEY ("reg_item_id") REFERENCES "public"."reg_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "external_images_unattached_idx" ON "external_images" USING btree ("created_at") WHERE "external_images"."attached_at" is null;--> statement-breakpoint
CREATE INDEX "external_images_user_idx" ON "external_images" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "reg_item_offers_item_idx" ON "reg_item_offers" USING btree ("reg_item_id","id");