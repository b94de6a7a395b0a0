// `npm run db:seed`: migrates the configured database and loads the catalogue if it has none.
import { loadConfig } from "../config";
import { openDatabase } from "./client";
import { seedCatalogue } from "./seed";

const config = loadConfig();
const handle = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
try {
  await handle.migrate();
  const seeded = await seedCatalogue(handle.db);
  console.log(seeded ? "Seeded the catalogue." : "The database already has a catalogue; nothing changed.");
} finally {
  await handle.close();
}
