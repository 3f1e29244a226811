import { buildApp, loggerOptions } from './app';
import { ConfigError, loadConfig } from './config';
import { claimDataDir } from './data-dir-lock';
import { databaseOnClient, openDatabase } from './db/client';
import { applyMigrations, withMigrationLock } from './db/migrate';
import { describeError } from './http/loggable-error';
import { createLogger, resolveLogFormat } from './log-output';
import { bootstrapAdmin } from './modules/auth/bootstrap-admin';
import { startDiscussionDigestWorker } from './modules/discussions/worker';
import { createMailTransport } from './modules/mail/transport';
import { startEmailWorker } from './modules/mail/worker';
import { startReviewClockWorker } from './modules/review-clock/worker';
import { sharedSessionSecret } from './modules/sessions/queries';
import { AuthCache, startAuthCacheListener } from './plugins/auth-cache';
import { loadOrCreateSecrets } from './secrets';

const SHUTDOWN_TIMEOUT_MS = 20_000;

async function main() {
  const config = loadConfig();
  const logger = createLogger(loggerOptions(config.logLevel), resolveLogFormat(config.logFormat));
  const releaseDataDir = config.databaseUrl ? () => {} : await claimDataDir(config);
  const secrets = loadOrCreateSecrets(config.dataDir);

  const database = await openDatabase(config, {
    databasePassword: secrets.databasePassword,
    log: (message) => logger.debug({ component: 'postgres' }, message),
    notice: (message) => logger.warn({ component: 'postgres' }, message),
  });
  logger.info(`Database: ${database.description}`);
  // Instances starting together on one database prepare it one after the other: migrations, the
  // shared session secret and the first administrator, all through the connection that holds
  // the lock (decision 0015).
  const sessionSecret = await withMigrationLock(database.pool, async (client) => {
    await applyMigrations(client);
    const locked = databaseOnClient(client);
    const secret =
      config.sessionSecret ?? (await sharedSessionSecret(locked, secrets.sessionSecret));
    await bootstrapAdmin(locked, config, logger);
    return secret;
  });
  logger.info(
    `Session secret: ${config.sessionSecret ? 'SESSION_SECRET' : 'generated once, kept in the database for every instance'}`,
  );

  // Sessions and users cached per process, dropped on every change announced by PostgreSQL.
  const authCache = new AuthCache();
  const authListener = startAuthCacheListener(authCache, database.pool.options, logger);
  await authListener.ready.catch((error) =>
    logger.warn({ err: error }, 'auth cache unavailable: every request reads its session'),
  );

  const app = await buildApp({
    config,
    db: database.db,
    authCache,
    sessionSecret,
    loggerInstance: logger,
  });

  const mailTransport = createMailTransport(config);
  logger.info(`Mail: ${mailTransport.description}`);
  const emailWorker = startEmailWorker({
    db: database.db,
    transport: mailTransport,
    from: config.mailFrom,
    logger: logger.child({ component: 'mail' }),
  });

  // The review clock (issue 34): the close at the deadline and the reminders before it.
  const reviewClock = startReviewClockWorker({
    db: database.db,
    publicUrl: config.publicUrl,
    logger: logger.child({ component: 'review-clock' }),
    intervalMs: config.reviewClockPollMs,
    onQueued: () => void emailWorker.runNow(),
  });

  // The discussion digests (issue 36): at most one email per person per discussion_digest_minutes.
  const discussionDigests = startDiscussionDigestWorker({
    db: database.db,
    publicUrl: config.publicUrl,
    logger: logger.child({ component: 'discussion-digest' }),
    intervalMs: config.reviewClockPollMs,
    onQueued: () => void emailWorker.runNow(),
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received: finishing in-flight requests and stopping`);
    const timer = setTimeout(() => {
      logger.error('Shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await app.close();
      logger.info('HTTP server closed');
      // The workers finish the job and the email in hand, then the database can go.
      await reviewClock.stop();
      await discussionDigests.stop();
      await emailWorker.stop();
      logger.info('Email worker stopped');
      await authListener.stop();
      await database.close();
      logger.info('Database closed');
      releaseDataDir();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  logger.info(`Assay is serving ${config.publicUrl}`);
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    // Through the log's own error path: never a statement's parameters (decision 0004).
    console.error(`Assay could not start: ${describeError(error)}`);
  }
  process.exit(1);
});
