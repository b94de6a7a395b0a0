CREATE TYPE "public"."promotion_kind" AS ENUM('percent', 'fixed');--> statement-breakpoint
CREATE TYPE "public"."promotion_status" AS ENUM('active', 'paused', 'ended');--> statement-breakpoint
CREATE TABLE "order_discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"promotion_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"amount_kobo" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"kind" "promotion_kind" NOT NULL,
	"percent" integer,
	"amount_kobo" bigint,
	"product_ids" integer[] DEFAULT '{}' NOT NULL,
	"category_ids" integer[] DEFAULT '{}' NOT NULL,
	"min_subtotal_kobo" bigint DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"status" "promotion_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_percent_range" CHECK ("promotions"."kind" <> 'percent' or "promotions"."percent" between 1 and 100),
	CONSTRAINT "promotions_amount_positive" CHECK ("promotions"."kind" <> 'fixed' or "promotions"."amount_kobo" > 0)
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "promotion_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_discounts" ADD CONSTRAINT "order_discounts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_discounts" ADD CONSTRAINT "order_discounts_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_discounts" ADD CONSTRAINT "order_discounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_discounts_order_idx" ON "order_discounts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_discounts_promotion_idx" ON "order_discounts" USING btree ("promotion_id","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_discounts_once_idx" ON "order_discounts" USING btree ("order_id","promotion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_idx" ON "promotions" USING btree ("code");--> statement-breakpoint
-- The cart's lines now carry their product's category and the cart's promotion code (decision
-- 0064): the cart and the order summary price promotions with no statement of their own.
DROP FUNCTION "cart_lines"(integer);--> statement-breakpoint
CREATE FUNCTION "cart_lines"("p_account_id" integer)
RETURNS TABLE ("id" integer, "product_id" integer, "variant_id" integer, "product_name" text, "featured" boolean,
  "size" text, "price_kobo" bigint, "quantity" integer, "stock" integer, "max_per_order" integer, "image" text,
  "category_id" integer, "promotion_code" text)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT ci."id", p."id", v."id", p."name", p."featured", v."size", v."price_kobo", ci."quantity", v."stock", p."max_per_order",
    (SELECT pi."file_name" FROM "product_images" pi WHERE pi."product_id" = p."id" ORDER BY pi."position", pi."id" LIMIT 1),
    p."category_id", c."promotion_code"
  FROM "cart_items" ci
  JOIN "carts" c ON c."id" = ci."cart_id"
  JOIN "product_variants" v ON v."id" = ci."variant_id"
  JOIN "products" p ON p."id" = v."product_id"
  WHERE c."account_id" = p_account_id AND p."archived_at" IS NULL AND NOT p."hidden" AND v."archived_at" IS NULL
  ORDER BY ci."id";
END
$$;
--> statement-breakpoint
-- A change of the promotions announces itself like a catalogue change: the cart and the order
-- summary keep the promotions in memory until then (the catalogue cache's remembered values).
CREATE TRIGGER "promotions_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "promotions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
