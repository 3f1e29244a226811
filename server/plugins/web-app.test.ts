import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webAppPlugin } from './web-app';

// A build as scripts/build.mjs leaves it: assets with .br and .gz next to them.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-web-root-'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const shell = `<!doctype html><html><head><title>Assay</title></head><body>${'<p>shell</p>'.repeat(200)}</body></html>`;
const preloads = {
  '/admin/reviewers': ['/assets/admin-layout-1.js', '/assets/reviewers-page-2.js'],
  '/reviewer/opportunities/{id}': ['/assets/detail-page-3.js'],
};
let app: FastifyInstance;

beforeAll(async () => {
  fs.mkdirSync(path.join(root, 'assets'));
  const files: Record<string, string> = { 'assets/app-abc123.js': script, 'index.html': shell };
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(root, name);
    fs.writeFileSync(file, text);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
  }
  fs.writeFileSync(path.join(root, 'plain.txt'), 'no compressed copy');
  app = Fastify();
  await app.register(webAppPlugin, { root, preloads });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('serving the web build', () => {
  it('sends the brotli copy of an asset to a browser that accepts it, cached for a year', async () => {
    const response = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a client that only accepts gzip, and the file itself to one that accepts neither', async () => {
    const gzip = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const identity = await app.inject({ url: '/assets/app-abc123.js' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(script);
  });

  it('falls back to the file when there is no compressed copy', async () => {
    const response = await app.inject({
      url: '/plain.txt',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('no compressed copy');
  });

  it('sends the compressed app shell for a client route', async () => {
    const response = await app.inject({
      url: '/reviewer/opportunities',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const body =
      response.headers['content-encoding'] === 'br'
        ? zlib.brotliDecompressSync(response.rawPayload).toString()
        : response.body;
    expect(body).toBe(shell);
  });
});

describe('the app shell of a signed-in first visit', () => {
  const SESSION = 'assay.sid=s%3Aabc.def';
  const linksOf = (html: string) => html.match(/<link [^>]*>/g) ?? [];
  const shellFor = async (url: string, headers: Record<string, string>) => {
    const response = await app.inject({ url, headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const encoding = response.headers['content-encoding'];
    if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload).toString();
    if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload).toString();
    return response.body;
  };

  it('names the page code and the current user in the head, so they load with the page', async () => {
    const html = await shellFor('/admin/reviewers', {
      cookie: `theme=dark; ${SESSION}`,
      'accept-encoding': 'gzip, br',
    });
    expect(linksOf(html)).toEqual([
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/auth/me">',
      '<link rel="modulepreload" crossorigin href="/assets/admin-layout-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/reviewers-page-2.js">',
    ]);
    expect(html.indexOf('/api/auth/me')).toBeLessThan(html.indexOf('</head>'));
    expect(html.replace(/\s*<link [^>]*>/g, '').replace(/\s+<\/head>/, '</head>')).toBe(shell);

    const response = await app.inject({ url: '/admin/reviewers', headers: { cookie: SESSION } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers.vary).toMatch(/cookie/i);
    expect(linksOf(response.body)).toHaveLength(3);
  });

  it('matches a page with a parameter by one path segment', async () => {
    const html = await shellFor('/reviewer/opportunities/0b8e-42', { cookie: SESSION });
    expect(linksOf(html)).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/detail-page-3.js">',
    );
  });

  it.each([
    ['no session cookie', '/admin/reviewers', 'theme=dark; xassay.sid=1'],
    ['a page without preloads', '/login', SESSION],
    ['a longer path', '/reviewer/opportunities/1/comments', SESSION],
    ['a similar path', '/admin/reviewers-old', SESSION],
  ])('sends the plain shell for %s', async (_case, url, cookie) => {
    expect(await shellFor(url, { cookie, 'accept-encoding': 'br' })).toBe(shell);
  });
});
