ALTER TYPE "public"."one_time_token_purpose" ADD VALUE 'second_factor';--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "totp_enrolled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recovery_codes_account_idx" ON "recovery_codes" USING btree ("account_id");--> statement-breakpoint
-- A session's use (last_seen_at, the admin's idle timeout) changes nothing a customer's session
-- shows: only the other columns announce themselves on customers_changed (migration 0009).
DROP TRIGGER "sessions_changed" ON "sessions";--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "token_hash", "account_id", "expires_at", "revoked_at" ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_customers_changed"();
