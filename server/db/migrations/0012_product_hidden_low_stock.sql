CREATE TABLE "daily_runs" (
	"job" text NOT NULL,
	"day" date NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_runs_job_day_pk" PRIMARY KEY("job","day")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_stock_threshold" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_low_stock_threshold_range" CHECK ("products"."low_stock_threshold" between 0 and 10000);
--> statement-breakpoint
-- The header's cart count leaves out hidden products, as the cart does (issue 18).
CREATE OR REPLACE FUNCTION "customer_session"("p_token_hash" text, "p_now" timestamptz)
RETURNS TABLE ("id" integer, "full_name" text, "email" text, "phone_number" text, "cart_count" bigint, "expires_at" timestamptz)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT a."id", a."full_name", a."email", a."phone_number",
    (SELECT coalesce(sum(ci."quantity"), 0)::bigint
       FROM "cart_items" ci
       JOIN "carts" c ON c."id" = ci."cart_id"
       JOIN "product_variants" v ON v."id" = ci."variant_id"
       JOIN "products" p ON p."id" = v."product_id"
      WHERE c."account_id" = a."id" AND p."archived_at" IS NULL AND NOT p."hidden" AND v."archived_at" IS NULL),
    s."expires_at"
  FROM "sessions" s
  JOIN "accounts" a ON a."id" = s."account_id"
  WHERE s."token_hash" = p_token_hash AND s."revoked_at" IS NULL AND s."expires_at" > p_now AND a."role" = 'customer';
END
$$;
