import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";

// systemd cannot run on this machine (it is not PID 1, and there is no container engine), so the
// rehearsal (rehearsal.test.ts) runs the shop under this stand-in instead. It reads the unit file
// itself and does what systemd would do with the few settings that decide how the shop runs:
//   - ExecStart= (each line, in order, for a oneshot), in WorkingDirectory=, with Environment=
//     and then EnvironmentFile= (whose variables win, as in systemd);
//   - Restart= and RestartSec=: a process that exits when nobody stopped it is started again;
//   - `systemctl stop`: SIGTERM to the main process (KillMode=mixed), SIGKILL after TimeoutStopSec=;
//     `systemctl restart`: stop, then start.
// Not done here: User= (the tests run as whoever runs them), the sandboxing settings (checked by
// `systemd-analyze verify` and `security` in recipe.test.ts instead), StateDirectory= (the test
// makes the folder). Paths of the server (/srv/foam-shop, /etc/foam-shop) are mapped to the
// rehearsal's folders, and an executable the unit names by absolute path that is not on this
// machine (/usr/bin/node under nvm, say) is taken from PATH.

export type UnitSections = Map<string, Map<string, string[]>>;

/** A unit file's sections and settings, with %i and %I replaced by `instance` (a key set twice keeps both values, in order). */
export function parseUnitFile(text: string, instance = ""): UnitSections {
  const sections: UnitSections = new Map();
  let current: Map<string, string[]> | undefined;
  const lines = text.replace(/\\\n/g, " ").split("\n");
  for (const raw of lines) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    const section = /^\[(.+)\]$/.exec(line);
    if (section) {
      current = new Map();
      sections.set(section[1], current);
      continue;
    }
    const eq = line.indexOf("=");
    if (!current || eq < 0) throw new Error(`Not a unit file line: ${raw}`);
    const key = line.slice(0, eq).trim();
    const value = expandSpecifiers(line.slice(eq + 1).trim(), instance);
    // An empty assignment resets the list, as in systemd.
    current.set(key, value === "" ? [] : [...(current.get(key) ?? []), value]);
  }
  return sections;
}

function expandSpecifiers(value: string, instance: string): string {
  return value.replace(/%(.)/g, (_, c: string) => {
    if (c === "i" || c === "I") return instance;
    if (c === "%") return "%";
    throw new Error(`The stand-in does not know the specifier %${c}`);
  });
}

/** Words as systemd splits a command line or an Environment= value: spaces, double or single quotes, backslash escapes. */
export function splitWords(value: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  let quote: string | null = null;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === "\\" && i + 1 < value.length) {
      word = (word ?? "") + value[++i];
    } else if (quote) {
      if (c === quote) quote = null;
      else word = (word ?? "") + c;
    } else if (c === '"' || c === "'") {
      quote = c;
      word ??= "";
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else {
      word = (word ?? "") + c;
    }
  }
  if (quote) throw new Error(`Unbalanced quote in: ${value}`);
  if (word !== null) words.push(word);
  return words;
}

/** A systemd time span (`1s`, `40s`, `30min`, `500ms`, a bare number of seconds) in milliseconds. */
export function timeSpanMs(value: string): number {
  const units: Record<string, number> = { ms: 1, s: 1000, sec: 1000, m: 60_000, min: 60_000, h: 3_600_000 };
  let total = 0;
  for (const part of value.trim().split(/\s+/)) {
    const match = /^(\d+(?:\.\d+)?)([a-z]*)$/.exec(part);
    const unit = match ? units[match[2] || "s"] : undefined;
    if (!match || unit === undefined) throw new Error(`Not a time span: ${value}`);
    total += Number(match[1]) * unit;
  }
  return total;
}

/** Variables of an EnvironmentFile= (KEY=value lines, # and ; comments, quotes stripped). */
export function parseEnvironmentFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    const match = /^([a-z_]\w*)=(.*)$/i.exec(line);
    if (!match) throw new Error(`Not an environment file line: ${raw}`);
    const value = match[2].trim();
    const quoted = /^(["'])(.*)\1$/.exec(value);
    env[match[1]] = quoted ? quoted[2] : value;
  }
  return env;
}

/** The one value of a setting of [Service] (the last one when set twice), or undefined. */
export function serviceSetting(unit: UnitSections, key: string): string | undefined {
  return unit.get("Service")?.get(key)?.at(-1);
}

/**
 * Runs a command to its end without blocking this process (the rehearsal's customers keep
 * shopping meanwhile); SIGKILL after `timeoutMs`. Resolves with how it ended and what it printed.
 */
export function runToEnd(
  file: string,
  args: string[],
  { cwd, env, timeoutMs }: { cwd: string; env: Record<string, string>; timeoutMs: number },
): Promise<Exit & { output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("error", reject);
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, output });
    });
  });
}

export interface StandInOptions {
  /** The unit file's path. */
  unitFile: string;
  /** The instance of a template unit (foam-shop@3001: "3001"). */
  instance?: string;
  /** Server paths and where they are here: { "/srv/foam-shop": <folder>, "/etc/foam-shop": <folder> }. */
  paths: Record<string, string>;
  /** What systemd gives every service before the unit's own variables (PATH, HOME...). */
  baseEnv: Record<string, string>;
  /** Characters of output kept (the journal). */
  keepChars?: number;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface MainProcessRun {
  pid: number;
  /** performance.now() when it was spawned, and when it exited. */
  startedAt: number;
  exit?: Exit & { at: number };
}

/** The journal line the stand-in writes when it starts a main process. */
export const STARTED = "[stand-in] started main process";

/** Signals after which systemd counts an exit as clean (Restart=on-failure does not restart). */
const CLEAN_SIGNALS = ["SIGHUP", "SIGINT", "SIGTERM", "SIGPIPE"];

/** One service under the stand-in: start, stop, restart, and restart by itself per Restart=. */
export class StandInService {
  readonly name: string;
  private readonly unit: UnitSections;
  private child: ChildProcess | null = null;
  private exited: Promise<Exit> | null = null;
  private stopping = false;
  private journal = "";
  /** Every start of the main process, and how each ended. */
  readonly history: MainProcessRun[] = [];

  private constructor(
    private readonly options: StandInOptions,
    text: string,
  ) {
    this.unit = parseUnitFile(text, options.instance);
    const base = path.basename(options.unitFile);
    this.name = options.instance === undefined ? base : base.replace("@.", `@${options.instance}.`);
  }

  static async load(options: StandInOptions): Promise<StandInService> {
    return new StandInService(options, await readFile(options.unitFile, "utf8"));
  }

  setting(key: string): string | undefined {
    return serviceSetting(this.unit, key);
  }

  /** The main process's id, while one runs. */
  get mainPid(): number | null {
    return this.child && this.child.exitCode === null && this.child.signalCode === null ? (this.child.pid ?? null) : null;
  }

  output(): string {
    return this.journal;
  }

  /** `systemctl start` for a long-running service (Type=exec or simple): resolves once the process has started. */
  async start(): Promise<void> {
    this.stopping = false;
    const [argv] = await this.commands();
    this.spawnMain(argv, await this.environment());
  }

  /** `systemctl start` for Type=oneshot: runs every ExecStart= in turn; rejects with the journal if one fails. */
  async runOnce(): Promise<void> {
    if (this.setting("Type") !== "oneshot") throw new Error(`${this.name} is not Type=oneshot`);
    const env = await this.environment();
    for (const argv of await this.commands()) {
      const [file, ...args] = this.executable(argv);
      const run = await runToEnd(file, args, { cwd: this.workingDirectory(), env, timeoutMs: timeSpanMs(this.setting("TimeoutStartSec") ?? "90s") });
      this.journal += run.output;
      if (run.code !== 0)
        throw new Error(`${this.name}: ${argv.join(" ")} failed (code ${run.code}, signal ${run.signal}):\n${this.journal.slice(-8000)}`);
    }
  }

  /** `systemctl stop`: SIGTERM to the main process, SIGKILL after TimeoutStopSec=; resolves with how it ended. */
  async stop(): Promise<Exit | null> {
    this.stopping = true;
    const child = this.child;
    if (!child || !this.mainPid) return null;
    const ended = this.exited!;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), timeSpanMs(this.setting("TimeoutStopSec") ?? "90s"));
    const exit = await ended;
    clearTimeout(timer);
    return exit;
  }

  /** `systemctl restart`: stop, then start. */
  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  /** A signal from outside (`kill -9 <MainPID>`): the stand-in then does what Restart= says. */
  kill(signal: NodeJS.Signals): void {
    this.child?.kill(signal);
  }

  private async commands(): Promise<string[][]> {
    const lines = this.unit.get("Service")?.get("ExecStart") ?? [];
    if (lines.length === 0) throw new Error(`${this.name} has no ExecStart=`);
    // Prefixes (-, @, +, !, :) change how systemd runs the command; the shop's units use none.
    return lines.map((line) => {
      if (/^[-@+!:]/.test(line)) throw new Error(`The stand-in does not run prefixed commands: ${line}`);
      return splitWords(line);
    });
  }

  private mapped(serverPath: string): string {
    for (const [from, to] of Object.entries(this.options.paths)) {
      if (serverPath === from || serverPath.startsWith(`${from}/`)) return to + serverPath.slice(from.length);
    }
    return serverPath;
  }

  private workingDirectory(): string {
    const dir = this.setting("WorkingDirectory");
    if (!dir) throw new Error(`${this.name} has no WorkingDirectory=`);
    return this.mapped(dir);
  }

  private executable(argv: string[]): string[] {
    const [file, ...args] = argv;
    if (!path.isAbsolute(file)) throw new Error(`systemd needs an absolute path or a program on its own PATH: ${file}`);
    return [existsSync(file) ? file : path.basename(file), ...args];
  }

  /** systemd's order: the base, then Environment= lines, then EnvironmentFile= files (which win). */
  private async environment(): Promise<Record<string, string>> {
    const env: Record<string, string> = { ...this.options.baseEnv };
    for (const line of this.unit.get("Service")?.get("Environment") ?? []) {
      for (const word of splitWords(line)) {
        const eq = word.indexOf("=");
        env[word.slice(0, eq)] = word.slice(eq + 1);
      }
    }
    for (const file of this.unit.get("Service")?.get("EnvironmentFile") ?? []) {
      const optional = file.startsWith("-");
      const where = this.mapped(optional ? file.slice(1) : file);
      if (optional && !existsSync(where)) continue;
      Object.assign(env, parseEnvironmentFile(await readFile(where, "utf8")));
    }
    return env;
  }

  private spawnMain(argv: string[], env: Record<string, string>): void {
    const [file, ...args] = this.executable(argv);
    const child = spawn(file, args, { cwd: this.workingDirectory(), env, stdio: ["ignore", "pipe", "pipe"] });
    const keep = (chunk: Buffer) => {
      this.journal = (this.journal + chunk.toString("utf8")).slice(-(this.options.keepChars ?? 400_000));
    };
    child.stdout!.on("data", keep);
    child.stderr!.on("data", keep);
    const record: MainProcessRun = { pid: child.pid ?? -1, startedAt: performance.now() };
    this.journal += `\n${STARTED} ${record.pid} of ${this.name}\n`;
    this.history.push(record);
    this.child = child;
    this.exited = new Promise((resolve) =>
      child.once("exit", (code, signal) => {
        record.exit = { code, signal, at: performance.now() };
        this.journal += `\n[stand-in] ${this.name}: main process ${record.pid} exited (code ${code}, signal ${signal})\n`;
        resolve({ code, signal });
        if (!this.stopping && this.restartsAfter({ code, signal })) {
          const delay = timeSpanMs(this.setting("RestartSec") ?? "100ms");
          setTimeout(() => {
            if (this.stopping) return;
            this.journal += `[stand-in] ${this.name}: Restart=${this.setting("Restart")}, starting again after ${delay} ms\n`;
            // systemd reads the environment file again at every start.
            void this.environment().then((fresh) => this.spawnMain(argv, fresh));
          }, delay);
        }
      }),
    );
  }

  /** Restart= for an exit nobody asked for (systemd's table, for the values a shop would use). */
  private restartsAfter({ code, signal }: Exit): boolean {
    const rule = this.setting("Restart") ?? "no";
    if (rule === "always") return true;
    if (rule === "on-failure") return signal ? !CLEAN_SIGNALS.includes(signal) : code !== 0;
    if (rule === "on-abnormal") return signal !== null && !CLEAN_SIGNALS.includes(signal);
    if (rule === "no") return false;
    throw new Error(`The stand-in does not know Restart=${rule}`);
  }
}
