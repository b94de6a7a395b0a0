// Loaded into the server by bench/profile-pages.mjs (COUNT=1): counts what it sends to PGlite, by
// statement, and prints the most frequent every 4 s on standard error.
import { PGlite } from "@electric-sql/pglite";
const counts = new Map();
for (const method of ["query", "exec", "execProtocol", "execProtocolRaw"]) {
  const orig = PGlite.prototype[method];
  if (!orig) continue;
  PGlite.prototype[method] = function (text, ...rest) {
    const key = method + " " + (typeof text === "string" ? text.slice(0, 90).replace(/\s+/g, " ") : text?.constructor?.name + ":" + (text?.length ?? ""));
    counts.set(key, (counts.get(key) ?? 0) + 1);
    return orig.call(this, text, ...rest);
  };
}
setInterval(() => {
  const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 12);
  console.error("QUERIES " + JSON.stringify(top));
}, 4000).unref();
