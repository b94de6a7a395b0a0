import type { AppLoadContext } from "react-router";
import type { DeliverySettings } from "~/common/delivery-estimate";
import { getDeliverySettings } from "~/server/delivery/estimates";

/**
 * The delivery settings for "Arrives by" on the checkout pages, kept in memory until the catalogue
 * or the settings change (the catalogue cache's remembered values; migration 0017 makes a settings
 * change announce itself): one statement fewer per page (issue 17). A payment reads them afresh.
 */
export function deliverySettings(context: AppLoadContext): Promise<DeliverySettings> {
  const read = () => getDeliverySettings(context.db);
  return context.rememberCatalog ? context.rememberCatalog("delivery-settings", read) : read();
}
