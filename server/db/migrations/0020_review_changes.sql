-- A review changes a product page only when it is, or was, approved (decision 0042): such a
-- change announces itself like a catalogue change (migration 0004), and the catalogue cache drops
-- its pages. A pending review being written, or one hidden before it was ever approved, changes
-- no page and announces nothing.
CREATE TRIGGER "reviews_approved_added" AFTER INSERT ON "reviews" FOR EACH ROW WHEN (NEW."status" = 'approved') EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "reviews_approved_changed" AFTER UPDATE ON "reviews" FOR EACH ROW WHEN ((OLD."status" = 'approved' OR NEW."status" = 'approved') AND OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "reviews_approved_removed" AFTER DELETE ON "reviews" FOR EACH ROW WHEN (OLD."status" = 'approved') EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "reviews_emptied" AFTER TRUNCATE ON "reviews" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
