CREATE TYPE "public"."collection_method" AS ENUM('cash', 'transfer', 'pos');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('online', 'pay_on_delivery');--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'confirmed';--> statement-breakpoint
CREATE TABLE "collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"method" "collection_method" NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"collected_by" integer NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collections_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "phone_codes" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "confirmed_phone" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "phone_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" "payment_method" DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_collected_by_accounts_id_fk" FOREIGN KEY ("collected_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collections_created_idx" ON "collections" USING btree ("created_at");--> statement-breakpoint
-- Every order placed so far was paid online when it was placed.
UPDATE "orders" SET "placed_at" = "paid_at" WHERE "paid_at" IS NOT NULL;
--> statement-breakpoint
-- An order that is paid is placed: a payment's paid_at is its placed_at when it had none (an order
-- paid on delivery was placed before, when it was confirmed).
CREATE FUNCTION "orders_placed_when_paid"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."paid_at" IS NOT NULL AND NEW."placed_at" IS NULL THEN
    NEW."placed_at" := NEW."paid_at";
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_placed_when_paid" BEFORE INSERT OR UPDATE OF "paid_at", "placed_at" ON "orders" FOR EACH ROW EXECUTE FUNCTION "orders_placed_when_paid"();
