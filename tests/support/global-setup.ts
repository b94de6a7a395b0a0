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

/** The migrated and seeded embedded database, as a PGlite dump in `file`. */
export async function writePgliteTemplate(file: string): Promise<void> {
  const pglite = await openDatabase({ dataDir: "memory://" });
  await pglite.migrate();
  await seedCatalogue(pglite.db);
  const dump = await pgliteClientOf(pglite).dumpDataDir("none");
  await pglite.close();
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
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
