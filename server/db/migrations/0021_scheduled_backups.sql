-- Scheduled backups (decision 0046): one row per attempt at a Lagos day's backup, claimed by inserting it.
CREATE TYPE "public"."backup_outcome" AS ENUM('running', 'ok', 'failed', 'copy-failed');--> statement-breakpoint
CREATE TABLE "backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"attempt" integer NOT NULL,
	"outcome" "backup_outcome" DEFAULT 'running' NOT NULL,
	"host" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"file_name" text,
	"bytes" bigint,
	"sha256" text,
	"encrypted" boolean DEFAULT false NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "backups_day_attempt_idx" ON "backups" USING btree ("day","attempt");--> statement-breakpoint
CREATE INDEX "backups_started_idx" ON "backups" USING btree ("started_at");