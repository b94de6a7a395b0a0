// `npm run db:seed`: migrates the configured database and loads the catalogue if it has none.
// `npm run db:seed -- --products 100000` then grows the catalogue to that many products.
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { seedCatalogue } from "./seed";
import { growCatalogue } from "./seed-bulk";
import { seedDemoAccounts } from "../accounts/demo";
import { applyDemoSettings } from "../admin/demo-settings";

const { values } = parseArgs({ options: { products: { type: "string" } } });
const total = values.products === undefined ? undefined : Number(values.products);
if (total !== undefined && !(Number.isInteger(total) && total > 0 && total <= 10_000_000)) {
  console.error("--products takes a whole number of products, such as --products 100000.");
  process.exit(2);
}

const config = loadConfig();
const handle = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
try {
  await handle.migrate();
  const seeded = await seedCatalogue(handle.db);
  console.log(seeded ? "Seeded the catalogue." : "The database already has a catalogue; nothing changed.");
  if (total !== undefined) {
    const startedAt = performance.now();
    const added = await growCatalogue(handle.db, total);
    console.log(`Added ${added} generated products (${Math.round(performance.now() - startedAt)} ms).`);
  }
  const demo = await seedDemoAccounts(handle, config);
  if (demo.length) {
    console.log(`Created the demo accounts: ${demo.join(", ")}.`);
    await applyDemoSettings(handle.db);
  }
} finally {
  await handle.close();
}
