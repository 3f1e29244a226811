import fs from 'node:fs';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import pg from 'pg';

/**
 * Direct access to the e2e server's embedded database (its socket and generated password live in
 * DATA_DIR), for arranging rows that no screen creates.
 */
export async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const dataDir = process.env.E2E_DATA_DIR!;
  const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
  const client = new pg.Client({
    host: path.join(dataDir, 'run'),
    port: 5432,
    user: 'postgres',
    password: secrets.databasePassword,
    database: 'assay',
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export type E2EUser = { email: string; password: string; name: string };

export async function createReviewer(user: E2EUser & { displayName?: string }): Promise<E2EUser> {
  const passwordHash = await hash(user.password);
  await withDatabase((client) =>
    client.query(
      `insert into users (name, email, password_hash, role, display_name)
       values ($1, $2, $3, 'reviewer', $4)
       on conflict do nothing`,
      [user.name, user.email, passwordHash, user.displayName ?? null],
    ),
  );
  return user;
}
