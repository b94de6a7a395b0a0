import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { demoSeedEntry } from "./server/demo/vite-plugin.js"; // with an extension: Vite's native config loader needs one
import { commandsAndMigrations } from "./server/vite-plugin.js";

// The server build's entry is server.ts (Express + API + SSR, from server/main.ts), so the whole
// server is one module graph: the API handlers and the route loaders share one database
// connection. demoSeedEntry() adds the seed's own entry, build/server/seed.js, and fails the
// build if index.js carries demo material (decision 0024); commandsAndMigrations() adds the
// owner's commands and the migrations (decision 0045).
export default defineConfig(({ isSsrBuild }) => ({
  build: {
    rollupOptions: isSsrBuild ? { input: "./server.ts" } : { output: { codeSplitting: { groups: clientChunks() } } },
  },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter(), demoSeedEntry(), commandsAndMigrations()],
}));

/**
 * Few, cacheable files for the first page (issue 7's budget is 110 KB of JavaScript for /):
 * React and React Router in one file, every module the shop's frame (app/root.tsx) needs in
 * another; each page's own code stays in its route chunk, and admin code never leaves its routes.
 */
function clientChunks() {
  type Graph = { getModuleInfo(id: string): { importers: readonly string[] } | null };
  /** Whether a module of the shop is imported, directly or not, by the given route module. */
  const importedBy = (routeFile: string) => {
    const route = path.resolve(routeFile);
    const known = new Map<string, boolean>();
    const reaches = (id: string, graph: Graph): boolean => {
      if (id.startsWith(route)) return true;
      if (known.has(id)) return known.get(id)!;
      known.set(id, false); // import cycles
      const result = (graph.getModuleInfo(id)?.importers ?? []).some((importer) => reaches(importer, graph));
      known.set(id, result);
      return result;
    };
    return (id: string, graph: Graph) =>
      !id.includes("node_modules") && /[\\/](?:app|common)[\\/]/.test(id) && !id.startsWith(route) && reaches(id, graph);
  };
  const inFrame = importedBy("app/root.tsx");
  const onHome = importedBy("app/routes/home.tsx");
  return [
    { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router|turbo-stream|cookie|set-cookie-parser)[\\/]/, priority: 20 },
    // A group named by a function also gets a debugName, which Rolldown asks for to label it.
    { name: (id: string, graph: Graph) => (inFrame(id, graph) ? "frame" : null), debugName: "frame", priority: 10 },
    // What the home page shares with other pages (cards, pictures), in one file.
    { name: (id: string, graph: Graph) => (onHome(id, graph) ? "storefront" : null), debugName: "storefront", minShareCount: 2, priority: 5 },
  ];
}
