import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { auditLogs, images } from '../../db/schema/index';
import { expectAdminOnly } from '../../test/assertions';
import { contentsOf, linesOf, manifestOf } from '../../test/backups';
import { setupTestApp } from '../../test/build-test-app';
import { send, setupAccess } from '../../test/http';
import { type ArchiveItem, readArchive } from './read-archive';

const ctx = setupTestApp();
const access = setupAccess(ctx);

const download = (cookie: string) =>
  send(
    ctx.app,
    { method: 'GET', url: '/api/admin/backup', cookie },
    { 'user-agent': 'backup-test' },
  );

/** Backups running or left open: connections inside a transaction of this database. */
async function openTransactions() {
  const { rows } = await ctx.pool.query(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and state like 'idle in transaction%'`,
  );
  return rows[0].n as number;
}

describe('GET /api/admin/backup', () => {
  it('is for active admins only, and nobody else is recorded', async () => {
    await expectAdminOnly(ctx.app, access, { method: 'GET', url: '/api/admin/backup' });
    const { rows } = await ctx.pool.query(
      `select count(*)::int as n from audit_logs where action = 'backup.download'`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('sends the archive as a gzip attachment, audited, holding the record of its own download', async () => {
    const response = await download(access.admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/gzip');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="assay_backup_\d{4}-\d{2}-\d{2}_\d{6}\.jsonl\.gz"$/,
    );
    const [audit] = await ctx.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.action, 'backup.download'), eq(auditLogs.userId, access.admin.user.id)),
      );
    expect(audit).toMatchObject({
      entityType: 'database',
      userAgent: 'backup-test',
      ipAddress: '127.0.0.1',
    });

    // A whole archive (checksum and all), whose rows are the database's.
    const items: ArchiveItem[] = [];
    for await (const item of readArchive(Readable.from([response.rawPayload]))) items.push(item);
    const contents = await contentsOf(ctx.pool);
    for (const table of manifestOf(response.rawPayload).tables) {
      expect(table.rows, table.name).toBe(contents[table.name]!.length);
    }
    expect(linesOf(response.rawPayload).join('\n')).toContain(audit!.id);
    expect(items.filter((item) => item.kind === 'rows').length).toBeGreaterThan(0);
  });

  it('streams: the first bytes arrive while the snapshot is still being read, and a hang-up ends it', async () => {
    // About 24 MB of incompressible image bytes, far more than the socket buffers hold.
    for (let i = 0; i < 24; i++) {
      const bytes = randomBytes(1024 * 1024);
      await ctx.db.insert(images).values({
        contentType: 'image/webp',
        bytes,
        width: 400,
        height: 400,
        byteSize: bytes.length,
      });
    }
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(
          {
            host: '127.0.0.1',
            port,
            path: '/api/admin/backup',
            headers: { cookie: access.admin.cookie },
          },
          resolve,
        )
        .on('error', reject);
    });
    expect(response.statusCode).toBe(200);
    // Streamed in chunks as it is read: no length announced up front.
    expect(response.headers['transfer-encoding']).toBe('chunked');
    expect(response.headers['content-length']).toBeUndefined();
    const first = await new Promise<Buffer>((resolve) => response.once('data', resolve));
    expect(first.length).toBeGreaterThan(0);
    response.pause();
    // The reader is paused part-way: the backup holds its snapshot, waiting for it.
    await vi.waitFor(async () => expect(await openTransactions()).toBe(1), { timeout: 5000 });
    response.destroy();
    await vi.waitFor(
      async () => {
        expect(await openTransactions()).toBe(0);
        expect(ctx.pool.idleCount).toBe(ctx.pool.totalCount);
      },
      { timeout: 5000 },
    );
  });
});
