import type { ServerBuild } from "react-router";
import { beforeAll, expect, it } from "vitest";
import { loadConfig } from "~/server/config";
import { builtRouterBuildUrl, builtShop } from "../support/pages";
import { closeServer, listenOnLocalPort } from "../support/listen";
import { TEST_SHOP_ENV } from "../support/server";
import { useTestDatabase } from "../support/use-shop";

// Given the build as a function, React Router loads it and derives its whole route table from it
// on every request (for the dev server, whose code changes). Production must hand it the build
// once: the derivation was 5% of a personal page's CPU (issue 17). The built server's
// createShopApp, handed its own React Router build through a function that counts the loads.
const handle = useTestDatabase();
let shop: Awaited<ReturnType<typeof builtShop>>;
let loads = 0;
let build: () => Promise<ServerBuild>;

beforeAll(async () => {
  shop = await builtShop();
  const url = await builtRouterBuildUrl();
  build = () => (loads++, import(/* @vite-ignore */ url) as Promise<ServerBuild>);
});

async function loadsFor(mode: "development" | "production"): Promise<number> {
  loads = 0;
  const app = await shop.createShopApp(handle, loadConfig(TEST_SHOP_ENV), { build, mode });
  const { server, baseUrl } = await listenOnLocalPort(app);
  try {
    for (let i = 0; i < 3; i++) expect((await fetch(`${baseUrl}/trackorder`)).status).toBe(200);
  } finally {
    await closeServer(server);
  }
  return loads;
}

it("loads the build once in production, and for every request in development", async () => {
  expect(await loadsFor("production")).toBe(1);
  expect(await loadsFor("development")).toBe(3);
}, 60_000);
