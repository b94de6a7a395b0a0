// `npm run db:seed`: migrates the configured database and loads the catalogue if it has none.
import { loadConfig } from "../config";
import { openDatabase } from "./client";
import { seedCatalogue } from "./seed";
import { seedDemoAccounts } from "../accounts/demo";

const config = loadConfig();
const handle = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
try {
  await handle.migrate();
  const seeded = await seedCatalogue(handle.db);
  console.log(seeded ? "Seeded the catalogue." : "The database already has a catalogue; nothing changed.");
  const demo = await seedDemoAccounts(handle, config);
  if (demo.length) console.log(`Created the demo accounts: ${demo.join(", ")}.`);
} finally {
  await handle.close();
}
