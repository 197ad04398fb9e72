DROP INDEX "orders_status_idx";--> statement-breakpoint
DROP INDEX "payments_pending_idx";--> statement-breakpoint
DROP INDEX "orders_user_idx";--> statement-breakpoint
DROP INDEX "shipments_registry_idx";--> statement-breakpoint
DROP INDEX "payments_purpose_idx";--> statement-breakpoint
CREATE INDEX "orders_placed_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" = 'placed';--> statement-breakpoint
CREATE INDEX "payments_unsettled_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" in ('pending', 'authorized');--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at") WHERE "orders"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "shipments_registry_idx" ON "shipments" USING btree ("registry_id","status") WHERE "shipments"."registry_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_purpose_idx" ON "payments" USING btree ("purpose","purpose_id") WHERE "payments"."purpose_id" is not null;