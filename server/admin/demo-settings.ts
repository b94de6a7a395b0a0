import type { Database } from "../db/client";
import { promotions, shopSettings } from "../db/schema";
import { PAY_ON_DELIVERY_DEFAULTS, PAY_ON_DELIVERY_SETTING } from "../checkout/pay-on-delivery";
import { CART_REMINDER_SETTING } from "../marketing/cart-reminders";

/** The demo's promotions (decision 0064): a code to type at the cart, and one that applies by itself. */
export const DEMO_CODE = "WELCOME10";

/**
 * The settings a new demo starts with, so that what a real shop turns on by choice shows at once:
 * pay on delivery (Lagos, decision 0060), cart reminders (decision 0062) and two promotions
 * (decision 0064), made once, while the demo has none. Settings already saved are kept.
 */
export async function applyDemoSettings(db: Database): Promise<void> {
  await db
    .insert(shopSettings)
    .values([
      { key: PAY_ON_DELIVERY_SETTING.key, value: { ...PAY_ON_DELIVERY_DEFAULTS, on: true } },
      { key: CART_REMINDER_SETTING.key, value: { ...CART_REMINDER_SETTING.defaults, on: true } },
    ])
    .onConflictDoNothing();
  const [any] = await db.select({ id: promotions.id }).from(promotions).limit(1);
  if (any) return;
  await db.insert(promotions).values([
    { name: "Welcome: 10% off", code: DEMO_CODE, kind: "percent", percent: 10, minSubtotalKobo: 20_000_00, maxUsesPerCustomer: 1 },
    // Automatic, for the hotels and hostels that buy in bulk.
    { name: "Bulk buy: 5% off ₦2,000,000 and over", kind: "percent", percent: 5, minSubtotalKobo: 2_000_000_00 },
  ]);
}
