CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_search_idx";--> statement-breakpoint
DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search") WITH (fastupdate=false) WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin (lower("name") gin_trgm_ops) WITH (fastupdate=false) WHERE "products"."archived_at" is null;--> statement-breakpoint
-- The words of new and renamed products join the vocabulary in the same statement, so a search
-- correction never misses a name that is on sale. Only words of 3 letters or more without digits:
-- sizes and codes are never corrected (searchProducts in server/catalog/catalog.ts).
CREATE FUNCTION "add_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("word")
    SELECT DISTINCT w FROM new_products, unnest(tsvector_to_array(to_tsvector('simple', new_products."name"))) AS w
    WHERE w !~ '[0-9]' AND length(w) >= 3
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_words_added" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION "add_search_words"();
--> statement-breakpoint
CREATE TRIGGER "products_words_renamed" AFTER UPDATE ON "products" REFERENCING NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION "add_search_words"();
--> statement-breakpoint
INSERT INTO "search_words" ("word")
  SELECT DISTINCT w FROM "products", unnest(tsvector_to_array(to_tsvector('simple', "products"."name"))) AS w
  WHERE w !~ '[0-9]' AND length(w) >= 3
  ON CONFLICT DO NOTHING;
