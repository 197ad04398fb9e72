CREATE TABLE "saved_payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"token" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_payment_methods_card" CHECK ("saved_payment_methods"."last4" ~ '^[0-9]{4}$' and "saved_payment_methods"."exp_month" between 1 and 12 and "saved_payment_methods"."exp_year" between 2000 and 2100)
);
--> statement-breakpoint
CREATE TABLE "test_processor_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"decline_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"detached_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "saved_payment_methods" ADD CONSTRAINT "saved_payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_payment_methods_user_idx" ON "saved_payment_methods" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_payment_methods_token" ON "saved_payment_methods" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_payment_methods_same_card" ON "saved_payment_methods" USING btree ("user_id","brand","last4","exp_month","exp_year");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_payment_methods_one_default" ON "saved_payment_methods" USING btree ("user_id") WHERE "saved_payment_methods"."is_default";--> statement-breakpoint
CREATE INDEX "test_processor_payment_methods_customer_idx" ON "test_processor_payment_methods" USING btree ("customer");