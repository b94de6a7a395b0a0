// Used by `npm run bench` and `npm run soak`: verified customers with two cart lines each, made
// directly in the stopped shop's database, so signed-in pages and calls can be measured.
// Usage: tsx bench/customer.ts <password> <email> [<email>...]
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { createVerifiedAccount } from "../server/accounts/accounts";
import { addToCart } from "../server/cart/cart";

const [password, ...emails] = process.argv.slice(2);
const config = loadConfig();
const handle = await openDatabase({ dataDir: config.dataDir });
try {
  for (const email of emails) {
    const created = await createVerifiedAccount(handle.db, "customer", {
      fullName: "Bench Customer",
      email,
      phoneNumber: "2348031234567",
      password,
    });
    if (!created.ok) throw new Error(`Could not create the bench customer: ${created.reason}`);
    for (const key of [{ productId: 1, size: "" }, { productId: 18, size: "" }, { productId: 18, size: "" }]) {
      const added = await addToCart(handle.db, created.account.id, key);
      if (!added.ok) throw new Error(`Could not fill the bench cart: ${added.message}`);
    }
  }
} finally {
  await handle.close();
}
