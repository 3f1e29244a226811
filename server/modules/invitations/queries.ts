import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { invitationTokens, users } from '../../db/schema/index';

type Db = Pick<Database, 'select' | 'insert' | 'update'>;

export type InvitationRow = typeof invitationTokens.$inferSelect;
export type InvitationWithInviter = InvitationRow & {
  inviter: { id: string; name: string } | null;
};

/** Neither accepted nor revoked (it may have expired). */
const isOpen = and(isNull(invitationTokens.acceptedAt), isNull(invitationTokens.revokedAt));

const withInviter = {
  invitation: invitationTokens,
  inviterId: users.id,
  inviterName: users.name,
};

function toInvitation(row: {
  invitation: InvitationRow;
  inviterId: string | null;
  inviterName: string | null;
}): InvitationWithInviter {
  return {
    ...row.invitation,
    inviter: row.inviterId && row.inviterName ? { id: row.inviterId, name: row.inviterName } : null,
  };
}

export async function listOpenInvitations(db: Db): Promise<InvitationWithInviter[]> {
  const rows = await db
    .select(withInviter)
    .from(invitationTokens)
    .leftJoin(users, eq(users.id, invitationTokens.createdById))
    .where(isOpen)
    .orderBy(desc(invitationTokens.createdAt), desc(invitationTokens.id));
  return rows.map(toInvitation);
}

export async function findInvitationByTokenHash(
  db: Db,
  tokenHash: string,
  options: { forUpdate?: boolean } = {},
): Promise<InvitationWithInviter | undefined> {
  const query = db
    .select(withInviter)
    .from(invitationTokens)
    .leftJoin(users, eq(users.id, invitationTokens.createdById))
    .where(eq(invitationTokens.token, tokenHash))
    .limit(1);
  const [row] = options.forUpdate
    ? await query.for('update', { of: invitationTokens })
    : await query;
  return row ? toInvitation(row) : undefined;
}

export async function findOpenInvitationForUpdate(
  db: Db,
  id: string,
): Promise<InvitationWithInviter | undefined> {
  const [row] = await db
    .select(withInviter)
    .from(invitationTokens)
    .leftJoin(users, eq(users.id, invitationTokens.createdById))
    .where(and(eq(invitationTokens.id, id), isOpen))
    .limit(1)
    .for('update', { of: invitationTokens });
  return row ? toInvitation(row) : undefined;
}

/** An expired open invitation for this email no longer blocks a new one: it is revoked. */
export async function revokeExpiredInvitationsFor(db: Db, email: string) {
  await db
    .update(invitationTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        sql`lower(${invitationTokens.email}) = lower(${email})`,
        isOpen,
        sql`${invitationTokens.expiresAt} <= now()`,
      ),
    );
}

export async function insertInvitation(
  db: Db,
  values: typeof invitationTokens.$inferInsert,
): Promise<InvitationRow> {
  const [row] = await db.insert(invitationTokens).values(values).returning();
  return row!;
}

export async function updateInvitation(
  db: Db,
  id: string,
  values: Partial<typeof invitationTokens.$inferInsert>,
): Promise<InvitationRow> {
  const [row] = await db
    .update(invitationTokens)
    .set(values)
    .where(eq(invitationTokens.id, id))
    .returning();
  return row!;
}
