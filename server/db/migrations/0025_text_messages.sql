CREATE TYPE "public"."outbox_channel" AS ENUM('email', 'sms', 'whatsapp');--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "html" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "order_updates_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "order_updates_sms" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "order_updates_whatsapp" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "updates_token" text DEFAULT substr(replace(gen_random_uuid()::text, '-', ''), 1, 12) NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "channel" "outbox_channel" DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "whatsapp_template" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_updates_token_idx" ON "orders" USING btree ("updates_token");--> statement-breakpoint
-- Phone numbers in E.164 (+234...), as common/phone.ts stores new ones with libphonenumber-js.
-- Here only Nigerian mobile numbers, written as 080..., 234 80... or +234 80... with spaces,
-- dashes or brackets: what the shop's forms took. Any other number stays as it was typed, and
-- common/phone.ts reads it the same way when it sends a text (tests/api/phone-numbers.test.ts
-- checks the two agree).
CREATE FUNCTION "pg_temp"."e164"(typed text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN regexp_replace(typed, '[\s()-]', '', 'g') ~ '^0[789][01][0-9]{8}$' THEN '+234' || substr(regexp_replace(typed, '[\s()-]', '', 'g'), 2)
    WHEN regexp_replace(typed, '[\s()-]', '', 'g') ~ '^\+?234[789][01][0-9]{8}$' THEN '+' || ltrim(regexp_replace(typed, '[\s()-]', '', 'g'), '+')
    ELSE typed
  END
$$;--> statement-breakpoint
UPDATE "accounts" SET "phone_number" = "pg_temp"."e164"("phone_number") WHERE "phone_number" <> "pg_temp"."e164"("phone_number");--> statement-breakpoint
UPDATE "orders" SET "phone" = "pg_temp"."e164"("phone") WHERE "phone" <> "pg_temp"."e164"("phone");--> statement-breakpoint
UPDATE "contact_messages" SET "phone" = "pg_temp"."e164"("phone") WHERE "phone" <> "pg_temp"."e164"("phone");--> statement-breakpoint
DROP FUNCTION "pg_temp"."e164"(text);
