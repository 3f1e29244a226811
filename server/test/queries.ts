import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { auditLogs, emailNotifications, users } from '../db/schema/index';

// What the database holds after a request, read back for a test's assertions.

export type AuditRow = typeof auditLogs.$inferSelect;

/** The audit rows about one entity, oldest first. */
export async function auditRowsFor(db: Database, entityId: string): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLogs)
    .where(eq(auditLogs.entityId, entityId))
    .orderBy(asc(auditLogs.createdAt), asc(auditLogs.id));
}

/** Every string in the audit rows, to assert that no secret appears anywhere in them. */
export function auditText(rows: AuditRow[]): string {
  return JSON.stringify(rows);
}

/** The stored row of one user (undefined once deleted), password hash included. */
export async function userRowOf(db: Database, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export type EmailRow = typeof emailNotifications.$inferSelect;

/** The outbox rows addressed to this email, newest first. */
export async function emailsTo(db: Database, address: string, type?: EmailRow['type']) {
  return db
    .select()
    .from(emailNotifications)
    .where(
      and(
        eq(emailNotifications.recipientEmail, address),
        type ? eq(emailNotifications.type, type) : undefined,
      ),
    )
    .orderBy(desc(emailNotifications.createdAt), desc(emailNotifications.id));
}

/** The invitation token from the link in an email's text. */
export function tokenFromEmail(text: string): string {
  const match = /\/invite\/([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no invitation link in: ${text}`);
  return match[1]!;
}

export async function countSessionsOf(db: Database, userId: string): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from session where sess ->> 'userId' = ${userId}`,
  );
  return result.rows[0]!.n;
}

/** The database's clock now (what the review clock runs on), to the millisecond. */
export async function databaseNow(db: Database): Promise<Date> {
  const result = await db.execute<{ now: string }>(
    sql`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as now`,
  );
  return new Date(result.rows[0]!.now);
}
