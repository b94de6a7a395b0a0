// `npm run dev`: Vite in middleware mode with hot reload; the server module is reloaded per request.
import express from "express";
import { createServer } from "vite";

const vite = await createServer({ server: { middlewareMode: true } });
const { loadConfig } = await vite.ssrLoadModule("./server/config.ts");
const { openShopDatabase, startBackgroundWork } = await vite.ssrLoadModule("./server/main.ts");
// The same rules as `npm start` (decision 0044): a real shop needs PostgreSQL and an https PUBLIC_URL.
let config;
try {
  config = loadConfig(process.env, { serving: true });
} catch (error) {
  console.error(`The shop cannot start. ${error.message}`);
  await vite.close();
  process.exit(1);
}
const handle = await openShopDatabase(config);
startBackgroundWork(handle, config);

const app = express();
app.use(vite.middlewares);
// The app is rebuilt only when Vite hands back a new server module (after an edit).
let shop = { module: null, app: null };
app.use(async (req, res, next) => {
  try {
    const module = await vite.ssrLoadModule("./server/main.ts");
    if (module !== shop.module) {
      const build = () => vite.ssrLoadModule("virtual:react-router/server-build");
      shop = { module, app: await module.createShopApp(handle, config, { build, mode: "development" }) };
    }
    shop.app(req, res, next);
  } catch (error) {
    if (error instanceof Error) vite.ssrFixStacktrace(error);
    next(error);
  }
});
// Like `npm start`: a demo listens on this computer only unless HOST says otherwise.
app.listen(config.port, config.host, () => console.log(`Dev server on ${config.publicUrl}${config.demo ? " (demo mode)" : ""}`));
