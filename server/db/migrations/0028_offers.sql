CREATE TABLE "cart_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"channel" "outbox_channel" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"channel" "outbox_channel" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "offers_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "offers_sms" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "offers_whatsapp" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "offers_token" text DEFAULT substr(replace(gen_random_uuid()::text, '-', ''), 1, 16) NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "reminded_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_reminders_created_idx" ON "cart_reminders" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_open_idx" ON "stock_alerts" USING btree ("account_id","variant_id") WHERE "stock_alerts"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "stock_alerts_variant_idx" ON "stock_alerts" USING btree ("variant_id") WHERE "stock_alerts"."sent_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_offers_token_idx" ON "accounts" USING btree ("offers_token");