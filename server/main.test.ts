import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';

// The real process: `node server/main.ts` on a fresh DATA_DIR with its embedded PostgreSQL.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-main-test-'));
const admin = { email: 'owner@example.test', password: 'owner-password' };
let port = 0;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = server.address() as net.AddressInfo;
      server.close(() => resolve(p));
    });
  });
}

function startApp(env: Record<string, string> = {}): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

async function waitUntilHealthy(app: { child: ChildProcess; output: () => string }) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (app.child.exitCode !== null) throw new Error(`app exited early:\n${app.output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`app did not become healthy:\n${app.output()}`);
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('survives kill -9: the next start recovers the embedded cluster and keeps the data', async () => {
    port = await freePort();
    const first = startApp();
    await waitUntilHealthy(first);
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().at(-1)!.split(';')[0]!;

    first.child.kill('SIGKILL');
    await exited(first.child);

    const second = startApp();
    await waitUntilHealthy(second);
    expect(second.output()).toMatch(/left running by an earlier run/);
    // The session written before the crash is still in the database.
    const me = await fetch(`http://127.0.0.1:${port}/api/auth/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: admin.email, role: 'admin' });

    // A second process on the same DATA_DIR refuses to start instead of stealing the cluster.
    const intruder = startApp({ PORT: String(await freePort()) });
    expect(await exited(intruder.child)).toBe(1);
    expect(intruder.output()).toMatch(/Another Assay process/);

    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'assay.pid'))).toBe(false);
  }, 120_000);

  it('runs against an external PostgreSQL given by DATABASE_URL, migrating an empty database', async () => {
    const connection = inject('adminConnection');
    const database = `assay_main_${process.pid}`;
    const adminClient = new pg.Client(connection);
    await adminClient.connect();
    await adminClient.query(`drop database if exists ${database}`);
    await adminClient.query(`create database ${database}`);
    let url: string;
    if (connection.connectionString) {
      const parsed = new URL(connection.connectionString);
      parsed.pathname = `/${database}`;
      url = parsed.toString();
    } else {
      const password = encodeURIComponent(String(connection.password));
      url = `postgresql://${connection.user}:${password}@/${database}?host=${connection.host}&port=${connection.port}`;
    }
    port = await freePort();
    const externalDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-ext-'));
    const app = startApp({ DATABASE_URL: url, DATA_DIR: externalDataDir });
    try {
      await waitUntilHealthy(app);
      expect(app.output()).toMatch(/Database: PostgreSQL at/);
      const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(admin),
      });
      expect(login.status).toBe(200);
      expect(app.output()).toMatch(/Mail: \.eml files in/);

      // The email worker started by main.ts sends the queued invitation to DATA_DIR/mail.
      const cookie = login.headers.getSetCookie().at(-1)!.split(';')[0]!;
      const invited = await fetch(`http://127.0.0.1:${port}/api/admin/invitations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ email: 'main-invitee@example.test', name: 'Main Invitee' }),
      });
      expect(invited.status).toBe(201);
      const mailDir = path.join(externalDataDir, 'mail');
      const deadline = Date.now() + 30_000;
      let files: string[] = [];
      while (Date.now() < deadline && files.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : [];
      }
      expect(files).toHaveLength(1);
      // Undo quoted-printable soft line breaks, which may cut the long link.
      const eml = fs.readFileSync(path.join(mailDir, files[0]!), 'utf8').replace(/=\r?\n/g, '');
      expect(eml).toContain('To: main-invitee@example.test');
      expect(eml).toMatch(new RegExp(`http://127\\.0\\.0\\.1:${port}/invite/[A-Za-z0-9_-]{43}`));
      const tables = await adminClient.query(`select 1 from pg_database where datname = $1`, [
        database,
      ]);
      expect(tables.rowCount).toBe(1);
    } catch (error) {
      console.log(app.output());
      throw error;
    } finally {
      app.child.kill('SIGTERM');
      const code = await exited(app.child);
      if (code !== 0) console.log(app.output());
      expect(code).toBe(0);
      await adminClient.query(`drop database if exists ${database} with (force)`);
      await adminClient.end();
    }
  }, 120_000);

  it('refuses a bad configuration with a message naming the variable and exit code 1', async () => {
    const app = startApp({ PORT: 'not-a-port' });
    expect(await exited(app.child)).toBe(1);
    expect(app.output()).toMatch(/Invalid configuration:[\s\S]*PORT/);
  });
});
