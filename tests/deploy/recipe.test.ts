import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/server/config";
import { parseEnvironmentFile, parseUnitFile, serviceSetting, splitWords, timeSpanMs } from "./systemd-stand-in";
import { caddyEnv } from "./through-caddy";

// The files of deploy/ as the tools that will run them read them: `systemd-analyze verify` and
// `security` for the units (systemd is installed here, but is not PID 1: both work on files),
// `caddy validate` and `caddy adapt` for the Caddyfiles, and the shop's own configuration parser
// for the example environment file. The rehearsal (rehearsal.test.ts) runs them.

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const DEPLOY = path.join(ROOT, "deploy");
const read = (file: string) => readFile(path.join(DEPLOY, file), "utf8");
const line = "!".repeat(72);

/** A tool the checks need: missing, they are skipped with a loud line, or fail under CI=true. */
function tool(name: string, args: string[], install: string): boolean {
  const found = spawnSync(name, args, { encoding: "utf8" }).status === 0;
  if (!found) {
    const message = `tests/deploy/recipe.test.ts needs ${name}: ${install}`;
    if (process.env.CI) throw new Error(message);
    console.log(`\n${line}\n!! SKIPPED: ${message}\n${line}\n`);
  }
  return found;
}

const systemd = tool("systemd-analyze", ["--version"], "apt-get install -y systemd");
const caddy = tool("caddy", ["version"], "apt-get install -y caddy");

/** `systemd-analyze verify`: it exits 0 even for unknown settings, which it only prints, so any output is a problem. */
function verifyUnits(cwd: string, units: string[]): string {
  const run = spawnSync("systemd-analyze", ["verify", "--man=no", ...units], { cwd, encoding: "utf8" });
  return `${run.status === 0 ? "" : `exit code ${run.status}\n`}${run.stdout}${run.stderr}`.trim();
}

describe.runIf(systemd)("the systemd units (deploy/foam-shop@.service, deploy/foam-shop-release@.service)", () => {
  it("are accepted by systemd-analyze verify, with nothing to say", () => {
    expect(verifyUnits(DEPLOY, ["foam-shop@3001.service", "foam-shop-release@20260501-1200.service"])).toBe("");
  });

  it("would be refused by that check if a setting were wrong (the check can fail)", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "deploy-units-"));
    try {
      const unit = (await read("foam-shop@.service")).replace("Restart=always", "Restart=sometimes");
      await writeFile(path.join(dir, "foam-shop@.service"), unit);
      expect(verifyUnits(dir, ["foam-shop@3001.service"])).toMatch(/Failed to parse service restart specifier, ignoring: sometimes/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("are sandboxed: systemd-analyze security rates each 'OK' (exposure at most 2 of 10)", () => {
    for (const unit of ["foam-shop@3001.service", "foam-shop-release@20260501-1200.service"]) {
      const run = spawnSync("systemd-analyze", ["security", "--offline=yes", unit], { cwd: DEPLOY, encoding: "utf8" });
      const exposure = /Overall exposure level for \S+: (\d+\.\d+) (\w+)/.exec(run.stdout);
      expect(exposure, run.stdout + run.stderr).not.toBeNull();
      console.log(`systemd-analyze security ${unit}: exposure ${exposure![1]} ${exposure![2]}`);
      expect(Number(exposure![1]), unit).toBeLessThanOrEqual(2);
    }
  });
});

describe("the shop's unit", () => {
  let unit: ReturnType<typeof parseUnitFile>;
  let release: ReturnType<typeof parseUnitFile>;
  beforeAll(async () => {
    unit = parseUnitFile(await read("foam-shop@.service"), "3001");
    release = parseUnitFile(await read("foam-shop-release@.service"), "20260501-1200");
  });

  it("restarts the shop whenever it stops, as its own unprivileged user, with the environment file", () => {
    expect(serviceSetting(unit, "Restart")).toBe("always");
    expect(serviceSetting(unit, "User")).toBe("foamshop");
    expect(serviceSetting(unit, "EnvironmentFile")).toBe("/etc/foam-shop/env");
    expect(serviceSetting(unit, "Environment")).toBe("PORT=3001 HOST=127.0.0.1");
    for (const [key, value] of Object.entries({
      ProtectSystem: "strict",
      ProtectHome: "yes",
      NoNewPrivileges: "yes",
      PrivateTmp: "yes",
      PrivateDevices: "yes",
      StateDirectory: "foam-shop",
    })) {
      expect(serviceSetting(unit, key), key).toBe(value);
    }
  });

  it("runs `npm start`'s own command, and never builds or migrates when it starts", async () => {
    const start = (JSON.parse(await readFile(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts.start;
    const [node, ...args] = splitWords(serviceSetting(unit, "ExecStart")!);
    expect(node).toBe("/usr/bin/node");
    expect(["node", ...args]).toEqual(splitWords(start));
    expect(unit.get("Service")!.has("ExecStartPre")).toBe(false);
  });

  it("has the release as a oneshot of its own: `npm run release` in the release's folder, with the same user and settings", () => {
    expect(serviceSetting(release, "Type")).toBe("oneshot");
    expect(serviceSetting(release, "ExecStart")).toBe("/usr/bin/npm run release");
    expect(serviceSetting(release, "WorkingDirectory")).toBe("/srv/foam-shop/releases/20260501-1200");
    expect(serviceSetting(release, "User")).toBe(serviceSetting(unit, "User"));
    expect(serviceSetting(release, "EnvironmentFile")).toBe(serviceSetting(unit, "EnvironmentFile"));
  });

  it("gives a stopping shop longer than its own deadline before SIGKILL", async () => {
    const env = parseEnvironmentFile(await read("env.example"));
    expect(timeSpanMs(serviceSetting(unit, "TimeoutStopSec")!)).toBeGreaterThan(Number(env.SHUTDOWN_TIMEOUT_MS));
  });
});

describe("deploy/env.example", () => {
  /** Settings of server/config.ts a server's file leaves out, and why. */
  const LEFT_OUT: Record<string, string> = {
    PORT: "set by each unit (foam-shop@3001)",
    HOST: "set by the unit: 127.0.0.1, behind Caddy",
    DATA_DIR: "the embedded database's folder: a real shop runs on PostgreSQL",
    PAYSTACK_API_BASE: "tests only",
    TERMII_API_BASE: "tests only",
    WHATSAPP_API_BASE: "tests only",
    WEB_CONCURRENCY: "two units instead, restarted one at a time",
    SERVER_TIMING: "for measuring",
    UNSAFE_EMBEDDED_DATABASE_MAY_LOSE_ORDERS: "tests only",
  };

  it("lists every setting of server/config.ts a real shop needs", async () => {
    const example = parseEnvironmentFile(await read("env.example"));
    const source = await readFile(path.join(ROOT, "server/config.ts"), "utf8");
    const settings = [...source.matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]);
    expect(settings.length, "the settings of server/config.ts's schema").toBeGreaterThan(15);
    const missing = settings.filter((name) => !(name in example) && !(name in LEFT_OUT));
    expect(missing).toEqual([]);
    for (const name of ["PORT", "HOST"]) expect(example, `${name} would win over the unit's`).not.toHaveProperty(name);
  });

  it("is a valid configuration of a real shop on https behind a proxy once PORT and HOST are added", async () => {
    const config = loadConfig({ ...parseEnvironmentFile(await read("env.example")), PORT: "3001", HOST: "127.0.0.1" });
    expect(config).toMatchObject({ demo: false, https: true, trustProxy: "loopback", host: "127.0.0.1", port: 3001 });
    expect(config.databaseUrl).toMatch(/^postgres:\/\//);
  });
});

describe.runIf(caddy)("the Caddyfiles (deploy/Caddyfile, deploy/Caddyfile.local)", () => {
  let home: string;
  beforeAll(async () => {
    home = await mkdtemp(path.join(os.tmpdir(), "deploy-caddy-"));
  });
  afterAll(async () => {
    await rm(home, { recursive: true, force: true });
  });

  /** `caddy <command> --config deploy/<file>` with the environment of `systemctl edit caddy`. */
  function caddyRun(command: "validate" | "adapt", file: string, env: Record<string, string>) {
    return spawnSync("caddy", [command, "--config", path.join(DEPLOY, file), "--adapter", "caddyfile"], {
      env: { ...caddyEnv({ home, domain: "", httpsPort: 8443, httpPort: 8080, upstreams: [] }), ...env },
      encoding: "utf8",
    });
  }

  it("are accepted by caddy validate with SHOP_DOMAIN set", () => {
    for (const file of ["Caddyfile", "Caddyfile.local"]) {
      const run = caddyRun("validate", file, { SHOP_DOMAIN: "shop.example.ng" });
      expect(run.status, `${file}:\n${run.stdout}${run.stderr}`).toBe(0);
      expect(run.stdout + run.stderr).toContain("Valid configuration");
    }
  });

  it("serve nothing without SHOP_DOMAIN", () => {
    const run = caddyRun("validate", "Caddyfile", {});
    expect(run.status).not.toBe(0);
  });

  /** The JSON config Caddy makes of a Caddyfile. */
  function adapted(file: string, env: Record<string, string> = {}) {
    const run = caddyRun("adapt", file, { SHOP_DOMAIN: "shop.example.ng", ...env });
    expect(run.status, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as any;
  }
  const site = (config: any) => config.apps.http.servers.srv0.routes[0];
  const handlers = (config: any): any[] => site(config).handle[0].routes.flatMap((r: any) => r.handle);

  it("proxy the shop's domain to both processes, checking /readyz every second, and leave compression to the shop", () => {
    const config = adapted("Caddyfile");
    expect(site(config).match).toEqual([{ host: ["shop.example.ng"] }]);
    expect(config.apps.http.servers.srv0.listen).toEqual([":443"]);
    const proxy = handlers(config).find((h) => h.handler === "reverse_proxy");
    expect(proxy.upstreams).toEqual([{ dial: "127.0.0.1:3001" }, { dial: "127.0.0.1:3002" }]);
    expect(proxy.health_checks.active).toMatchObject({ uri: "/readyz", interval: 1e9 });
    expect(proxy.load_balancing.try_duration).toBeGreaterThan(0);
    // A pick that looks at every process: 2.6.2's round_robin could miss the healthy one under
    // concurrent requests and refuse a POST with "no upstreams available" (decision 0047).
    expect(proxy.load_balancing.selection_policy).toEqual({ policy: "least_conn" });
    // Caddy drops an idle connection before the shop does (Node's default keepAliveTimeout).
    expect(proxy.transport.keep_alive.idle_timeout / 1e6).toBeLessThan(createServer().keepAliveTimeout);
    expect(handlers(config).map((h) => h.handler)).not.toContain("encode");
    expect(config.apps.tls?.automation?.policies ?? [], "certificates from a public CA (Caddy's default)").toEqual([]);
    const upstreams = adapted("Caddyfile", { SHOP_UPSTREAMS: "127.0.0.1:4001 127.0.0.1:4002 127.0.0.1:4003" });
    expect(handlers(upstreams).find((h) => h.handler === "reverse_proxy").upstreams).toHaveLength(3);
  });

  it("answer /metrics with 404 and never pass it to the shop", () => {
    const routes = site(adapted("Caddyfile")).handle[0].routes;
    const metrics = routes.find((r: any) => r.handle.some((h: any) => h.handler === "static_response"));
    expect(metrics.match).toEqual([{ path: ["/metrics", "/metrics/*"] }]);
    expect(metrics.handle).toEqual([{ handler: "static_response", status_code: 404 }]);
    expect(routes.indexOf(metrics)).toBeLessThan(routes.findIndex((r: any) => r.handle.some((h: any) => h.handler === "reverse_proxy")));
  });

  it("differ locally only in certificates from Caddy's own CA, ports, and listening on 127.0.0.1", () => {
    const production = adapted("Caddyfile");
    const local = adapted("Caddyfile.local");
    expect(site(local)).toEqual(site(production));
    expect(local.apps.tls.automation.policies).toEqual([{ issuers: [{ module: "internal" }] }]);
    expect(local.apps.http.servers.srv0.listen).toEqual(["127.0.0.1:8443"]);
    expect(local.admin).toEqual({ disabled: true });
  });
});
