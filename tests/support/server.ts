import type { AddressInfo } from "node:net";
import { createApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import type { DatabaseHandle } from "../../server/db/client";

/** The shop's HTTP API on a real listening port (127.0.0.1, random port). */
export async function startApiServer(handle: DatabaseHandle) {
  const config = loadConfig({ NODE_ENV: "test" });
  const app = createApp({ db: handle.db, config });
  const server = await new Promise<import("node:http").Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
