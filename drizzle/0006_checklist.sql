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
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_category_id_checklist_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."checklist_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_checklist_checks" ADD CONSTRAINT "registry_checklist_checks_registry_id_registries_id_fk" FOREIGN KEY ("registry_id") REFERENCES "public"."registries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_checklist_checks" ADD CONSTRAINT "registry_checklist_checks_item_id_checklist_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."checklist_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checklist_items_category_idx" ON "checklist_items" USING btree ("category_id","position");--> statement-breakpoint
CREATE INDEX "checklist_quiz_emails_to_idx" ON "checklist_quiz_emails" USING btree ("to_address","created_at");--> statement-breakpoint
CREATE INDEX "checklist_quiz_emails_ip_idx" ON "checklist_quiz_emails" USING btree ("client_ip","created_at");