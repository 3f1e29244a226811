import { ConfigError, loadConfig } from '../config';
import { claimDataDir } from '../data-dir-lock';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { loadOrCreateSecrets } from '../secrets';

/** `npm run db:migrate`: applies migrations to the configured database and exits. */
async function main() {
  const config = loadConfig();
  const releaseDataDir = config.databaseUrl ? () => {} : await claimDataDir(config);
  const secrets = loadOrCreateSecrets(config.dataDir);
  const database = await openDatabase(config, {
    databasePassword: secrets.databasePassword,
    log: () => {},
  });
  try {
    await runMigrations(database.pool);
    console.log(`Migrations applied to ${database.description}`);
  } finally {
    await database.close();
    releaseDataDir();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
