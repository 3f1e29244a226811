import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { auditLogs } from '../../db/schema/index';

type Db = Pick<Database, 'insert'>;

/** Who did it and from where: taken from the request once, passed to services. */
export type AuditActor = {
  userId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
};

export type AuditEntry = {
  action: string;
  entityType: string;
  entityId?: string | null;
  /** Before/after values; never passwords, hashes or tokens (see SECRET_KEYS). */
  changes?: Record<string, unknown> | null;
};

const USER_AGENT_MAX = 500;

export function auditActorOf(request: FastifyRequest, userId?: string | null): AuditActor {
  const userAgent = request.headers['user-agent'];
  return {
    userId: userId ?? request.user?.id ?? null,
    ipAddress: request.ip ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, USER_AGENT_MAX) : null,
  };
}

// Belt and braces: a key that names a secret never reaches the audit log, whatever a caller passes.
const SECRET_KEYS = /pass(word)?|hash|token|secret/i;

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !SECRET_KEYS.test(key))
        .map(([key, inner]) => [key, withoutSecrets(inner)]),
    );
  }
  return value;
}

/** Writes one audit row; pass the transaction of the change so both commit or neither. */
export async function recordAudit(db: Db, actor: AuditActor, entry: AuditEntry) {
  await db.insert(auditLogs).values({
    userId: actor.userId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    changes: entry.changes ? withoutSecrets(entry.changes) : null,
    ipAddress: actor.ipAddress,
    userAgent: actor.userAgent,
  });
}

/**
 * The fields that differ between two versions of a row, as {before, after}; keys listed only.
 * Dates and arrays are compared by value.
 */
export function changesBetween<Row extends Record<string, unknown>>(
  before: Row,
  after: Row,
  keys: readonly (keyof Row & string)[],
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const result = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const key of keys) {
    const a = JSON.stringify(withoutSecrets(before[key]));
    const b = JSON.stringify(withoutSecrets(after[key]));
    if (a !== b) {
      result.before[key] = before[key] ?? null;
      result.after[key] = after[key] ?? null;
    }
  }
  return result;
}
