import type { Config } from "@react-router/dev/config";

// React Router v8's changes, each decided (a flag left unset prints a warning at every build):
export default {
  ssr: true,
  future: {
    // Client-side route exports (the forms' clientAction fallbacks) in chunks of their own.
    v8_splitRouteModules: true,
    // Loaders and actions get the request as it came (`.data`, `?index`, `?_routes` included).
    // They read only named query values (menu, status, searchTerm...), never the path; logs
    // strip `.data` paths' tokens already (server/log.ts loggablePath).
    v8_passThroughRequests: true,
    // Not yet. Middleware makes the load context a RouterContextProvider: server.ts's
    // getLoadContext and every loader's `context.db` / `context.config` would change with it.
    v8_middleware: false,
    // Not yet. The Environment API build reads the server entry (server.ts) and the client chunk
    // groups from `environments.ssr` / `environments.client` in vite.config.ts, not from
    // `build.rollupOptions` as that file sets them today.
    v8_viteEnvironmentApi: false,
    // Not yet. It renames the root's data URL `/_root.data` to `/_.data`, which server/app.ts's
    // list of cacheable catalogue pages names; that list moves into the route table (issue 16).
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
