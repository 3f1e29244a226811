import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { findUserByEmail, hasAdmin, insertUserUnlessEmailTaken } from '../users/queries';
import { generatePassword, hashPassword } from './passwords';

const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

/**
 * CONTRACT.md: create the configured admin when no user has ADMIN_EMAIL; with nothing configured
 * and no admin at all, create admin@localhost with a random password printed once.
 *
 * main.ts calls it under the migration lock, so that instances starting together on a fresh
 * database look and insert one after the other; the insert also gives way to a row with the same
 * email made by anyone else meanwhile (ON CONFLICT DO NOTHING), instead of failing the start.
 */
export async function bootstrapAdmin(
  db: Pick<Database, 'select' | 'insert' | 'update'>,
  config: Config,
  log: FastifyBaseLogger,
) {
  if (config.admin) {
    if (await findUserByEmail(db, config.admin.email)) return;
    const created = await insertUserUnlessEmailTaken(db, {
      name: config.admin.name,
      email: config.admin.email,
      passwordHash: await hashPassword(config.admin.password),
      role: 'admin',
      isActive: true,
    });
    if (created) {
      log.info({ email: config.admin.email }, 'created the administrator account from ADMIN_EMAIL');
    }
    return;
  }
  if (await hasAdmin(db)) return;
  const password = generatePassword();
  const created = await insertUserUnlessEmailTaken(db, {
    name: 'Admin',
    email: DEFAULT_ADMIN_EMAIL,
    passwordHash: await hashPassword(password),
    role: 'admin',
    isActive: true,
  });
  // Another process created it meanwhile: its password is the one printed, not this one.
  if (!created) return;
  // Printed once, on purpose: it is the only way to learn the generated password. Also as fields
  // (a JSON log's reader finds them by name); `highlight` frames the line in a pretty log.
  log.warn(
    { highlight: true, email: DEFAULT_ADMIN_EMAIL, oneTimePassword: password },
    `Created the administrator ${DEFAULT_ADMIN_EMAIL} with the password: ${password}  (shown only once; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)`,
  );
}
