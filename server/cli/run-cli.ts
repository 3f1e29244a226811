import { type Config, ConfigError, loadConfig } from '../config';
import { claimDataDir } from '../data-dir-lock';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { describeError } from '../http/loggable-error';
import { loadOrCreateSecrets } from '../secrets';

/** An error whose message is meant for the operator: printed alone, without a stack. */
type ExpectedError = new (...args: never[]) => Error;

/**
 * Runs a command-line task against the configured database and exits 1 if it fails. The data
 * directory is claimed only for the embedded database (an external one has no lock to take);
 * the database is closed and the directory released whatever the task does.
 */
export function runCli(
  task: (database: DatabaseHandle, config: Config) => Promise<void>,
  expectedErrors: ExpectedError[] = [],
) {
  withDatabase(task).catch((error) => {
    const isExpected = [ConfigError, ...expectedErrors].some((type) => error instanceof type);
    // Through the log's own error path: never a statement's parameters (decision 0004).
    console.error(isExpected ? error.message : describeError(error));
    process.exit(1);
  });
}

async function withDatabase(task: (database: DatabaseHandle, config: Config) => Promise<void>) {
  const config = loadConfig();
  const releaseDataDir = config.databaseUrl ? () => {} : await claimDataDir(config);
  const secrets = loadOrCreateSecrets(config.dataDir);
  const database = await openDatabase(config, {
    databasePassword: secrets.databasePassword,
    log: () => {},
  });
  try {
    await task(database, config);
  } finally {
    await database.close();
    releaseDataDir();
  }
}
