import fs from 'node:fs';
import { BackupArchiveError, BackupRefusedError } from '../modules/backup/archive-format';
import { restoreBackup } from '../modules/backup/restore-backup';
import { cliArguments } from './cli-arguments';
import { runCli } from './run-cli';

/**
 * `npm run restore -- FILE [--force]`: loads a backup into the configured database (the embedded
 * one of DATA_DIR, which must not be in use, or DATABASE_URL), in one transaction. A database
 * holding data is replaced only with --force.
 */
const [file, flags] = cliArguments('npm run restore -- FILE [--force]', ['--force']);
if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
  console.error(`There is no backup file at ${file}.`);
  process.exit(1);
}

runCli(
  async (database) => {
    const started = performance.now();
    const summary = await restoreBackup(database.pool, () => fs.createReadStream(file), {
      force: flags.has('--force'),
    });
    const seconds = (performance.now() - started) / 1000;
    const migrated =
      summary.migratedForward > 0
        ? `, then migrated forward ${summary.migratedForward} step(s) to ${summary.schemaVersion.tag}`
        : '';
    const replaced =
      summary.replaced.length > 0 ? ` (replacing what ${summary.replaced.join(', ')} held)` : '';
    console.log(
      `Restored ${summary.rows} rows of ${summary.tables} tables from ${file} (schema ${summary.archiveVersion.tag}${migrated}) into ${database.description}${replaced} in ${seconds.toFixed(1)} s.`,
    );
    console.log('Sessions are not part of a backup: everybody signs in again.');
  },
  [BackupArchiveError, BackupRefusedError],
);
