import type { Database } from "../db/client";
import { shopSettings } from "../db/schema";
import { PAY_ON_DELIVERY_DEFAULTS, PAY_ON_DELIVERY_SETTING } from "../checkout/pay-on-delivery";
import { CART_REMINDER_SETTING } from "../marketing/cart-reminders";

/**
 * The settings a new demo starts with, so that what a real shop turns on by choice shows at once:
 * pay on delivery (Lagos, decision 0060) and cart reminders (decision 0062). Settings already
 * saved are kept.
 */
export async function applyDemoSettings(db: Database): Promise<void> {
  await db
    .insert(shopSettings)
    .values([
      { key: PAY_ON_DELIVERY_SETTING.key, value: { ...PAY_ON_DELIVERY_DEFAULTS, on: true } },
      { key: CART_REMINDER_SETTING.key, value: { ...CART_REMINDER_SETTING.defaults, on: true } },
    ])
    .onConflictDoNothing();
}
