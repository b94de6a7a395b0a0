-- Every change to what a customer's session shows (the session, the account, the cart) announces
-- itself on the channel customers_changed, at commit, so the embedded database's process can keep
-- live sessions in memory and forget them all the moment any of these tables changes
-- (server/accounts/session-cache.ts, docs/decisions/0030-session-cache.md).
CREATE FUNCTION "notify_customers_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('customers_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_customers_changed"();
--> statement-breakpoint
CREATE TRIGGER "accounts_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "accounts" FOR EACH STATEMENT EXECUTE FUNCTION "notify_customers_changed"();
--> statement-breakpoint
CREATE TRIGGER "carts_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "carts" FOR EACH STATEMENT EXECUTE FUNCTION "notify_customers_changed"();
--> statement-breakpoint
CREATE TRIGGER "cart_items_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cart_items" FOR EACH STATEMENT EXECUTE FUNCTION "notify_customers_changed"();
--> statement-breakpoint
-- The session's end comes back too: a session kept in memory is good only until then.
DROP FUNCTION "customer_session"(text, timestamptz);
--> statement-breakpoint
CREATE FUNCTION "customer_session"("p_token_hash" text, "p_now" timestamptz)
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
      WHERE c."account_id" = a."id" AND p."archived_at" IS NULL AND v."archived_at" IS NULL),
    s."expires_at"
  FROM "sessions" s
  JOIN "accounts" a ON a."id" = s."account_id"
  WHERE s."token_hash" = p_token_hash AND s."revoked_at" IS NULL AND s."expires_at" > p_now AND a."role" = 'customer';
END
$$;
