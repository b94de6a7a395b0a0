// Used by `npm run bench` (scripts/bench.mjs): a verified customer with two cart lines, made
// directly in the stopped shop's database, so the signed-in /cartpage can be measured.
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { createVerifiedAccount } from "../server/accounts/accounts";
import { addToCart } from "../server/cart/cart";

const [email, password] = process.argv.slice(2);
const config = loadConfig();
const handle = await openDatabase({ dataDir: config.dataDir });
try {
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
} finally {
  await handle.close();
}
