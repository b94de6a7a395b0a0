import { createHash } from "node:crypto";
import { pipeline as pipeCallback, Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { sql, type SQL, type SQLChunk } from "drizzle-orm";
import type { Database, Executor } from "./client";

// Backups of the whole shop database in one file that either engine can read back
// (docs/decisions/0015-backups.md). The file is gzip'd newline-delimited JSON:
//
//   {"format":"foam-shop-backup","version":1,"migrations":[...],"tables":[{"name","columns","rows"}...]}
//   ["1","Mattresses",...]                          one line per row, every value as PostgreSQL's text
//   ...                                             (bytea as base64, NULL as null), tables in
//   {"end":"categories","rows":9,"sha256":"..."}    dependency order, each closed by its count and
//   ...                                             the SHA-256 of its row lines
//   {"sequences":[{"name":"products_id_seq","value":"70","called":true}...]}
//   {"end":"backup","tables":21,"rows":1234}
//
// Values travel as text, so nothing is lost on the way (microseconds, bigints, jsonb as written).

export const BACKUP_FORMAT = "foam-shop-backup";
export const BACKUP_VERSION = 1;

/** Rows per FETCH; tables with pictures fetch fewer at a time to keep memory flat. */
const FETCH_ROWS = 1000;
const FETCH_ROWS_WITH_BYTES = 20;
/** Rows sent to the database per INSERT, at most this many characters of JSON. */
const INSERT_CHARS = 4 * 1024 * 1024;

interface Column {
  name: string;
  /** format_type(): a type name usable in a cast. */
  type: string;
  bytea: boolean;
}

interface Table {
  name: string;
  columns: Column[];
  primaryKey: string[];
}

interface HeaderTable {
  name: string;
  columns: string[];
  rows: number;
}

interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  server: string;
  /** The `when` of each applied migration, oldest first: the schema the rows belong to. */
  migrations: number[];
  tables: HeaderTable[];
}

interface SequenceValue {
  name: string;
  value: string;
  called: boolean;
}

export interface TableCount {
  name: string;
  rows: number;
}

export interface BackupResult {
  ok: true;
  tables: TableCount[];
  rows: number;
}

export type RestoreResult =
  | { ok: true; tables: TableCount[]; rows: number }
  /** The target already holds rows (in these tables) and `force` was not given; nothing changed. */
  | { ok: false; reason: "not-empty"; tables: string[]; message: string }
  /** Not a backup, cut short or damaged; nothing changed. */
  | { ok: false; reason: "damaged"; message: string }
  /** Made by another version of the shop (other migrations); nothing changed. */
  | { ok: false; reason: "other-schema"; message: string };

/** A problem of the file or the target that restoreDatabase answers with a result, not a throw. */
class RestoreRefused extends Error {
  constructor(
    readonly reason: "damaged" | "other-schema",
    message: string,
  ) {
    super(message);
  }
}

async function rowsOf<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

const id = (name: string) => sql.identifier(name);
const list = (items: SQLChunk[]) => sql.join(items, sql`, `);

// ---------------------------------------------------------------- the schema as the catalogue sees it

/** Values as text in one form on both engines, whatever the server's settings. */
async function setTextFormats(tx: Executor): Promise<void> {
  await tx.execute(sql`set local timezone = 'UTC'`);
  await tx.execute(sql`set local datestyle = 'ISO, YMD'`);
  await tx.execute(sql`set local intervalstyle = 'postgres'`);
  await tx.execute(sql`set local extra_float_digits = 1`);
}

async function appliedMigrations(db: Executor): Promise<number[] | null> {
  const [table] = await rowsOf<{ present: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!table.present) return null;
  const rows = await rowsOf<{ when: string }>(db, sql`select created_at::text as "when" from drizzle.__drizzle_migrations order by id`);
  return rows.map((r) => Number(r.when));
}

/** The tables of the shop's schema, each after the tables it references. */
async function readTables(db: Executor): Promise<Table[]> {
  const columns = await rowsOf<{ table: string; name: string; type: string; bytea: boolean }>(
    db,
    sql`select c.relname as "table", a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
               a.atttypid = 'bytea'::regtype as bytea
          from pg_attribute a join pg_class c on c.oid = a.attrelid
         where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
           and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
         order by c.relname, a.attnum`,
  );
  const keys = await rowsOf<{ table: string; name: string }>(
    db,
    sql`select c.relname as "table", a.attname as name
          from pg_index i
          join pg_class c on c.oid = i.indrelid
          join lateral unnest(i.indkey::int2[]) with ordinality as k(attnum, position) on true
          join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
         where i.indisprimary and c.relnamespace = current_schema()::regnamespace
         order by c.relname, k.position`,
  );
  const references = await rowsOf<{ table: string; references: string }>(
    db,
    sql`select c.relname as "table", r.relname as "references"
          from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class r on r.oid = k.confrelid
         where k.contype = 'f' and c.relnamespace = current_schema()::regnamespace and c.oid <> r.oid`,
  );

  const tables = new Map<string, Table>();
  for (const c of columns) {
    const table = tables.get(c.table) ?? { name: c.table, columns: [], primaryKey: [] };
    table.columns.push({ name: c.name, type: c.type, bytea: c.bytea });
    tables.set(c.table, table);
  }
  for (const k of keys) tables.get(k.table)?.primaryKey.push(k.name);

  // Referenced tables first (Kahn's algorithm; names in alphabetical order among equals).
  const needs = new Map([...tables.keys()].map((name) => [name, new Set<string>()]));
  for (const r of references) if (tables.has(r.references)) needs.get(r.table)?.add(r.references);
  const ordered: Table[] = [];
  const done = new Set<string>();
  while (ordered.length < tables.size) {
    const ready = [...needs].filter(([name, deps]) => !done.has(name) && [...deps].every((d) => done.has(d)));
    if (!ready.length) throw new Error("The tables reference each other in a circle; they cannot be ordered for a backup.");
    for (const [name] of ready.sort(([a], [b]) => a.localeCompare(b))) {
      done.add(name);
      ordered.push(tables.get(name)!);
    }
  }
  return ordered;
}

async function readSequences(db: Executor): Promise<SequenceValue[]> {
  const names = await rowsOf<{ name: string }>(
    db,
    sql`select relname as name from pg_class where relkind = 'S' and relnamespace = current_schema()::regnamespace order by relname`,
  );
  const values: SequenceValue[] = [];
  for (const { name } of names) {
    const [row] = await rowsOf<{ value: string; called: boolean }>(db, sql`select last_value::text as value, is_called as called from ${id(name)}`);
    values.push({ name, value: row.value, called: row.called });
  }
  return values;
}

// ---------------------------------------------------------------- backup

async function* backupLines(tx: Executor, counted: TableCount[]): AsyncGenerator<string> {
  await setTextFormats(tx);
  const migrations = await appliedMigrations(tx);
  if (!migrations?.length) throw new Error("This database has no shop schema (no migrations were applied); there is nothing to back up.");
  const tables = await readTables(tx);
  const [{ server }] = await rowsOf<{ server: string }>(tx, sql`select version() as server`);
  const headerTables: HeaderTable[] = [];
  for (const table of tables) {
    const [{ n }] = await rowsOf<{ n: string }>(tx, sql`select count(*)::text as n from ${id(table.name)}`);
    headerTables.push({ name: table.name, columns: table.columns.map((c) => c.name), rows: Number(n) });
  }
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    server,
    migrations,
    tables: headerTables,
  };
  yield `${JSON.stringify(header)}\n`;

  for (const table of tables) {
    const values = table.columns.map((c, i) =>
      c.bytea ? sql`translate(encode(${id(c.name)}, 'base64'), chr(10), '') as ${id(`c${i}`)}` : sql`${id(c.name)}::text as ${id(`c${i}`)}`,
    );
    const order = table.primaryKey.length ? sql` order by ${list(table.primaryKey.map(id))}` : sql``;
    const fetchRows = table.columns.some((c) => c.bytea) ? FETCH_ROWS_WITH_BYTES : FETCH_ROWS;
    await tx.execute(sql`declare shop_backup no scroll cursor for select ${list(values)} from ${id(table.name)}${order}`);
    const hash = createHash("sha256");
    let count = 0;
    for (;;) {
      const rows = await rowsOf<Record<string, string | null>>(tx, sql`fetch ${sql.raw(String(fetchRows))} from shop_backup`);
      if (!rows.length) break;
      let chunk = "";
      for (const row of rows) {
        const line = `${JSON.stringify(table.columns.map((_, i) => row[`c${i}`]))}\n`;
        hash.update(line);
        chunk += line;
      }
      count += rows.length;
      yield chunk;
    }
    await tx.execute(sql`close shop_backup`);
    counted.push({ name: table.name, rows: count });
    yield `${JSON.stringify({ end: table.name, rows: count, sha256: hash.digest("hex") })}\n`;
  }

  yield `${JSON.stringify({ sequences: await readSequences(tx) })}\n`;
  const rows = counted.reduce((sum, t) => sum + t.rows, 0);
  yield `${JSON.stringify({ end: "backup", tables: tables.length, rows })}\n`;
}

/**
 * Writes every table of the database to `output` (gzip'd, see the top of this file) and ends it.
 * All tables are read in one REPEATABLE READ, read-only transaction: a backup of a shop that keeps
 * running (PostgreSQL) is one consistent moment, and blocks no one.
 */
export async function backupDatabase(db: Database, output: Writable): Promise<BackupResult> {
  const counted: TableCount[] = [];
  await db.transaction(
    async (tx) => {
      await pipeline(Readable.from(backupLines(tx, counted), { objectMode: false }), createGzip(), output);
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  return { ok: true, tables: counted, rows: counted.reduce((sum, t) => sum + t.rows, 0) };
}

// ---------------------------------------------------------------- restore

/** The lines of a gzip'd input; zlib's own errors (cut short, damaged) surface as RestoreRefused. */
function lineReader(input: Readable) {
  const gunzip = createGunzip();
  gunzip.setEncoding("utf8");
  pipeCallback(input, gunzip, () => {});
  const chunks = gunzip[Symbol.asyncIterator]() as AsyncIterator<string>;
  let pending: string[] = [];
  let buffered = "";
  let ended = false;
  let lineNumber = 0;

  const readChunk = async (): Promise<boolean> => {
    try {
      const next = await chunks.next();
      if (next.done) return false;
      buffered = next.value;
      return true;
    } catch (error) {
      const problem = error as NodeJS.ErrnoException;
      if (problem.code === "Z_BUF_ERROR" && gunzip.bytesWritten === 0) throw new RestoreRefused("damaged", "The backup file is empty.");
      throw new RestoreRefused("damaged", zlibProblem(problem));
    }
  };

  return {
    get lineNumber() {
      return lineNumber;
    },
    /** The next line without its newline, or null at the end of the file. */
    async next(): Promise<string | null> {
      for (;;) {
        const newline = buffered.indexOf("\n");
        if (newline >= 0) {
          pending.push(buffered.slice(0, newline));
          buffered = buffered.slice(newline + 1);
          const line = pending.join("");
          pending = [];
          lineNumber++;
          return line;
        }
        if (buffered) pending.push(buffered);
        buffered = "";
        if (ended || !(await readChunk())) {
          ended = true;
          if (pending.length) throw new RestoreRefused("damaged", "The backup file is cut short: its last line is incomplete.");
          return null;
        }
      }
    },
    close(): void {
      gunzip.destroy();
      input.destroy();
    },
  };
}

function zlibProblem(error: NodeJS.ErrnoException): string {
  if (error.code === "Z_BUF_ERROR") return "The backup file is cut short (it ends in the middle of its compressed data).";
  if (error.message.includes("incorrect header check")) return "This is not a shop backup (not a gzip file).";
  if (error.code?.startsWith("Z_")) return `The backup file is damaged (${error.message}).`;
  return `The backup file could not be read: ${error.message}`;
}

function parseLine(line: string | null, what: string): unknown {
  if (line === null) throw new RestoreRefused("damaged", `The backup file is cut short: ${what} is missing.`);
  try {
    return JSON.parse(line);
  } catch {
    throw new RestoreRefused("damaged", `The backup file is damaged: ${what} is not valid JSON.`);
  }
}

function parseHeader(line: string | null): BackupHeader {
  let header: Partial<BackupHeader>;
  try {
    header = parseLine(line, "its header") as Partial<BackupHeader>;
  } catch (error) {
    if (error instanceof RestoreRefused && line !== null)
      throw new RestoreRefused("damaged", "This is not a shop backup (its first line is not a backup header).");
    throw error;
  }
  if (header?.format !== BACKUP_FORMAT)
    throw new RestoreRefused("damaged", "This is not a shop backup (its header names no foam-shop-backup format).");
  if (header.version !== BACKUP_VERSION) {
    throw new RestoreRefused(
      "other-schema",
      `This backup has format version ${header.version}; this shop reads version ${BACKUP_VERSION}. Restore it with the shop that made it.`,
    );
  }
  if (!Array.isArray(header.migrations) || !Array.isArray(header.tables)) throw new RestoreRefused("damaged", "The backup's header is incomplete.");
  return header as BackupHeader;
}

function checkSameSchema(header: BackupHeader, migrations: number[] | null, tables: Table[]): void {
  if (!migrations) throw new Error("The target database is not migrated; run the shop's migrations before restoring.");
  const theirs = header.migrations;
  const same = theirs.length === migrations.length && theirs.every((when, i) => when === migrations[i]);
  if (!same) {
    const older = theirs.length < migrations.length && theirs.every((when, i) => when === migrations[i]);
    throw new RestoreRefused(
      "other-schema",
      older
        ? `This backup was made by an older version of the shop (${theirs.length} of its ${migrations.length} migrations). ` +
            "Restore it with that version, then start this version to upgrade the database."
        : `This backup was made by another version of the shop (${theirs.length} migrations; this one has ${migrations.length}). ` +
            "Restore it with the version that made it.",
    );
  }
  const byName = new Map(tables.map((t) => [t.name, t]));
  const problems: string[] = [];
  for (const t of header.tables) {
    const target = byName.get(t.name);
    if (!target) problems.push(`table ${t.name} does not exist here`);
    else if (target.columns.map((c) => c.name).join() !== t.columns.join()) problems.push(`table ${t.name} has other columns here`);
  }
  const inBackup = new Set(header.tables.map((t) => t.name));
  for (const t of tables) if (!inBackup.has(t.name)) problems.push(`table ${t.name} is not in the backup`);
  if (problems.length) throw new RestoreRefused("other-schema", `The backup does not match this database's schema: ${problems.join("; ")}.`);
}

async function tablesWithRows(tx: Executor, tables: Table[]): Promise<string[]> {
  const found: string[] = [];
  for (const t of tables) {
    const [row] = await rowsOf<{ any: boolean }>(tx, sql`select exists (select 1 from ${id(t.name)}) as any`);
    if (row.any) found.push(t.name);
  }
  return found;
}

/** Reads one table's rows from the file into the database, checking its count and checksum. */
async function loadTable(tx: Executor, lines: ReturnType<typeof lineReader>, expected: HeaderTable, table: Table): Promise<number> {
  // Triggers may have filled this table from the ones before it (search_words from products):
  // the backup's rows are the truth.
  await tx.execute(sql`delete from ${id(table.name)}`);
  const values = table.columns.map((c, i) =>
    c.bytea ? sql`decode(r.v->>${sql.raw(String(i))}, 'base64')` : sql`(r.v->>${sql.raw(String(i))})::${sql.raw(c.type)}`,
  );
  const insert = (batch: string[]) =>
    tx.execute(
      sql`insert into ${id(table.name)} (${list(table.columns.map((c) => id(c.name)))}) overriding system value
          select ${list(values)} from json_array_elements(${`[${batch.join(",")}]`}::json) as r(v)`,
    );

  const hash = createHash("sha256");
  let count = 0;
  let batch: string[] = [];
  let batchChars = 0;
  // A damaged value may be refused by the database before the checksum is known: the rest of the
  // table is still read, and a wrong checksum then reports the damage rather than the symptom.
  let failure: unknown = null;
  const flush = async () => {
    if (batch.length && !failure) {
      try {
        await insert(batch);
      } catch (error) {
        failure = error;
      }
    }
    batch = [];
    batchChars = 0;
  };

  for (;;) {
    const line = await lines.next();
    const what = `table ${table.name}`;
    if (line === null) throw new RestoreRefused("damaged", `The backup file is cut short in ${what} (after ${count} of ${expected.rows} rows).`);
    if (line.startsWith("[")) {
      let row: unknown;
      try {
        row = JSON.parse(line);
      } catch {
        throw new RestoreRefused("damaged", `The backup file is damaged: row ${count + 1} of ${what} is not valid JSON (line ${lines.lineNumber}).`);
      }
      if (!Array.isArray(row) || row.length !== table.columns.length || !row.every((v) => v === null || typeof v === "string")) {
        throw new RestoreRefused(
          "damaged",
          `The backup file is damaged: row ${count + 1} of ${what} has the wrong shape (line ${lines.lineNumber}).`,
        );
      }
      hash.update(`${line}\n`);
      count++;
      batch.push(line);
      batchChars += line.length;
      if (batchChars >= INSERT_CHARS || batch.length >= FETCH_ROWS) await flush();
      continue;
    }
    const end = parseLine(line, `the end of ${what}`) as { end?: string; rows?: number; sha256?: string };
    if (end.end !== table.name)
      throw new RestoreRefused("damaged", `The backup file is damaged: ${what} does not end where expected (line ${lines.lineNumber}).`);
    await flush();
    if (end.rows !== count || expected.rows !== count) {
      throw new RestoreRefused("damaged", `The backup file is damaged: ${what} should have ${expected.rows} rows, it has ${count}.`);
    }
    if (end.sha256 !== hash.digest("hex"))
      throw new RestoreRefused("damaged", `The backup file is damaged: the rows of ${what} do not match their checksum.`);
    if (failure) {
      const message = failure instanceof Error ? failure.message : String(failure);
      throw new Error(`The rows of table ${table.name} could not be loaded: ${message}`, { cause: failure });
    }
    return count;
  }
}

/** Sets each sequence to its backed-up value, and never below the largest id its column holds. */
async function restoreSequences(tx: Executor, saved: SequenceValue[]): Promise<void> {
  const owned = await rowsOf<{ sequence: string; table: string; column: string }>(
    tx,
    sql`select s.relname as sequence, t.relname as "table", a.attname as "column"
          from pg_class s
          join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
          join pg_class t on t.oid = d.refobjid
          join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
         where s.relkind = 'S' and s.relnamespace = current_schema()::regnamespace`,
  );
  const [{ names }] = await rowsOf<{ names: string[] | null }>(
    tx,
    sql`select array_agg(relname::text) as names from pg_class where relkind = 'S' and relnamespace = current_schema()::regnamespace`,
  );
  const savedByName = new Map(saved.map((s) => [s.name, s]));
  for (const name of names ?? []) {
    const column = owned.find((o) => o.sequence === name);
    let value = savedByName.get(name) ? BigInt(savedByName.get(name)!.value) : null;
    let called = savedByName.get(name)?.called ?? false;
    if (column) {
      const [{ max }] = await rowsOf<{ max: string | null }>(tx, sql`select max(${id(column.column)})::text as max from ${id(column.table)}`);
      if (max !== null && (value === null || BigInt(max) > value || (BigInt(max) === value && !called))) {
        value = BigInt(max);
        called = true;
      }
    }
    if (value !== null) await tx.execute(sql`select setval(quote_ident(${name})::regclass, ${value.toString()}::bigint, ${called})`);
  }
}

const describeTables = (names: string[]) =>
  names.length <= 3 ? names.join(", ") : `${names.slice(0, 3).join(", ")} and ${names.length - 3} more tables`;

/**
 * Loads a backup into a migrated database, in one transaction: either every row arrives, checked
 * against the file's counts and checksums, or nothing changes. A database that already holds rows
 * is refused unless `force`, which replaces everything.
 */
export async function restoreDatabase(db: Database, input: Readable, options: { force?: boolean } = {}): Promise<RestoreResult> {
  const lines = lineReader(input);
  try {
    const header = parseHeader(await lines.next());
    const outcome = await db.transaction<{ refusedFor: string[] } | { counts: TableCount[]; rows: number }>(async (tx) => {
      const tables = await readTables(tx);
      checkSameSchema(header, await appliedMigrations(tx), tables);
      const filled = await tablesWithRows(tx, tables);
      if (filled.length && !options.force) return { refusedFor: filled };

      await setTextFormats(tx);
      if (filled.length) await tx.execute(sql`truncate table ${list(tables.map((t) => id(t.name)))} restart identity cascade`);
      const byName = new Map(tables.map((t) => [t.name, t]));
      const counts: TableCount[] = [];
      for (const expected of header.tables) {
        counts.push({ name: expected.name, rows: await loadTable(tx, lines, expected, byName.get(expected.name)!) });
      }
      const sequences = parseLine(await lines.next(), "the sequences line") as { sequences?: SequenceValue[] };
      if (!Array.isArray(sequences.sequences)) throw new RestoreRefused("damaged", "The backup file is damaged: the sequences line is missing.");
      await restoreSequences(tx, sequences.sequences);
      const footer = parseLine(await lines.next(), "its last line") as { end?: string; tables?: number; rows?: number };
      const rows = counts.reduce((sum, t) => sum + t.rows, 0);
      if (footer.end !== "backup" || footer.tables !== counts.length || footer.rows !== rows) {
        throw new RestoreRefused("damaged", "The backup file is damaged: its last line does not match its contents.");
      }
      // Reading to the very end lets gzip check its own CRC before anything is committed.
      if ((await lines.next()) !== null) throw new RestoreRefused("damaged", "The backup file is damaged: there is more after its last line.");
      return { counts, rows };
    });
    if ("refusedFor" in outcome) {
      return {
        ok: false,
        reason: "not-empty",
        tables: outcome.refusedFor,
        message: `The database already holds data (in ${describeTables(outcome.refusedFor)}). Nothing was changed. Restore into an empty database, or give --force to replace everything in it.`,
      };
    }
    return { ok: true, tables: outcome.counts, rows: outcome.rows };
  } catch (error) {
    if (error instanceof RestoreRefused) return { ok: false, reason: error.reason, message: error.message };
    throw error;
  } finally {
    lines.close();
  }
}
