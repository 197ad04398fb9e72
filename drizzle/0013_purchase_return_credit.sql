ALTER TABLE "purchase_returns" ALTER COLUMN "payment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_returns" ADD COLUMN "credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_returns" ADD CONSTRAINT "purchase_returns_credit" CHECK ("purchase_returns"."credit_cents" between 0 and "purchase_returns"."refund_cents");