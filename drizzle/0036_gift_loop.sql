CREATE TABLE "registry_visits" (
	"registry_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"previous_seen_at" timestamp with time zone,
	CONSTRAINT "registry_visits_registry_id_user_id_pk" PRIMARY KEY("registry_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "registry_activity_delivery" text DEFAULT 'instant' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "registry_digest_through" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cash_fund_contributions" ADD COLUMN "thank_you_address" jsonb;--> statement-breakpoint
ALTER TABLE "cash_fund_contributions" ADD COLUMN "thank_you_sent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_fund_contributions" ADD COLUMN "address_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registries" ADD COLUMN "share_address_with_givers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "registries" ADD COLUMN "gift_delivery_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "address_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registry_visits" ADD CONSTRAINT "registry_visits_registry_id_registries_id_fk" FOREIGN KEY ("registry_id") REFERENCES "public"."registries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_visits" ADD CONSTRAINT "registry_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservations_expiry_due_idx" ON "reservations" USING btree ("expires_at") WHERE "reservations"."status" = 'reserved' and "reservations"."expires_at" is not null;