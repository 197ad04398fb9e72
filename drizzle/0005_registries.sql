CREATE TABLE "reg_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"registry_id" bigint NOT NULL,
	"category_id" bigint NOT NULL,
	"product_id" integer,
	"title" text NOT NULL,
	"image_url" text NOT NULL,
	"external_url" text,
	"store_name" text DEFAULT 'Nestlist' NOT NULL,
	"price_cents" integer NOT NULL,
	"quantity_needed" integer NOT NULL,
	"quantity_reserved" integer DEFAULT 0 NOT NULL,
	"quantity_purchased" integer DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"most_wanted" boolean DEFAULT false NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "reg_items_quantities" CHECK ("reg_items"."quantity_needed" between 1 and 99 and "reg_items"."quantity_reserved" >= 0 and "reg_items"."quantity_purchased" >= 0 and "reg_items"."quantity_reserved" + "reg_items"."quantity_purchased" <= "reg_items"."quantity_needed")
);
--> statement-breakpoint
CREATE TABLE "registries" (
	"id" bigint PRIMARY KEY NOT NULL,
	"owner_id" bigint NOT NULL,
	"registry_type" text NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"family_name" text NOT NULL,
	"welcome_note" text DEFAULT '' NOT NULL,
	"arrival_date" date,
	"is_arrival_date_known" boolean DEFAULT true NOT NULL,
	"planning_stage" text,
	"expecting" text,
	"shower_date" date,
	"guest_count" text,
	"guest_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search_level" text DEFAULT 'nestlist' NOT NULL,
	"shipping_address" jsonb,
	"surprise" boolean DEFAULT false NOT NULL,
	"surprise_reveal_date" date,
	"shared_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registry_categories" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"registry_id" bigint NOT NULL,
	"title" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reg_item_id" bigint NOT NULL,
	"registry_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"giver_name" text NOT NULL,
	"giver_email" text NOT NULL,
	"giver_user_id" bigint,
	"gift_message" text DEFAULT '' NOT NULL,
	"thank_you_address" jsonb,
	"thank_you_sent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"purchased_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "reservations_quantity" CHECK ("reservations"."quantity" between 1 and 99)
);
--> statement-breakpoint
ALTER TABLE "reg_items" ADD CONSTRAINT "reg_items_registry_id_registries_id_fk" FOREIGN KEY ("registry_id") REFERENCES "public"."registries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reg_items" ADD CONSTRAINT "reg_items_category_id_registry_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."registry_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reg_items" ADD CONSTRAINT "reg_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registries" ADD CONSTRAINT "registries_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_categories" ADD CONSTRAINT "registry_categories_registry_id_registries_id_fk" FOREIGN KEY ("registry_id") REFERENCES "public"."registries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_reg_item_id_reg_items_id_fk" FOREIGN KEY ("reg_item_id") REFERENCES "public"."reg_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_registry_id_registries_id_fk" FOREIGN KEY ("registry_id") REFERENCES "public"."registries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_giver_user_id_users_id_fk" FOREIGN KEY ("giver_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reg_items_registry_idx" ON "reg_items" USING btree ("registry_id","category_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "registries_slug_key" ON "registries" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "registries_owner_idx" ON "registries" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "registries_find_trgm_idx" ON "registries" USING gin ((lower("family_name" || ' ' || "title")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "registry_categories_registry_idx" ON "registry_categories" USING btree ("registry_id","position");--> statement-breakpoint
CREATE INDEX "reservations_registry_idx" ON "reservations" USING btree ("registry_id","created_at");--> statement-breakpoint
CREATE INDEX "reservations_item_idx" ON "reservations" USING btree ("reg_item_id");--> statement-breakpoint
CREATE INDEX "reservations_giver_user_idx" ON "reservations" USING btree ("giver_user_id");--> statement-breakpoint
CREATE INDEX "reservations_giver_email_idx" ON "reservations" USING btree ("giver_email");