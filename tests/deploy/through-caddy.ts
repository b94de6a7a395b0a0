import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import https from "node:https";
import type { IncomingHttpHeaders } from "node:http";
import path from "node:path";

// Caddy as the rehearsal runs it (deploy/Caddyfile.local, which imports deploy/Caddyfile), and a
// client that talks to it as a customer's browser does: https with the site's name (SNI and Host),
// keep-alive, trusting only the certificate authority of that Caddy.

/** Whether Debian's caddy is installed (`apt-get install -y caddy`). */
export function caddyVersion(): string | null {
  const run = spawnSync("caddy", ["version"], { encoding: "utf8" });
  return run.status === 0 ? run.stdout.trim() : null;
}

export interface CaddyOptions {
  /** deploy/Caddyfile.local */
  config: string;
  /** Its storage ($XDG_DATA_HOME: certificates and the local CA) and home. */
  home: string;
  domain: string;
  httpsPort: number;
  httpPort: number;
  upstreams: string[];
}

export interface RunningCaddy {
  child: ChildProcess;
  /** Caddy's local CA certificate: what a client must trust. */
  ca: string;
  output(): string;
  stop(): Promise<void>;
}

/** The environment Caddy reads its settings from (Caddyfile `{$VAR}`), as `systemctl edit caddy` would set them. */
export function caddyEnv({ home, domain, httpsPort, httpPort, upstreams }: Omit<CaddyOptions, "config">): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    XDG_DATA_HOME: path.join(home, "data"),
    XDG_CONFIG_HOME: path.join(home, "config"),
    // Left out when empty: Caddy reads a variable set to "" as "", not as missing.
    ...(domain ? { SHOP_DOMAIN: domain } : {}),
    ...(upstreams.length ? { SHOP_UPSTREAMS: upstreams.join(" ") } : {}),
    CADDY_HTTPS_PORT: String(httpsPort),
    CADDY_HTTP_PORT: String(httpPort),
    CADDY_ADMIN: "off",
  };
}

/** Starts `caddy run` and resolves once it answers https for the domain with a certificate of its own CA. */
export async function startCaddy(options: CaddyOptions, { timeoutMs = 30_000 } = {}): Promise<RunningCaddy> {
  const child = spawn("caddy", ["run", "--config", options.config, "--adapter", "caddyfile"], {
    env: caddyEnv(options),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString("utf8")).slice(-200_000));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const caFile = path.join(options.home, "data/caddy/pki/authorities/local/root.crt");
  const until = performance.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`Caddy stopped while starting:\n${output}`);
    if (existsSync(caFile)) {
      const ca = await readFile(caFile, "utf8");
      const client = httpsClient({ port: options.httpsPort, domain: options.domain, ca });
      try {
        // Any answer through TLS will do: the shop may still be starting.
        await client.request("GET", "/robots.txt");
        return {
          child,
          ca,
          output: () => output,
          stop: async () => {
            child.kill("SIGTERM");
            await exited;
          },
        };
      } catch {
        // not serving yet
      } finally {
        client.close();
      }
    }
    if (performance.now() > until) {
      child.kill("SIGKILL");
      throw new Error(`Caddy did not serve https within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The body as JSON, or undefined. */
  json: any;
}

export interface HttpsClientOptions {
  port: number;
  domain: string;
  ca: string;
  /** The address the client connects from (a loopback address other than Caddy's own shows whose address the shop sees). */
  localAddress?: string;
}

/** A browser-like client of the shop through Caddy: one keep-alive connection, https to 127.0.0.1 under the site's name. */
export function httpsClient({ port, domain, ca, localAddress }: HttpsClientOptions) {
  const agent = new https.Agent({ keepAlive: true, maxSockets: 1, ca, servername: domain, localAddress });
  return {
    /** Rejects when no answer came (connection refused or reset, timeout). */
    request(
      method: "GET" | "POST",
      requestPath: string,
      { body, token, headers = {} }: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
    ): Promise<Answer> {
      // A string is sent as it is (a signed webhook's exact bytes), anything else as JSON.
      const payload = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
      return new Promise((resolve, reject) => {
        const req = https.request(
          {
            host: "127.0.0.1",
            port,
            path: requestPath,
            method,
            agent,
            timeout: 30_000,
            headers: {
              host: `${domain}:${port}`,
              ...(payload === undefined ? {} : { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }),
              ...(token ? { authorization: `Bearer ${token}` } : {}),
              ...headers,
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("error", reject);
            res.on("end", () => {
              const text = Buffer.concat(chunks).toString("utf8");
              let json: unknown;
              try {
                json = JSON.parse(text);
              } catch {
                json = undefined;
              }
              resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
            });
          },
        );
        req.on("timeout", () => req.destroy(new Error("no answer within 30 s")));
        req.on("error", reject);
        req.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}

export type HttpsClient = ReturnType<typeof httpsClient>;
