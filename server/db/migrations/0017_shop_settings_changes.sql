-- A change of the shop's settings announces itself like a catalogue change (issue 17): the pages
-- keep the delivery settings in memory until then (the catalogue cache's remembered values).
CREATE TRIGGER "shop_settings_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shop_settings" FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
