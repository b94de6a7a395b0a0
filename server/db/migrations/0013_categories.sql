CREATE TABLE "category_redirects" (
	"name_key" text PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" DROP CONSTRAINT "categories_name_unique";--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "category_redirects" ADD CONSTRAINT "category_redirects_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_live_name_idx" ON "categories" USING btree (lower("name")) WHERE "categories"."retired_at" is null;--> statement-breakpoint
-- The storefront reads former names (old links redirect): the catalogue cache hears of changes (0004).
CREATE TRIGGER "category_redirects_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "category_redirects" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
-- No product lands in a retired category, even one being retired while the product is saved:
-- FOR SHARE waits for a retiring transaction (which locks the row FOR UPDATE) and then reads the
-- row as it committed (decision 0035).
-- The row is chosen by id alone: a condition on retired_at would be judged on the statement's
-- snapshot, before the lock, and a row being retired would never be waited for.
CREATE FUNCTION "product_category_live"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  retired timestamptz;
BEGIN
  IF NEW."archived_at" IS NULL THEN
    SELECT "retired_at" INTO retired FROM "categories" WHERE "id" = NEW."category_id" FOR SHARE;
    IF retired IS NOT NULL THEN
      RAISE EXCEPTION 'category % is retired', NEW."category_id" USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_category_live" BEFORE INSERT OR UPDATE OF "category_id" ON "products" FOR EACH ROW EXECUTE FUNCTION "product_category_live"();
