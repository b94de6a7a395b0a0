ALTER TYPE "public"."payment_status" ADD VALUE 'awaiting';--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "test_gateway_transactions" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "test_gateway_transactions" ADD COLUMN "arrives_at" timestamp with time zone;