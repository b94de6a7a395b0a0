import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase, pgliteClientOf } from "~/server/db/client";
import { seedCatalogue } from "~/server/demo/seed";
import { ensureCurrentBuild } from "~/scripts/current-build.mjs";

// Migrating and seeding (with its pictures) takes seconds, so it happens once per run: a PGlite
// dump, or a PostgreSQL template database when DATABASE_URL is set. Test files clone it.

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplateFile: string;
    postgresTemplate: { adminUrl: string; templateName: string } | null;
  }
}

export function databaseUrlFor(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Whether a test file of this run renders pages (tests/support/pages.ts, or use-shop.ts's usePage*: the built server). */
function runRendersPages(project: TestProject): boolean {
  // The run's files, as Vitest lists them before this setup; when it cannot say, assume so.
  const files = (project.vitest.state as { getPaths?: () => string[] }).getPaths?.();
  return !files || files.some((file) => /support\/pages|usePage(?:Shop|Server)\b/.test(readFileSync(file, "utf8")));
}

/**
 * The migrated and seeded embedded database, as a PGlite dump in `file`. Every test file loads it,
 * so it leaves out the WAL segments recovery never reads: after a checkpoint, those before the
 * one it starts from and the ones kept for reuse after the last written (16 MB of the dump's 70;
 * opening a test database took 0.52 s of CPU against 0.61 s with them, 2026-11-27).
 * PostgreSQL makes a new segment when it needs one. Were PGlite to name its files otherwise than
 * "/pg_wal/...", withoutFiles would fail, loudly.
 */
export async function writePgliteTemplate(file: string): Promise<void> {
  const pglite = await openDatabase({ dataDir: "memory://" });
  await pglite.migrate();
  await seedCatalogue(pglite.db);
  const client = pgliteClientOf(pglite);
  await client.exec("checkpoint");
  const dump = await client.dumpDataDir("none");
  // Asked after the dump: whatever it wrote is kept.
  const { rows: unread } = await client.query<{ name: string }>(`
    select name from pg_ls_waldir()
    where name ~ '^[0-9A-F]{24}$'
      and (name < (select redo_wal_file from pg_control_checkpoint()) or name > pg_walfile_name(pg_current_wal_insert_lsn()))`);
  await pglite.close();
  await writeFile(file, withoutFiles(Buffer.from(await dump.arrayBuffer()), new Set(unread.map((r) => `/pg_wal/${r.name}`))));
}

/**
 * A tar archive (ustar, as PGlite writes its dumps) without the named files. GNU tar's --delete
 * dropped other entries of a PGlite dump too, so the archive is walked here: each entry is a
 * 512-byte header (name at 0, size in octal at 124) and its data padded to 512 bytes.
 */
export function withoutFiles(tar: Buffer, names: Set<string>): Buffer {
  const kept: Buffer[] = [];
  let removed = 0;
  let at = 0;
  while (at + 512 <= tar.length && tar[at] !== 0) {
    const field = (from: number, length: number) => tar.toString("utf8", at + from, at + from + length).split("\0")[0];
    const name = field(0, 100);
    const size = parseInt(field(124, 12).trim() || "0", 8);
    const end = at + 512 + Math.ceil(size / 512) * 512;
    if (names.has(name)) removed++;
    else kept.push(tar.subarray(at, end));
    at = end;
  }
  if (removed !== names.size) throw new Error(`The dump lacks files to leave out: ${[...names].join(", ")} (found ${removed}).`);
  return Buffer.concat([...kept, tar.subarray(at)]);
}

export default async function setup(project: TestProject) {
  // Page tests load the build: made now when it is older than the source, once for every file.
  if (runRendersPages(project)) await ensureCurrentBuild();
  const adminUrl = process.env.DATABASE_URL;
  const dir = await mkdtemp(path.join(os.tmpdir(), "shop-tests-"));
  // Each run needs only the template of its own engine: seeding draws every picture (slow).
  if (!adminUrl) {
    // `npm test` makes it beside lint and the build, from this same tree (scripts/test.mjs).
    const prepared = process.env.TEST_PGLITE_TEMPLATE;
    const templateFile = prepared && existsSync(prepared) ? prepared : path.join(dir, "template.tar");
    if (templateFile !== prepared) await writePgliteTemplate(templateFile);
    project.provide("pgliteTemplateFile", templateFile);
  } else {
    project.provide("pgliteTemplateFile", "");
  }

  let templateName: string | null = null;
  if (adminUrl) {
    templateName = `shop_test_template_${process.pid}`;
    const admin = await openDatabase({ databaseUrl: adminUrl });
    await admin.db.execute(`drop database if exists ${templateName}`);
    await admin.db.execute(`create database ${templateName}`);
    await admin.close();
    const template = await openDatabase({ databaseUrl: databaseUrlFor(adminUrl, templateName) });
    await template.migrate();
    await seedCatalogue(template.db);
    await template.close();
  }
  project.provide("postgresTemplate", adminUrl && templateName ? { adminUrl, templateName } : null);

  return async () => {
    await rm(dir, { recursive: true, force: true });
    if (adminUrl && templateName) {
      const admin = await openDatabase({ databaseUrl: adminUrl });
      await admin.db.execute(`drop database if exists ${templateName} with (force)`);
      await admin.close();
    }
  };
}
