import { runMigrations } from '../db/migrate';
import { runCli } from './run-cli';

/** `npm run db:migrate`: applies migrations to the configured database and exits. */
runCli(async (database) => {
  await runMigrations(database.pool);
  console.log(`Migrations applied to ${database.description}`);
});
