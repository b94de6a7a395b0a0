import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lockDataDir } from "./lock";

// The embedded database's folder lock (a pid file): a second process is kept out while the first
// lives, and the lock of a process that died (SIGKILL, a power cut) is taken over.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const folder = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "shop-lock-"));
  dirs.push(dir);
  return dir;
};

describe("lockDataDir", () => {
  it("writes this process's id, and release() removes it", () => {
    const dir = folder();
    const lock = lockDataDir(dir);
    expect(readFileSync(path.join(dir, "shop.lock"), "utf8")).toBe(String(process.pid));
    lock.release();
    expect(existsSync(path.join(dir, "shop.lock"))).toBe(false);
  });

  it("refuses a folder a live process holds, naming it", () => {
    const dir = folder();
    writeFileSync(path.join(dir, "shop.lock"), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(`is in use by process ${process.ppid} (is the shop running?)`);
    expect(readFileSync(path.join(dir, "shop.lock"), "utf8")).toBe(String(process.ppid));
  });

  it("takes over the lock of a process that is gone", () => {
    const dir = folder();
    // A process that has exited: its id is free (reused only after the whole pid range).
    const { pid } = spawnSync(process.execPath, ["-e", ""]);
    writeFileSync(path.join(dir, "shop.lock"), String(pid));
    lockDataDir(dir).release();
    expect(existsSync(path.join(dir, "shop.lock"))).toBe(false);
  });
});
