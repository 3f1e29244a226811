import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the defaults of CONTRACT.md', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: path.resolve('./data'),
      admin: undefined,
      publicUrl: 'http://127.0.0.1:3000',
      secureCookies: false,
      smtpUrl: undefined,
      logLevel: 'info',
      sessionMaxAgeMs: 168 * 60 * 60 * 1000,
      sessionIdleMs: 720 * 60 * 1000,
      benchFloor: false,
    });
  });

  it('reads the session lifetimes (additions beyond CONTRACT.md)', () => {
    const config = loadConfig({ SESSION_MAX_AGE_HOURS: '24', SESSION_IDLE_MINUTES: '30' });
    expect(config.sessionMaxAgeMs).toBe(24 * 60 * 60 * 1000);
    expect(config.sessionIdleMs).toBe(30 * 60 * 1000);
    expect(loadConfig({ SESSION_MAX_AGE_HOURS: '', SESSION_IDLE_MINUTES: ' ' })).toMatchObject({
      sessionMaxAgeMs: 168 * 60 * 60 * 1000,
      sessionIdleMs: 720 * 60 * 1000,
    });
  });

  it('turns the benchmark floor route on only with BENCH_FLOOR=1', () => {
    expect(loadConfig({ BENCH_FLOOR: '1' }).benchFloor).toBe(true);
    expect(loadConfig({ BENCH_FLOOR: '0' }).benchFloor).toBe(false);
  });

  it('reads the pool size, 10 by default (addition beyond CONTRACT.md)', () => {
    expect(loadConfig({}).databasePoolMax).toBe(10);
    expect(loadConfig({ DATABASE_POOL_MAX: '' }).databasePoolMax).toBe(10);
    expect(loadConfig({ DATABASE_POOL_MAX: '25' }).databasePoolMax).toBe(25);
    for (const bad of ['0', '-1', '1.5', 'ten', '1001']) {
      expect(() => loadConfig({ DATABASE_POOL_MAX: bad }), bad).toThrow(/DATABASE_POOL_MAX: must/);
    }
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgresql://u:p@db:5432/assay',
      DATA_DIR: '/tmp/assay',
      ADMIN_EMAIL: 'boss@example.com',
      ADMIN_PASSWORD: 'long enough',
      ADMIN_NAME: 'The Boss',
      SESSION_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://assay.example.com/',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'Assay <a@example.com>',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgresql://u:p@db:5432/assay',
      dataDir: '/tmp/assay',
      admin: { email: 'boss@example.com', password: 'long enough', name: 'The Boss' },
      sessionSecret: 'x'.repeat(40),
      publicUrl: 'https://assay.example.com',
      secureCookies: true,
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'Assay <a@example.com>',
      logLevel: 'warn',
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'long enough' }, 'ADMIN_EMAIL'],
    [{ ADMIN_EMAIL: 'a@b.co' }, 'ADMIN_PASSWORD'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ BENCH_FLOOR: 'yes' }, 'BENCH_FLOOR'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ SESSION_MAX_AGE_HOURS: '0' }, 'SESSION_MAX_AGE_HOURS'],
    [{ SESSION_MAX_AGE_HOURS: '1.5' }, 'SESSION_MAX_AGE_HOURS'],
    [{ SESSION_MAX_AGE_HOURS: 'week' }, 'SESSION_MAX_AGE_HOURS'],
    [{ SESSION_IDLE_MINUTES: '2' }, 'SESSION_IDLE_MINUTES'],
    [{ SESSION_MAX_AGE_HOURS: '1', SESSION_IDLE_MINUTES: '61' }, 'SESSION_IDLE_MINUTES'],
    [{ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/assay' }, 'SESSION_SECRET'],
  ])('rejects %j with a message naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(variable));
  });
});
