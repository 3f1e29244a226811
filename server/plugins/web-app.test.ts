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
const shell = `<!doctype html><html><body>${'<p>shell</p>'.repeat(200)}</body></html>`;
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
  await app.register(webAppPlugin, { root });
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
