CREATE TABLE "product_availability_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"email" text NOT NULL,
	"user_id" bigint,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"option_key" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "product_availability_subscriptions" ADD CONSTRAINT "product_availability_subscriptions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_availability_subscriptions" ADD CONSTRAINT "product_availability_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_availability_subscriptions_key" ON "product_availability_subscriptions" USING btree ("product_id","email","option_key");--> statement-breakpoint
CREATE INDEX "product_availability_subscriptions_waiting_idx" ON "product_availability_subscriptions" USING btree ("product_id") WHERE "product_availability_subscriptions"."notified_at" is null;