// Used by `npm run bench` and `npm run soak`: verified customers with two cart lines each and
// delivery details given, made directly in the stopped shop's database (or in PostgreSQL's, with
// DATABASE_URL), so signed-in pages and calls, the order summary among them, can be measured.
// Usage: tsx bench/customer.ts <password> <email> [<email>...]
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { createVerifiedAccount } from "../server/accounts/accounts";
import { addToCart, saveDelivery } from "../server/cart/cart";

const [password, ...emails] = process.argv.slice(2);
const config = loadConfig();
const handle = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
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
    await saveDelivery(handle.db, created.account.id, {
      firstName: "Bench",
      lastName: "Customer",
      phone: "08031234567",
      email,
      address: "12 Allen Avenue",
      state: "Lagos",
      city: "Ikeja",
    });
  }
} finally {
  await handle.close();
}
