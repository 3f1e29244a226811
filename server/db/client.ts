import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { parse as parseConnectionString } from 'pg-connection-string';
import type { Config } from '../config';
import { embeddedSocketConnection, startEmbeddedPostgres } from './embedded';
import * as schema from './schema/index';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type { schema };

export type DatabaseHandle = {
  db: Database;
  pool: pg.Pool;
  /** Where the database is, for the start-up log (never with a password). */
  description: string;
  close: () => Promise<void>;
};

// numeric and bigint stay strings (exact); int8 counts are cast to int in SQL where needed.
export function createDatabase(pool: pg.Pool): Database {
  return drizzle({ client: pool, schema }) as Database;
}

/** Drizzle over one checked-out connection (the one holding the migration lock at start-up). */
export function databaseOnClient(client: pg.PoolClient) {
  return drizzle({ client, schema });
}

function createPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool({
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5000,
    ...config,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  // Nor may a checked-out one: a client held by a transaction or an export cursor that loses its
  // connection between two statements emits 'error', which with no listener is an uncaught
  // exception. Its next statement fails instead (a 503), and the pool discards it on release.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return pool;
}

/** host:port/database of a connection string, never its password. */
function describeUrl(databaseUrl: string): string {
  const { host, port, database } = parseConnectionString(databaseUrl);
  return `${host ?? 'localhost'}${port ? `:${port}` : ''}/${database ?? ''}`;
}

/** The database the app keeps in the embedded cluster. */
const EMBEDDED_DATABASE = 'assay';

/** Opens the configured database: DATABASE_URL, or the embedded server in DATA_DIR. */
export async function openDatabase(
  config: Config,
  options: {
    databasePassword: string;
    log: (message: string) => void;
    notice?: (message: string) => void;
  },
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const pool = createPool({ connectionString: config.databaseUrl, max: config.databasePoolMax });
    return {
      db: createDatabase(pool),
      pool,
      description: `PostgreSQL at ${describeUrl(config.databaseUrl)}`,
      close: () => pool.end(),
    };
  }
  const embedded = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    password: options.databasePassword,
    database: EMBEDDED_DATABASE,
    log: options.log,
    notice: options.notice,
  });
  const pool = createPool({ ...embedded.connection, max: config.databasePoolMax });
  return {
    db: createDatabase(pool),
    pool,
    description: `embedded PostgreSQL in ${config.dataDir}/postgres (socket ${embedded.connection.host})`,
    close: async () => {
      await pool.end();
      await embedded.stop();
    },
  };
}

/**
 * The embedded database of DATA_DIR while another process (the running app) owns the cluster:
 * reached through its socket, never started or stopped here. Rejects when it cannot be reached.
 */
export async function connectToRunningEmbedded(
  config: Pick<Config, 'dataDir'>,
  databasePassword: string,
): Promise<DatabaseHandle> {
  const connection = embeddedSocketConnection(config.dataDir, databasePassword, EMBEDDED_DATABASE);
  const pool = createPool({ ...connection, max: 2 });
  try {
    (await pool.connect()).release();
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db: createDatabase(pool),
    pool,
    description: `the running app's embedded PostgreSQL in ${config.dataDir}/postgres (socket ${connection.host})`,
    close: () => pool.end(),
  };
}
