// `npm run admin -- backup <file>` and `restore <file>` (docs/self-hosting.md#backups). A backup is a gzip'd text
// file, one record a line: a header (format, the schema migrations it was taken at), then each table's rows as JSON,
// the sequences' positions, and a trailer with the row counts, so a truncated file is refused rather than half
// restored. It is taken in one read-only snapshot while the server runs. Dreams and analyses stay sealed in it: the
// keys that open them live in DATA_DIR/keystore and secrets.json (or MASTER_KEY), which are backed up apart.
import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { migrationsFolder, type Database } from './client.ts';
import {
  countRows,
  insertRows,
  listTables,
  readRows,
  readSequences,
  writeSequence,
  type SequenceState,
} from './table-copy.ts';

const FORMAT = 'sonhario-backup';
const VERSION = 1;

interface Header {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  /** The `when` of every schema migration applied to the database the backup was taken from. */
  migrations: number[];
}

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

async function appliedMigrations(client: pg.PoolClient): Promise<number[]> {
  const { rows: exists } = await client.query<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!exists[0]?.present) return [];
  const { rows } = await client.query<{ created_at: string }>(
    'select created_at::text as created_at from drizzle.__drizzle_migrations order by created_at',
  );
  return rows.map((row) => Number(row.created_at));
}

function requirePostgres(database: Database): () => Promise<pg.PoolClient> {
  if (!database.connect) throw new BackupError('backups need the embedded PostgreSQL or DATABASE_URL');
  return database.connect;
}

/** Writes a backup of the whole database to `file` (through a temporary file and a rename: never half a file). */
export async function writeBackup(database: Database, file: string): Promise<{ tables: number; rows: number }> {
  const client = await requirePostgres(database)();
  const partial = `${file}.partial-${String(process.pid)}`;
  try {
    await client.query('begin isolation level repeatable read read only');
    const tables = await listTables(client);
    const header: Header = {
      format: FORMAT,
      version: VERSION,
      createdAt: new Date().toISOString(),
      migrations: await appliedMigrations(client),
    };
    const gzip = createGzip();
    const done = pipeline(gzip, createWriteStream(partial, { mode: 0o600 }));
    const write = async (line: string) => {
      if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
    };
    await write(`H\t${JSON.stringify(header)}`);
    for (const table of tables) {
      await write(`T\t${table.name}`);
      for await (const batch of readRows(client, table)) {
        for (const row of batch) await write(`R\t${row}`);
      }
    }
    for (const sequence of await readSequences(client)) await write(`S\t${JSON.stringify(sequence)}`);
    const counts = await countRows(client, tables);
    await write(`E\t${JSON.stringify(Object.fromEntries(counts))}`);
    gzip.end();
    await done;
    await client.query('commit');
    await rename(partial, file);
    return { tables: tables.length, rows: [...counts.values()].reduce((a, b) => a + b, 0) };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  } finally {
    client.release();
  }
}

async function readHeader(file: string): Promise<Header> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  let header: Partial<Header> | null = null;
  try {
    await eachLine(file, (line) => {
      header ??= line.startsWith('H\t') ? (JSON.parse(line.slice(2)) as Partial<Header>) : {};
      // Only the first line is needed: stop reading by failing on purpose, caught just below.
      throw new HeaderRead();
    });
  } catch (error) {
    if (!(error instanceof HeaderRead) && !(error instanceof BackupError)) throw error;
  }
  const found = header as Partial<Header> | null;
  if (found?.format !== FORMAT || !Array.isArray(found.migrations)) {
    throw new BackupError(`${file} is not a Sonhário backup`);
  }
  if (found.version !== VERSION) {
    throw new BackupError(`backup format version ${String(found.version)} is not supported`);
  }
  return found as Header;
}

class HeaderRead extends Error {}

/** Applies the schema migrations up to the backup's, from a copy of the migrations folder cut at that point. */
async function migrateTo(client: pg.PoolClient, migrations: number[]): Promise<void> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as Journal;
  const known = new Set(journal.entries.map((entry) => entry.when));
  const unknown = migrations.filter((when) => !known.has(when));
  if (unknown.length > 0) {
    throw new BackupError('the backup was made by a newer release of Sonhário: upgrade, then restore it');
  }
  const last = Math.max(0, ...migrations);
  const folder = await mkdtemp(path.join(tmpdir(), 'sonhario-migrations-'));
  try {
    await cp(migrationsFolder, folder, { recursive: true });
    const cut: Journal = { ...journal, entries: journal.entries.filter((entry) => entry.when <= last) };
    await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify(cut));
    await migrate(drizzle({ client }), { migrationsFolder: folder });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Calls `onLine` for every line of the gzip'd `file`, in order; a damaged or unreadable file becomes a BackupError
 * (readline passes on neither the file's nor the decompressor's errors by itself).
 */
async function eachLine(file: string, onLine: (line: string) => Promise<void> | void): Promise<void> {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  const lines = createInterface({ input: input.pipe(gunzip), crlfDelay: Infinity });
  let failure: Error | undefined;
  const fail = (error: Error) => {
    failure = error;
    lines.close();
  };
  input.on('error', fail);
  gunzip.on('error', fail);
  try {
    for await (const line of lines) {
      if (failure) break;
      await onLine(line);
    }
  } catch (error) {
    // The stream's own errors mean a damaged file; anything else is the caller's (onLine's) and passes through.
    const raw = (error as { code?: unknown }).code;
    const code = typeof raw === 'string' ? raw : '';
    const isStreamError = code.startsWith('Z_') || code.startsWith('E') || code.startsWith('ERR_');
    if (!failure && !(isStreamError && error instanceof Error && !('severity' in error))) throw error;
    failure ??= error as Error;
  } finally {
    lines.close();
    input.destroy();
  }
  if (failure) throw new BackupError(`the backup file is damaged (${failure.message}): nothing was restored`);
}

/** The whole file read once before the database is touched: it must end with its trailer. */
async function verifyComplete(file: string): Promise<void> {
  let last = '';
  await eachLine(file, (line) => {
    last = line;
  });
  if (!last.startsWith('E\t')) {
    throw new BackupError('the backup is incomplete (no trailer): it was cut short; nothing was restored');
  }
}

async function totalRows(client: pg.PoolClient): Promise<number> {
  const counts = await countRows(client, await listTables(client));
  return [...counts.values()].reduce((a, b) => a + b, 0);
}

/**
 * Restores `file` into an empty database: migrates it to the backup's schema, loads every row in one transaction,
 * checks the counts against the backup's trailer, then brings the schema up to this release.
 */
export async function restoreBackup(database: Database, file: string): Promise<{ tables: number; rows: number }> {
  const header = await readHeader(file);
  await verifyComplete(file);
  const client = await requirePostgres(database)();
  try {
    const { rows: users } = await client.query<{ present: boolean }>(
      `select to_regclass('auth.users') is not null as present`,
    );
    if (users[0]?.present) {
      const { rows } = await client.query<{ n: string }>('select count(*)::text as n from auth.users');
      if (Number(rows[0]?.n) > 0) {
        throw new BackupError(
          'the database already holds accounts: restore into a fresh DATA_DIR or an empty database',
        );
      }
    }
    const applied = await appliedMigrations(client);
    const isSameSchema = applied.join() === header.migrations.join();
    if (applied.length > 0 && !(isSameSchema && (await totalRows(client)) === 0)) {
      if (database.kind !== 'embedded') {
        throw new BackupError('the database is not empty: restore into a new database (no tables)');
      }
      if (!database.ownsServer) {
        throw new BackupError('the server is running on this DATA_DIR: stop it, then restore');
      }
      // The embedded database has no accounts: start its schemas again from nothing.
      await client.query('drop schema if exists auth cascade; drop schema if exists drizzle cascade');
      await client.query('drop schema public cascade; create schema public');
    }
    await migrateTo(client, header.migrations);

    await client.query('begin');
    const tables = new Map((await listTables(client)).map((table) => [table.name, table]));
    let table: ReturnType<typeof tables.get>;
    let batch: string[] = [];
    const flush = async () => {
      if (table && batch.length > 0) await insertRows(client, table, batch);
      batch = [];
    };
    const sequences: SequenceState[] = [];
    let expected: Record<string, number> | undefined;
    await eachLine(file, async (line) => {
      const kind = line.slice(0, 2);
      const rest = line.slice(2);
      if (kind === 'R\t') {
        if (!table) throw new BackupError('the backup is damaged: rows before any table');
        batch.push(rest);
        if (batch.length >= 500) await flush();
      } else if (kind === 'T\t') {
        await flush();
        table = tables.get(rest);
        if (!table) throw new BackupError(`the backup has a table this schema does not: ${rest}`);
      } else if (kind === 'S\t') {
        await flush();
        sequences.push(JSON.parse(rest) as SequenceState);
      } else if (kind === 'E\t') {
        await flush();
        expected = JSON.parse(rest) as Record<string, number>;
      }
    });
    if (!expected)
      throw new BackupError('the backup is incomplete (no trailer): it was cut short; nothing was restored');
    for (const sequence of sequences) await writeSequence(client, sequence);
    const counts = await countRows(client, [...tables.values()]);
    for (const [name, n] of Object.entries(expected)) {
      if (counts.get(name) !== n) {
        throw new BackupError(`restoring ${name} gave ${String(counts.get(name))} rows, the backup has ${String(n)}`);
      }
    }
    await client.query('commit');
    await migrate(drizzle({ client }), { migrationsFolder });
    return { tables: tables.size, rows: Object.values(expected).reduce((a, b) => a + b, 0) };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
