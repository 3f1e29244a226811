import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export type Secrets = { sessionSecret: string; databasePassword: string };

/**
 * Secrets generated once and kept in DATA_DIR (mode 0600), so that sessions and the embedded
 * database survive restarts without any configuration.
 */
export function loadOrCreateSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  fs.mkdirSync(dataDir, { recursive: true });
  if (fs.existsSync(file)) {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Secrets>;
    if (stored.sessionSecret && stored.databasePassword) return stored as Secrets;
  }
  const secrets: Secrets = {
    sessionSecret: randomBytes(48).toString('base64url'),
    databasePassword: randomBytes(24).toString('base64url'),
  };
  fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
