import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { auditLogs } from '../db/schema/index';

export type AuditRow = typeof auditLogs.$inferSelect;

/** The audit rows about one entity, oldest first. */
export async function auditRowsFor(db: Database, entityId: string): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLogs)
    .where(eq(auditLogs.entityId, entityId))
    .orderBy(asc(auditLogs.createdAt), asc(auditLogs.id));
}

/** Every string in the audit row, to assert that no secret appears anywhere in it. */
export function auditText(rows: AuditRow[]): string {
  return JSON.stringify(rows);
}
