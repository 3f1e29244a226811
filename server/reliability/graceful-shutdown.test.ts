import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  http as call,
  connectToEmbedded,
  exited,
  freePort,
  OWNER,
  scoresFor,
  serverEnv,
  signInOver,
  sleep,
  spawnServer,
  tempDataDir,
  waitUntilHealthy,
} from './fault-support';

// The real process (`server/main.ts` with its embedded PostgreSQL) receives SIGTERM while
// requests are in flight. Each request is held open by the test itself (a save whose body is not
// sent yet, an export that is not read), so that "in flight" does not depend on timing.
const dataDir = tempDataDir('assay-shutdown-');
const BULK_ROWS = 20_000;

/** A save whose headers reached the app (it answered 100 Continue) but whose body is held back. */
function heldSave(port: number, cookie: string, body: object) {
  const json = JSON.stringify(body);
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/reviewer/reviews',
    // A browser's connection: kept alive after the answer, which must not hold the shutdown up.
    agent: new http.Agent({ keepAlive: true }),
    headers: {
      cookie,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(json),
      expect: '100-continue',
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: text }));
    });
    request.on('error', reject);
  });
  const received = new Promise<void>((resolve) => request.once('continue', () => resolve()));
  request.flushHeaders();
  return {
    received,
    finish: () => {
      request.end(json);
      return answer;
    },
  };
}

/** An export whose headers came back and whose body the test does not read yet (backpressure). */
function heldExport(port: number, cookie: string) {
  return new Promise<{ status: number; readAll: () => Promise<string> }>((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/admin/export/opportunities',
        agent: new http.Agent({ keepAlive: true }),
        headers: { cookie },
      },
      (response) => {
        resolve({
          status: response.statusCode!,
          readAll: async () => {
            let text = '';
            response.setEncoding('utf8');
            for await (const chunk of response) text += chunk;
            return text;
          },
        });
      },
    );
    request.on('error', reject);
  });
}

async function isRefused(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(5000) });
    return false;
  } catch (error) {
    return (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
  }
}

describe('SIGTERM', () => {
  it('finishes in-flight requests, refuses new ones, stops the worker and the database, exits 0', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const app = spawnServer(serverEnv(dataDir, port));
    try {
      await waitUntilHealthy(base, app);
      const adminCookie = await signInOver(base, OWNER.email, OWNER.password);
      const opportunity = await call(base, 'POST', '/api/admin/opportunities', {
        cookie: adminCookie,
        body: { number: 1, title: 'Shutdown', description: 'd', tags: [], status: 'published' },
      });
      expect(opportunity.status).toBe(201);
      const opportunityId = (opportunity.body as { id: string }).id;
      const reviewerCookies = await Promise.all(
        [1, 2, 3].map(async (i) => {
          const email = `shutdown-${i}@example.test`;
          const created = await call(base, 'POST', '/api/admin/reviewers', {
            cookie: adminCookie,
            body: { name: `Shutdown ${i}`, email, password: 'reviewer-password' },
          });
          expect(created.status).toBe(201);
          return signInOver(base, email, 'reviewer-password');
        }),
      );

      // Enough rows that the export cannot finish into socket buffers while nobody reads it.
      const client = await connectToEmbedded(dataDir);
      await client.query(
        `insert into opportunities (number, title, description, tags, status)
         select 1000 + g, 'Bulk ' || g, repeat('x', 1000), array['bulk'], 'draft'
           from generate_series(1, $1::int) g`,
        [BULK_ROWS],
      );
      await client.end();

      const saves = reviewerCookies.map((cookie, i) =>
        heldSave(port, cookie, { opportunityId, ...scoresFor(i) }),
      );
      await Promise.all(saves.map((save) => save.received));
      const download = await heldExport(port, adminCookie);
      expect(download.status).toBe(200);

      app.child.kill('SIGTERM');

      // New connections are refused while the held requests keep the process alive.
      const deadline = Date.now() + 15_000;
      while (!(await isRefused(port))) {
        if (Date.now() > deadline)
          throw new Error(`new connections still accepted:\n${app.output()}`);
        await sleep(50);
      }
      expect(app.child.exitCode).toBeNull();

      // The in-flight requests complete, whole.
      const answers = await Promise.all(saves.map((save) => save.finish()));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      const csv = await download.readAll();
      expect(csv.split('\n').filter(Boolean)).toHaveLength(1 + 1 + BULK_ROWS);

      expect(await exited(app.child)).toBe(0);
      const output = app.output();
      const order = [
        'SIGTERM received',
        'HTTP server closed',
        'Email worker stopped',
        'Database closed',
      ];
      const positions = order.map((line) => output.indexOf(line));
      expect(
        positions.every((p) => p >= 0),
        output,
      ).toBe(true);
      expect([...positions].sort((x, y) => x - y)).toEqual(positions);
      expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'assay.pid'))).toBe(false);
    } finally {
      if (app.child.exitCode === null) app.child.kill('SIGKILL');
    }
  }, 120_000);
});
