// Types of shop-server.mjs for the TypeScript that imports it (playwright.config.ts, tests/e2e,
// tests/support/child-shop.ts).
import type { ChildProcess } from "node:child_process";

export declare function freePort(): Promise<number>;
export declare const startArgs: string[];
export declare function sleep(ms: number): Promise<void>;
export declare function rssMb(pid: number): number;
export declare function listeningPid(port: number): number | null;
export declare const RSS_BUDGET_MB: number;
export declare const CATALOGUE_PATHS: string[];
export declare function rssUnderLoad(
  pid: number,
  base: string,
  options?: { paths?: string[]; connections?: number; seconds?: number },
): Promise<{ idleMb: number; peakMb: number; requests: number; failures: number }>;

export interface ServerProcess<T> {
  child: ChildProcess;
  /** What `ready` gave. */
  ready: T;
  startMs: number;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}
export declare function startServerProcess<T>(
  args: string[],
  options: {
    env: NodeJS.ProcessEnv;
    cwd?: string;
    ready: (output: string) => T | undefined | null | false | Promise<T | undefined | null | false>;
    timeoutMs?: number;
    pollMs?: number;
    keepChars?: number;
    stderr?: "pipe" | "inherit" | "ignore";
    what?: string;
  },
): Promise<ServerProcess<T>>;
export declare function stopServerProcess(child: ChildProcess, graceMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
export declare function answers(base: string, path?: string): () => Promise<boolean>;
export declare function startShop(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; base: string; startMs: number; output(): string }>;
export declare function stopShop(shop: { child: ChildProcess }): Promise<void>;
export declare function shopEnv(port: number, dataDir: string, extra?: Record<string, string>): NodeJS.ProcessEnv;
