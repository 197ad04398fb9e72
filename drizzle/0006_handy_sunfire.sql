CREATE TABLE "cart_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cart_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"option_key" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"registry_id" bigint,
	"reg_item_id" bigint,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_quantity" CHECK ("cart_items"."quantity" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint,
	"guest_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_owner" CHECK (("carts"."user_id" is null) <> ("carts"."guest_token_hash" is null))
);
--> statement-breakpoint
CREATE TABLE "checklist_categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"guidance" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "checklist_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "checklist_items" (
	"id" integer PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"title" text NOT NULL,
	"why" text NOT NULL,
	"quantity" text NOT NULL,
	"priority" text NOT NULL,
	"shop_category_slug" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checklist_quiz_emails" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"client_ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registry_checklist_checks" (
	"registry_id" bigint NOT NULL,
	"item_id" integer NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registry_checklist_checks_registry_id_item_id_pk" PRIMARY KEY("registry_id","item_id")
);
--> statement-breakpoint
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
CREATE TABLE "payment_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"outcome" text NOT NULL,
	"code" text,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"purpose" text NOT NULL,
	"purpose_id" text,
	"provider" text NOT NULL,
	"provider_ref" text,
	"amount_cents" integer NOT NULL,
	"captured_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text NOT NULL,
	"card_brand" text NOT NULL,
	"card_last4" text NOT NULL,
	"decline_code" text,
	"decline_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amounts" CHECK ("payments"."amount_cents" > 0 and "payments"."captured_cents" between 0 and "payments"."amount_cents" and "payments"."refunded_cents" between 0 and "payments"."captured_cents")
);
--> statement-breakpoint
CREATE TABLE "test_processor_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"captured_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"decline_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registry_collaborator_invites" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"registry_id" bigint NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" bigint,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "registry_collaborators" (
	"registry_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"invited_by" bigint,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_registry_id_registries_id_fk" FOREIGN KEY ("registry_id") REFERENCES "public"."registries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_reg_item_id_reg_items_id_fk" FOREIGN KEY ("reg_item_id") REFERENCES "public"."reg_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_category_id_checklist_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."checklist_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_checklist_checks" ADD CONSTRAINT "registry_checklist_checks_registry_id_registries_id_fk" FOREIGN KEY ("registry_id") REFERENCES "public"."registries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_checklist_checks" ADD CONSTRAINT "registry_checklist_checks_item_id_checklist_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."checklist_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_images" ADD CONSTRAINT "external_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reg_item_offers" ADD CONSTRAINT "reg_item_offers_reg_item_id_reg_items_id_fk" FOREIGN KEY ("reg_item_id") REFERENCES "public"."reg_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insert_card_orders" ADD CONSTRAINT "insert_card_orders_registry_id_registries_id_fk" FOREIGN KEY ("registry_id") REFERENCES "public"."registries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insert_card_orders" ADD CONSTRAINT "insert_card_orders_ordered_by_users_id_fk" FOREIGN KEY ("ordered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_collaborator_invites" ADD CONSTRAINT "registry_collaborator_invites_registry_id_registries_id_fk" FOREIGN KEY ("registry_id") REFERENCES "public"."registries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_collaborator_invites" ADD CONSTRAINT "registry_collaborator_invites_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_collaborator_invites" ADD CONSTRAINT "registry_collaborator_invites_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_collaborators" ADD CONSTRAINT "registry_collaborators_registry_id_registries_id_fk" FOREIGN KEY ("registry_id") REFERENCES "public"."registries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_collaborators" ADD CONSTRAINT "registry_collaborators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_collaborators" ADD CONSTRAINT "registry_collaborators_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_line_key" ON "cart_items" USING btree ("cart_id","product_id","option_key",coalesce("reg_item_id", 0));--> statement-breakpoint
CREATE INDEX "cart_items_cart_idx" ON "cart_items" USING btree ("cart_id","added_at");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_user_key" ON "carts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_guest_key" ON "carts" USING btree ("guest_token_hash");--> statement-breakpoint
CREATE INDEX "checklist_items_category_idx" ON "checklist_items" USING btree ("category_id","position");--> statement-breakpoint
CREATE INDEX "checklist_quiz_emails_to_idx" ON "checklist_quiz_emails" USING btree ("to_address","created_at");--> statement-breakpoint
CREATE INDEX "checklist_quiz_emails_ip_idx" ON "checklist_quiz_emails" USING btree ("client_ip","created_at");--> statement-breakpoint
CREATE INDEX "external_images_unattached_idx" ON "external_images" USING btree ("created_at") WHERE "external_images"."attached_at" is null;--> statement-breakpoint
CREATE INDEX "external_images_user_idx" ON "external_images" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "reg_item_offers_item_idx" ON "reg_item_offers" USING btree ("reg_item_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "insert_card_orders_free_key" ON "insert_card_orders" USING btree ("registry_id") WHERE "insert_card_orders"."price_cents" = 0;--> statement-breakpoint
CREATE INDEX "insert_card_orders_registry_idx" ON "insert_card_orders" USING btree ("registry_id","created_at");--> statement-breakpoint
CREATE INDEX "insert_card_orders_status_idx" ON "insert_card_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payment_attempts_payment_idx" ON "payment_attempts" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key" ON "payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payments_purpose_idx" ON "payments" USING btree ("purpose","purpose_id");--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "test_processor_charges_key" ON "test_processor_charges" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "registry_collaborator_invites_token_key" ON "registry_collaborator_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "registry_collaborator_invites_registry_idx" ON "registry_collaborator_invites" USING btree ("registry_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "registry_collaborators_key" ON "registry_collaborators" USING btree ("registry_id","user_id");--> statement-breakpoint
CREATE INDEX "registry_collaborators_user_idx" ON "registry_collaborators" USING btree ("user_id");