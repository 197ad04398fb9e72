ALTER TABLE "user_credit_entries" ADD COLUMN "granted_by_user_id" bigint;--> statement-breakpoint
ALTER TABLE "user_credit_entries" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "user_credit_entries" ADD CONSTRAINT "user_credit_entries_granted_by_user_id_users_id_fk" FOREIGN KEY ("granted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_credit_entries_idempotency_key" ON "user_credit_entries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "user_credit_entries_granted_idx" ON "user_credit_entries" USING btree ("created_at") WHERE "user_credit_entries"."granted_by_user_id" is not null;