import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type Config, ConfigError, loadConfig } from '../config';
import { claimDataDir } from '../data-dir-lock';
import { connectToRunningEmbedded, type DatabaseHandle, openDatabase } from '../db/client';
import { BackupRefusedError } from '../modules/backup/archive-format';
import { openBackup } from '../modules/backup/write-backup';
import { loadOrCreateSecrets } from '../secrets';
import { cliArguments } from './cli-arguments';

/**
 * `npm run backup -- FILE`: writes the full backup of the configured database to FILE, whether
 * the app runs or not. An external database (DATABASE_URL) is simply read. The embedded one is
 * started here when nobody holds DATA_DIR; while the app holds it, its running cluster is read
 * through its socket (a backup is one read-only snapshot, which the app does not notice).
 */
async function backup(file: string) {
  const config = loadConfig();
  const folder = path.dirname(file);
  if (!fs.statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
    throw new BackupRefusedError(`There is no folder ${folder} to write the backup into.`);
  }
  const started = performance.now();
  const { database, releaseDataDir } = await openDatabaseToBackUp(config);
  try {
    const { manifest, stream } = await openBackup(database.pool);
    // Written beside FILE and renamed at the end: FILE is never a backup cut short.
    const partial = `${file}.partial-${process.pid}`;
    try {
      await pipeline(stream, fs.createWriteStream(partial, { mode: 0o600 }));
      fs.renameSync(partial, file);
    } catch (error) {
      fs.rmSync(partial, { force: true });
      throw error;
    }
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `Backed up ${rows} rows of ${manifest.tables.length} tables (schema ${manifest.schemaVersion.tag}) from ${database.description} to ${file}: ${fs.statSync(file).size} bytes in ${seconds.toFixed(1)} s.`,
    );
  } finally {
    await database.close();
    releaseDataDir();
  }
}

/**
 * DATABASE_URL, or the embedded database: started here when DATA_DIR is free (and held until the
 * backup is written), or the running app's when the app holds DATA_DIR.
 */
async function openDatabaseToBackUp(
  config: Config,
): Promise<{ database: DatabaseHandle; releaseDataDir: () => void }> {
  const nothingHeld = () => {};
  if (config.databaseUrl) {
    const database = await openDatabase(config, { databasePassword: '', log: () => {} });
    return { database, releaseDataDir: nothingHeld };
  }
  // A mistyped DATA_DIR must not get a new, empty cluster made for it.
  if (!fs.existsSync(path.join(config.dataDir, 'postgres', 'PG_VERSION'))) {
    throw new BackupRefusedError(
      `There is no Assay database in DATA_DIR ${config.dataDir} (and DATABASE_URL is not set).`,
    );
  }
  let releaseDataDir: () => void;
  try {
    releaseDataDir = await claimDataDir(config);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return { database: await runningAppDatabase(config, error), releaseDataDir: nothingHeld };
  }
  try {
    const { databasePassword } = loadOrCreateSecrets(config.dataDir);
    const database = await openDatabase(config, { databasePassword, log: () => {} });
    return { database, releaseDataDir };
  } catch (error) {
    releaseDataDir();
    throw error;
  }
}

/** The database of the app that holds DATA_DIR, or the reason it cannot be read. */
async function runningAppDatabase(config: Config, held: ConfigError): Promise<DatabaseHandle> {
  try {
    const { databasePassword } = loadOrCreateSecrets(config.dataDir);
    return await connectToRunningEmbedded(config, databasePassword);
  } catch (error) {
    throw new ConfigError(
      `${held.message}\nIts database could not be reached to back it up while it runs either (${(error as Error).message}); try again once it has started, or stop it.`,
    );
  }
}

const [file] = cliArguments('npm run backup -- FILE', []);
backup(file).catch((error) => {
  const expected = error instanceof ConfigError || error instanceof BackupRefusedError;
  console.error(expected ? error.message : error);
  process.exit(1);
});
