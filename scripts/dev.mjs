// `npm run dev`: Vite in middleware mode with hot reload; the server module is reloaded per request.
import express from "express";
import { createServer } from "vite";

const vite = await createServer({ server: { middlewareMode: true } });
const { loadConfig } = await vite.ssrLoadModule("./server/config.ts");
const { openShopDatabase } = await vite.ssrLoadModule("./server.ts");
const config = loadConfig();
const handle = await openShopDatabase(config);

const app = express();
app.use(vite.middlewares);
app.use(async (req, res, next) => {
  try {
    const { createShopApp } = await vite.ssrLoadModule("./server.ts");
    const build = () => vite.ssrLoadModule("virtual:react-router/server-build");
    createShopApp(handle, config, { build, mode: "development" })(req, res, next);
  } catch (error) {
    if (error instanceof Error) vite.ssrFixStacktrace(error);
    next(error);
  }
});
app.listen(config.port, () => console.log(`Dev server on ${config.publicUrl}`));
