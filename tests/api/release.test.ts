import { execFile, execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { chromium, type Page } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { messages } from "~/common/messages";
import { buildIsCurrent } from "~/scripts/build-stamp.mjs";
import { ensureCurrentBuild } from "~/scripts/current-build.mjs";
import { chromiumArgs, testChromiumPath } from "~/scripts/chromium.mjs";
import { freePort, listeningPid } from "~/scripts/shop-server.mjs";
import { defaultPictureCacheDir } from "~/scripts/picture-cache.mjs";
import { DEMO_ACCOUNTS } from "~/server/accounts/demo";
import { createVerifiedAccount } from "~/server/accounts/accounts";
import { openDatabase } from "~/server/db/client";
import { orders } from "~/server/db/schema";
import { accountCall, apiClient } from "../support/accounts";
import { databaseUrlFor } from "../support/global-setup";
import { paidOrder } from "../support/shop";

// Issue 25: the shop as an owner runs it, with `npm start` and the commands in a copy of this
// tree (its files as git knows them, uncommitted changes included).
// - Before any build, and with a current build, `npm start` refuses a real shop without
//   PostgreSQL or an https address, naming the variable (decision 0044).
// - `npm run build` stamps the build; a source file changed afterwards is never served from the
//   old build: a real shop refuses, a demo rebuilds and serves the change (decision 0045).
// - On PostgreSQL (the suite's PostgreSQL pass): the built tree after `npm prune --omit=dev`
//   starts, migrates, makes its owner, backs up and restores, with no devDependency; a demo's data
//   moves into PostgreSQL as the README says.

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SLOW = { timeout: 300_000 };
const PICTURES = defaultPictureCacheDir();
const HTTPS = "https://foamshop.example.ng";
/** PostgreSQL that is never reached: a refusal that names DATABASE_URL comes before any connection. */
const UNREACHABLE_DB = "postgres://shop@127.0.0.1:9/never";

const pg = inject("postgresTemplate");
if (!pg) console.log("tests/api/release.test.ts: the pruned production tree runs a real shop on PostgreSQL (DATABASE_URL); not on PGlite.");
/** What does not depend on the engine runs in the PGlite pass only; the PostgreSQL pass takes the build too, for the pruned tree. */
const engineFree = it.skipIf(pg);

let work: string;
/** The copy with its node_modules linked to this tree's (never pruned). */
let tree: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), "shop-release-"));
  tree = await copyOfThisTree(path.join(work, "tree"));
  await symlink(path.join(ROOT, "node_modules"), path.join(tree, "node_modules"));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** This tree's files (as git lists them, untracked ones too, not ignored ones) copied to `dest`. */
async function copyOfThisTree(dest: string): Promise<string> {
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" })
    .split("\0")
    .filter((file) => file && existsSync(path.join(ROOT, file)));
  for (const file of files) {
    await mkdir(path.dirname(path.join(dest, file)), { recursive: true });
    await cp(path.join(ROOT, file), path.join(dest, file));
  }
  return dest;
}

/** The run's environment without the shop's own settings (the PostgreSQL pass sets DATABASE_URL). */
function shopEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = { ...process.env };
  for (const name of Object.keys(inherited)) {
    // NODE_ENV and VITEST*: Vitest's own (NODE_ENV=test would make `npm run build` a development build).
    if (/^(?:DATABASE_URL|DATA_DIR|PUBLIC_URL|SHOP_DEMO|HOST|PORT|SMTP_URL|PAYSTACK_|UNSAFE_|SHUTDOWN_|ADMIN_PASSWORD|NODE_ENV$|VITEST)/.test(name))
      delete inherited[name];
  }
  return { ...inherited, LOG_LEVEL: "info", PICTURE_CACHE_DIR: PICTURES, SHUTDOWN_DRAIN_MS: "0", ...env };
}

interface Npm {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

/** `npm <args>` in `dir`, as an owner types it; in a process group of its own, to stop it whole. */
function npm(dir: string, args: string[], env: Record<string, string> = {}): Npm {
  const child = spawn("npm", args, { cwd: dir, env: shopEnv(env), stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Runs an npm command to its end: its exit code and what it printed. */
async function npmRun(dir: string, args: string[], env: Record<string, string> = {}) {
  const run = npm(dir, args, env);
  const code = await run.exited;
  return { code, out: run.output() };
}

/**
 * `npm start` until it says it is ready. `stop()` sends SIGTERM to the server (npm passes on no
 * signal) and resolves with npm's exit code, which is the server's.
 */
async function npmStart(dir: string, env: Record<string, string>, port?: number) {
  port ??= await freePort();
  const run = npm(dir, ["start"], { PORT: String(port), ...env });
  const startedAt = Date.now();
  while (!run.output().includes("Shop ready on")) {
    if (run.child.exitCode !== null) throw new Error(`npm start stopped (code ${run.child.exitCode}):\n${run.output()}`);
    if (Date.now() - startedAt > 180_000) {
      process.kill(-run.child.pid!, "SIGKILL");
      throw new Error(`npm start was not ready after 3 minutes:\n${run.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    output: run.output,
    async stop() {
      process.kill(listeningPid(port) ?? -run.child.pid!, "SIGTERM");
      return run.exited;
    },
  };
}

const REFUSALS: { env: Record<string, string>; says: RegExp }[] = [
  {
    env: { SHOP_DEMO: "off", PUBLIC_URL: "https://shop.example" },
    says: /The shop cannot start\. Not a configuration a shop can serve customers with:\n {2}DATABASE_URL: a real shop keeps its orders in PostgreSQL; set DATABASE_URL \(README: "Run it on PostgreSQL"/,
  },
  {
    env: { DATABASE_URL: UNREACHABLE_DB },
    says: /The shop cannot start\. Not a configuration a shop can serve customers with:\n {2}PUBLIC_URL: a real shop needs the https address/,
  },
  {
    env: { DATABASE_URL: UNREACHABLE_DB, PUBLIC_URL: "http://shop.example" },
    says: /The shop cannot start\. Not a configuration a shop can serve customers with:\n {2}PUBLIC_URL: a real shop is served over https; http:\/\/shop\.example is not/,
  },
];

/** Each refused configuration: `npm start` exits non-zero, naming the variable, and serves nothing. */
async function expectRefusals(dir: string) {
  for (const { env, says } of REFUSALS) {
    const { code, out } = await npmRun(dir, ["start"], { DATA_DIR: path.join(work, "never-opened"), ...env });
    expect(code, out).not.toBe(0);
    expect(out, JSON.stringify(env)).toMatch(says);
    expect(out).not.toMatch(/Shop ready|Seeded/);
    expect(existsSync(path.join(work, "never-opened"))).toBe(false);
  }
}

describe("npm start and npm run build in a copy of this tree", () => {
  engineFree("refuses a real shop without DATABASE_URL, or without an https PUBLIC_URL, before building anything", SLOW, async () => {
    expect(existsSync(path.join(tree, "build"))).toBe(false);
    await expectRefusals(tree);
    expect(existsSync(path.join(tree, "build"))).toBe(false);
    expect(existsSync(path.join(tree, ".build.lock"))).toBe(false);
  });

  it("takes a stamped build of the same source as current, with the owner's commands and the migrations", SLOW, async () => {
    // This tree's build, made by `npm run build` (npm test's build step, or now if stale), is the
    // release before: building the same source again in the copy cost a build's minute of CPU. The
    // copy builds for real when its source changes (releaseTheChange), and its stamp is checked then.
    await ensureCurrentBuild();
    await cp(path.join(ROOT, "build"), path.join(tree, "build"), { recursive: true });
    expect(buildIsCurrent(tree)).toBe(true);
    for (const command of ["index.js", "admin-cli.js", "backup-cli.js", "migrate-cli.js", "seed.js"]) {
      expect(existsSync(path.join(tree, "build/server", command)), command).toBe(true);
    }
    const journal = (dir: string) => readFileSync(path.join(dir, "meta/_journal.json"), "utf8");
    expect(journal(path.join(tree, "build/server/migrations"))).toBe(journal(path.join(ROOT, "server/db/migrations")));
  });

  engineFree("refuses the same from the built server, before it opens the database", SLOW, async () => {
    await expectRefusals(tree);
  });

  engineFree("never serves a source file changed after the build: a real shop refuses, a demo builds again and serves the change", SLOW, async () => {
    // The release before: its own client files, which a phone still showing one of its pages asks for.
    const before = await releaseAssets();
    // Issue 30: a phone at 375 px opens the release before, whose service worker installs, and
    // keeps its page open across the release.
    const port = await freePort();
    const first = await npmStart(tree, { DATA_DIR: path.join(work, "demo-data") }, port);
    let firstRunning = true;
    const browser = await chromium.launch({ executablePath: testChromiumPath, args: chromiumArgs });
    try {
      const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true });
      const oldPage = await phone.newPage();
      await oldPage.goto(`${first.baseUrl}/`);
      // Bounded: a page that never registers its worker (React's development build does not) once
      // held this test for its whole five minutes.
      const ready = await oldPage.evaluate(() =>
        Promise.race([navigator.serviceWorker.ready.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 30_000))]),
      );
      expect(ready, "the release's service worker became ready within 30 s").toBe(true);
      await expect.poll(() => oldPage.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 }).toBe(true);
      const manifestBefore = `/assets/${before.find((name) => name.startsWith("manifest-"))}`;
      await expect.poll(() => precached(oldPage), { timeout: 15_000 }).toContain(manifestBefore);
      firstRunning = false;
      expect(await first.stop()).toBe(0);

      await releaseTheChange(port, before, async (demoUrl, replaced, own) => {
        // The old page follows a link: React Router loads the release before's chunk of that
        // route (the new build renamed it), and the page shows that release's text.
        const assets: Array<{ file: string; status: number }> = [];
        oldPage.on("response", (response) => {
          const { pathname } = new URL(response.url());
          if (pathname.startsWith("/assets/")) assets.push({ file: pathname.slice("/assets/".length), status: response.status() });
        });
        await oldPage.getByRole("contentinfo").getByRole("link", { name: "About us" }).click();
        await oldPage.getByRole("heading", { name: ABOUT_BEFORE }).waitFor();
        expect(assets.filter((a) => replaced.includes(a.file)).length, JSON.stringify(assets)).toBeGreaterThan(0);
        expect(assets.filter((a) => a.status !== 200)).toEqual([]);

        // A new visit: the new release's worker takes over (skipWaiting, clientsClaim) and
        // precaches its own files in place of the ones before.
        const newPage = await phone.newPage();
        await newPage.goto(`${demoUrl}/aboutus`);
        await newPage.getByRole("heading", { name: ABOUT_AFTER }).waitFor();
        const manifestAfter = `/assets/${[...own].find((name) => name.startsWith("manifest-"))}`;
        expect(manifestAfter).not.toBe(manifestBefore);
        // Installed, then activated: the files of the release before leave the precache.
        const releases = async () => {
          const files = await precached(newPage);
          return { after: files.includes(manifestAfter), before: files.includes(manifestBefore) };
        };
        await expect.poll(releases, { timeout: 15_000 }).toEqual({ after: true, before: false });
        expect(await newPage.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
      });
    } finally {
      await browser.close();
      if (firstRunning) await first.stop();
    }
  });

  /**
   * The change made and released: a real shop refuses the old build; a demo on `port` builds again
   * and serves it, and every client file of the release before; `check` runs while it serves.
   */
  async function releaseTheChange(port: number, before: string[], check: (demoUrl: string, replaced: string[], own: Set<string>) => Promise<void>) {
    const messagesFile = path.join(tree, "common/storefront-messages.ts");
    const changed = "Search the rebuilt catalogue";
    await writeFile(messagesFile, (await readFile(messagesFile, "utf8")).replace("Search for products, brands and categories", changed));
    // A route's own text, so that route's chunk (which a page loads when it goes there) changes too.
    const aboutFile = path.join(tree, "app/routes/aboutus.tsx");
    await writeFile(aboutFile, (await readFile(aboutFile, "utf8")).replace(ABOUT_BEFORE, ABOUT_AFTER));
    expect(buildIsCurrent(tree)).toBe(false);

    const real = await npmRun(tree, ["start"], { DATABASE_URL: UNREACHABLE_DB, PUBLIC_URL: HTTPS });
    expect(real.code).not.toBe(0);
    expect(real.out).toContain(
      "The shop cannot start. The build in build/ is older than the source: run `npm run build` (or `npm run release`, which also migrates the database) before `npm start`.",
    );
    expect(real.out).not.toContain("Shop ready");

    const demo = await npmStart(tree, { DATA_DIR: path.join(work, "demo-data") }, port);
    try {
      expect(demo.output()).toContain("The source changed since the last build: building the shop again (demo mode)...");
      const home = await (await fetch(`${demo.baseUrl}/`)).text();
      expect(home).toContain(changed);
      expect(home).not.toContain("Search for products, brands and categories");
      // Issue 30: the new release still serves every file of the one before (scripts/previous-assets.mjs),
      // those the change replaced among them.
      const own = new Set(await releaseAssets());
      const replaced = before.filter((file) => !own.has(file));
      expect(replaced.length, "the change gave some client file a new name").toBeGreaterThan(0);
      for (const file of before) expect((await fetch(`${demo.baseUrl}/assets/${file}`)).status, file).toBe(200);
      await check(demo.baseUrl, replaced, own);
    } finally {
      expect(await demo.stop()).toBe(0);
    }
    expect(buildIsCurrent(tree)).toBe(true);
  }
});

/** The client files of the copy's current release as its build lists them, without their compressed copies. */
async function releaseAssets(): Promise<string[]> {
  const files = JSON.parse(await readFile(path.join(tree, "build/release-assets.json"), "utf8")) as string[];
  return files.filter((name) => !/\.(?:br|gz)$/.test(name));
}

const ABOUT_BEFORE = "Comfort, every day";
const ABOUT_AFTER = "Comfort, every night";

/** What the page's service worker has precached (Workbox's precache), as paths. */
function precached(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const name = (await caches.keys()).find((key) => key.startsWith("workbox-precache"));
    if (!name) return [];
    return (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
  });
}

describe.runIf(pg)("a built tree after npm prune --omit=dev, on PostgreSQL", () => {
  let prod: string;
  const databases: string[] = [];

  /** A new, empty PostgreSQL database. */
  async function emptyDatabase(): Promise<string> {
    const name = `shop_release_${randomBytes(6).toString("hex")}`;
    const admin = await openDatabase({ databaseUrl: pg!.adminUrl });
    await admin.db.execute(`create database ${name}`);
    await admin.close();
    databases.push(name);
    return databaseUrlFor(pg!.adminUrl, name);
  }

  beforeAll(async () => {
    // The built tree, copied whole (its node_modules too: pruning must not touch this tree's).
    prod = path.join(work, "prod");
    await cp(tree, prod, { recursive: true, filter: (source) => source !== path.join(tree, "node_modules") });
    // By coreutils' cp -a, which keeps npm's relative links (node_modules/.bin) as they are. Node's
    // fs.cp made them absolute, into this tree, and took 47 s with the prune after it (40 CPU-s)
    // against 17 s (17 CPU-s) here, on the PostgreSQL pass's critical path (decision 0048).
    await promisify(execFile)("cp", ["-a", path.join(ROOT, "node_modules"), path.join(prod, "node_modules")]);
    const pruned = await npmRun(prod, ["prune", "--omit=dev", "--offline", "--no-audit", "--no-fund"]);
    expect(pruned.code, pruned.out).toBe(0);
    for (const dev of ["tsx", "vite", "@react-router/dev", "vitest"]) expect(existsSync(path.join(prod, "node_modules", dev)), dev).toBe(false);
    expect(buildIsCurrent(prod)).toBe(true);
  }, 300_000);
  afterAll(async () => {
    const admin = await openDatabase({ databaseUrl: pg!.adminUrl });
    for (const name of databases) await admin.db.execute(`drop database if exists ${name} with (force)`);
    await admin.close();
  });

  it("refuses a real shop without DATABASE_URL or an https PUBLIC_URL (the built server's own check)", SLOW, async () => {
    await expectRefusals(prod);
  });

  it("migrates a new database with npm run migrate, and says when it is up to date", SLOW, async () => {
    const url = await emptyDatabase();
    const { entries } = JSON.parse(readFileSync(path.join(ROOT, "server/db/migrations/meta/_journal.json"), "utf8")) as { entries: unknown[] };
    expect(await npmRun(prod, ["run", "--silent", "migrate"], { DATABASE_URL: url })).toEqual({
      code: 0,
      out: `Applied ${entries.length} migrations to the PostgreSQL database of DATABASE_URL (${entries.length} in all).\n`,
    });
    expect(await npmRun(prod, ["run", "--silent", "migrate"], { DATABASE_URL: url })).toEqual({
      code: 0,
      out: `The PostgreSQL database of DATABASE_URL is up to date (${entries.length} migrations).\n`,
    });
  });

  it("moves a demo's data into PostgreSQL (db:backup, db:restore), makes its owner, and serves it as a real shop", SLOW, async () => {
    const dataDir = path.join(prod, "data");
    const demo = await npmStart(prod, { DATA_DIR: dataDir });
    expect(demo.output()).toMatch(/DEMO MODE/);
    expect((await fetch(`${demo.baseUrl}/productdetail/18`)).status).toBe(200);
    expect(await demo.stop()).toBe(0);

    // The demo grows real data: a customer with a password, and a paid order.
    const customer = { fullName: "Adaeze Obi", email: "adaeze@moved.test", password: "moved-to-postgres", phoneNumber: "2348012345678" };
    const folder = await openDatabase({ dataDir });
    let orderRef: string;
    try {
      const created = await createVerifiedAccount(folder.db, "customer", customer);
      expect(created.ok).toBe(true);
      ({ orderRef } = await paidOrder(folder.db, "moved"));
    } finally {
      await folder.close();
    }

    const file = path.join(work, "demo.backup");
    const backedUp = await npmRun(prod, ["run", "--silent", "db:backup", "--", file], { DATA_DIR: dataDir });
    expect(backedUp.out).toMatch(/^Backed up \d+ rows of \d+ tables from the embedded database in .*data to .*demo\.backup/);
    const url = await emptyDatabase();
    // No PUBLIC_URL: the commands serve nobody.
    const restored = await npmRun(prod, ["run", "--silent", "db:restore", "--", file], { DATABASE_URL: url });
    expect(restored.out).toMatch(/^Restored \d+ rows of \d+ tables from .*demo\.backup into the PostgreSQL database of DATABASE_URL/);
    expect(restored.code).toBe(0);
    const owner = await npmRun(
      prod,
      ["run", "--silent", "admin:create", "--", "--email", "owner@moved.test", "--name", "Ngozi Eze", "--phone", "2348031234567", "--owner"],
      { DATABASE_URL: url, ADMIN_PASSWORD: "Owner-pass-2026" },
    );
    expect(owner).toEqual({ code: 0, out: "Admin owner@moved.test created (owner). Log in at http://localhost:3000/adminlogin\n" });

    // Two server processes (node:cluster), which drain on SIGTERM (decision 0053).
    const shop = await npmStart(prod, { DATABASE_URL: url, PUBLIC_URL: HTTPS, HOST: "127.0.0.1", WEB_CONCURRENCY: "2", SHUTDOWN_DRAIN_MS: "2000" });
    let stopped: Promise<number | null> | null = null;
    try {
      expect(shop.output()).toMatch(/"engine":"postgres"/);
      expect(shop.output()).not.toMatch(/DEMO MODE|UNSAFE_EMBEDDED/);
      const call = apiClient(shop.baseUrl);
      const login = await call(accountCall("customer", "login"), { email: customer.email, password: customer.password });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      // The owner's password is right, and a real shop's owner sets up two-step sign-in in the
      // back office before any admin call (issue 27).
      const owner = await call(accountCall("admin", "login"), { email: "owner@moved.test", password: "Owner-pass-2026" });
      expect([owner.status, owner.body.message]).toEqual([403, messages.twoFactorSetUpFirst]);
      // The demo accounts' published passwords do not open the real shop.
      for (const account of DEMO_ACCOUNTS) {
        expect((await call(accountCall(account.role, "login"), { email: account.email, password: account.password })).status, account.email).toBe(
          401,
        );
      }
      // /metrics (issue 27): the primary sums both processes, whichever answers. Each request on a
      // connection of its own, which the primary hands to the processes in turn.
      await Promise.all(Array.from({ length: 12 }, () => getOnNewConnection(`${shop.baseUrl}/healthz`)));
      for (let i = 0; i < 4; i++) {
        const text = await getOnNewConnection(`${shop.baseUrl}/metrics`);
        const healthz = text.split("\n").filter((line) => line.startsWith("shop_http_requests_total{") && line.includes('route="/healthz"'));
        expect(healthz, `scrape ${i}`).toEqual([expect.stringMatching(/ 12$/)]);
      }
      // SIGTERM to the primary: each process says it is draining, and still serves, until it stops.
      stopped = shop.stop();
      await vi.waitFor(async () => expect((await fetch(`${shop.baseUrl}/readyz`)).status).toBe(503), { timeout: 1_500, interval: 10 });
      for (let i = 0; i < 4; i++) {
        const ready = await fetch(`${shop.baseUrl}/readyz`);
        expect(ready.status).toBe(503);
        expect(await ready.json()).toEqual({ status: "draining" });
        expect((await fetch(`${shop.baseUrl}/productdetail/18`)).status).toBe(200);
      }
    } finally {
      expect(await (stopped ?? shop.stop())).toBe(0);
    }
    const moved = await openDatabase({ databaseUrl: url });
    try {
      expect(await moved.db.select({ status: orders.status }).from(orders).where(eq(orders.orderRef, orderRef!))).toEqual([{ status: "paid" }]);
    } finally {
      await moved.close();
    }
    const again = await npmRun(prod, ["run", "--silent", "db:backup", "--", path.join(work, "postgres.backup")], { DATABASE_URL: url });
    expect(again.out).toMatch(/^Backed up \d+ rows of \d+ tables from the PostgreSQL database of DATABASE_URL/);
  });

  it("refuses to start or migrate from a build older than the source, naming npm run build", SLOW, async () => {
    const file = path.join(prod, "server/db/schema.ts");
    const original = await readFile(file, "utf8");
    await writeFile(file, `${original}\n// edited on the server by hand\n`);
    try {
      const cannot = "The build in build/ is older than the source, and this folder cannot build one (no devDependencies).";
      const started = await npmRun(prod, ["start"], { DATABASE_URL: UNREACHABLE_DB, PUBLIC_URL: HTTPS });
      expect(started.code).not.toBe(0);
      expect(started.out).toContain(`The shop cannot start. ${cannot} Run \`npm run build\``);
      const migrated = await npmRun(prod, ["run", "--silent", "migrate"], { DATABASE_URL: UNREACHABLE_DB });
      expect(migrated).toEqual({ code: 1, out: `${cannot} Run \`npm run build\` where they are installed, then this command again.\n` });
    } finally {
      await writeFile(file, original);
    }
  });
});

/** GET on a connection of its own (no keep-alive): the body. */
function getOnNewConnection(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve(body));
      })
      .on("error", reject);
  });
}
