CREATE TYPE "public"."admin_role" AS ENUM('owner', 'staff');--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"subject_path" text,
	"detail" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "admin_role" "admin_role";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_accounts_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_action_at_idx" ON "audit_log" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_at_idx" ON "audit_log" USING btree ("actor_id","at");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_admin_role_check" CHECK ("accounts"."role" = 'admin' OR "accounts"."admin_role" IS NULL);--> statement-breakpoint
-- Admins made before roles existed: the first one owns the shop, the others are staff.
UPDATE "accounts" SET "admin_role" = 'staff' WHERE "role" = 'admin';
--> statement-breakpoint
UPDATE "accounts" SET "admin_role" = 'owner' WHERE "id" = (SELECT min("id") FROM "accounts" WHERE "role" = 'admin');
