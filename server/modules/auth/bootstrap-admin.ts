import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { findUserByEmail, hasAdmin, insertUser } from '../users/queries';
import { generatePassword, hashPassword } from './passwords';

const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

/**
 * CONTRACT.md: create the configured admin when no user has ADMIN_EMAIL; with nothing configured
 * and no admin at all, create admin@localhost with a random password printed once.
 */
export async function bootstrapAdmin(db: Database, config: Config, log: FastifyBaseLogger) {
  if (config.admin) {
    if (await findUserByEmail(db, config.admin.email)) return;
    await insertUser(db, {
      name: config.admin.name,
      email: config.admin.email,
      passwordHash: await hashPassword(config.admin.password),
      role: 'admin',
      isActive: true,
    });
    log.info({ email: config.admin.email }, 'created the administrator account from ADMIN_EMAIL');
    return;
  }
  if (await hasAdmin(db)) return;
  const password = generatePassword();
  await insertUser(db, {
    name: 'Admin',
    email: DEFAULT_ADMIN_EMAIL,
    passwordHash: await hashPassword(password),
    role: 'admin',
    isActive: true,
  });
  // Printed once, on purpose: it is the only way to learn the generated password. Also as fields
  // (a JSON log's reader finds them by name); `highlight` frames the line in a pretty log.
  log.warn(
    { highlight: true, email: DEFAULT_ADMIN_EMAIL, oneTimePassword: password },
    `Created the administrator ${DEFAULT_ADMIN_EMAIL} with the password: ${password}  (shown only once; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)`,
  );
}
