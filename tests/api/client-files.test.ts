import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createApp } from "~/server/app";
import { loadConfig } from "~/server/config";
import { closeServer, listenOnLocalPort } from "../support/listen";
import { TEST_SHOP_ENV } from "../support/server";
import { useTestDatabase } from "../support/use-shop";

// The client folder's loose files (the favicon) are served; a page's path is never looked up on
// disk (issue 17: express.static stat()ed the disk for every page, 2.5% of a personal page's CPU).
const handle = useTestDatabase();
let server: Server;
let base: string;
const clientDir = mkdtempSync(path.join(os.tmpdir(), "client-files-"));

beforeAll(async () => {
  mkdirSync(path.join(clientDir, "assets"));
  writeFileSync(path.join(clientDir, "favicon.svg"), "<svg/>");
  const config = loadConfig(TEST_SHOP_ENV);
  const app = createApp({ db: handle.db, config, clientDir, pages: (_req, res) => void res.send("page") });
  ({ server, baseUrl: base } = await listenOnLocalPort(app));
});

afterAll(async () => {
  if (server) await closeServer(server);
  rmSync(clientDir, { recursive: true, force: true });
});

it("serves the client folder's files, revalidated hourly", async () => {
  const res = await fetch(`${base}/favicon.svg`);
  expect(res.status).toBe(200);
  expect(await res.text()).toBe("<svg/>");
  expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
});

it("looks up only the names the build left there: any other path goes to the pages", async () => {
  writeFileSync(path.join(clientDir, "cartpage"), "a file written after the start");
  expect(await (await fetch(`${base}/cartpage`)).text()).toBe("page");
});
