import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import { inlineScriptHashes } from '../plugins/security-headers';
import { createTestDatabase, type TestDatabase } from '../test/test-database';

/**
 * Security headers of the production build (dist/web, built here when missing or stale), on the
 * app shell, a client route, a static asset and API answers, over http and https.
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const webRoot = path.join(root, 'dist', 'web');

let database: TestDatabase;
let dataDir: string;
const apps: Record<'http' | 'https', App> = {} as never;

beforeAll(async () => {
  await promisify(execFile)(
    process.execPath,
    [path.join(root, 'scripts', 'build.mjs'), '--if-stale'],
    {
      cwd: root,
    },
  );
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-headers-'));
  for (const [scheme, publicUrl] of [
    ['http', 'http://assay.test'],
    ['https', 'https://assay.example'],
  ] as const) {
    apps[scheme] = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        PUBLIC_URL: publicUrl,
      }),
      db: database.db,
      sessionSecret: 'test-session-secret-that-is-at-least-32-chars',
      webRoot,
    });
    await apps[scheme].ready();
  }
}, 240_000);

afterAll(async () => {
  await apps.http?.close();
  await apps.https?.close();
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

function directivesOf(csp: string) {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** script-src as the built shell needs it: this origin and the hash of each inline script. */
function shellScriptSources() {
  return [
    "'self'",
    ...inlineScriptHashes(fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8')),
  ];
}

function firstAsset(extension: string) {
  const name = fs
    .readdirSync(path.join(webRoot, 'assets'))
    .find((file) => file.endsWith(extension));
  if (!name) throw new Error(`no ${extension} asset in the build`);
  return `/assets/${name}`;
}

const PAGES = (): Array<[string, string, number]> => [
  ['app shell', '/', 200],
  ['client route', '/login', 200],
  ['script asset', firstAsset('.js'), 200],
  ['style asset', firstAsset('.css'), 200],
  ['API answer', '/api/health', 200],
  ['API refusal', '/api/admin/stats', 401],
  ['API unknown path', '/api/nope', 404],
];

describe('security headers of the production build', () => {
  it("allows the shell's inline scripts by their hash and no other inline code", () => {
    const html = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes]) => !/\bsrc=/.test(attributes!),
    );
    // The theme, applied before the first paint.
    expect(inline).toHaveLength(1);
    expect(inline[0]![2]).toContain("localStorage.getItem('theme')");
    expect(shellScriptSources()).toEqual([
      "'self'",
      `'sha256-${createHash('sha256').update(inline[0]![2]!).digest('base64')}'`,
    ]);
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  });

  it('a changed inline script would not run: the hash is of the exact text', () => {
    const html = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');
    const changed = html.replace("'dark'", "'evil'");
    expect(changed).not.toBe(html);
    expect(inlineScriptHashes(changed)).not.toEqual(inlineScriptHashes(html));
    expect(inlineScriptHashes('<script src="/a.js"></script>')).toEqual([]);
  });

  it.each(['http', 'https'] as const)(
    'over %s: CSP, nosniff, referrer policy, HSTS only on https',
    async (scheme) => {
      for (const [label, url, status] of PAGES()) {
        const response = await apps[scheme].inject({ method: 'GET', url });
        expect(response.statusCode, label).toBe(status);
        const csp = directivesOf(String(response.headers['content-security-policy']));
        expect(csp.get('script-src'), label).toEqual(shellScriptSources());
        expect(csp.get('script-src'), label).not.toContain("'unsafe-inline'");
        expect(csp.get('default-src'), label).toEqual(["'self'"]);
        expect(csp.get('frame-ancestors'), label).toEqual(["'none'"]);
        expect(csp.get('object-src'), label).toEqual(["'none'"]);
        expect(csp.get('base-uri'), label).toEqual(["'self'"]);
        expect(response.headers['x-content-type-options'], label).toBe('nosniff');
        expect(response.headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
        const hsts = response.headers['strict-transport-security'];
        if (scheme === 'https') {
          expect(hsts, label).toMatch(/max-age=31536000/);
          expect(csp.has('upgrade-insecure-requests'), label).toBe(true);
        } else {
          expect(hsts, label).toBeUndefined();
        }
      }
    },
  );

  it('serves assets with their real content types', async () => {
    const js = await apps.http.inject({ method: 'GET', url: firstAsset('.js') });
    expect(js.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    const shell = await apps.http.inject({ method: 'GET', url: '/login' });
    expect(shell.headers['content-type']).toMatch(/^text\/html/);
  });
});
