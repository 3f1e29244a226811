import { MAX_OPPORTUNITIES } from '@shared/limits';
import type {
  CreateOpportunity,
  DeletedOpportunity,
  OpportunityDeletionImpact,
  OpportunityStatus,
  UpdateOpportunity,
} from '@shared/opportunity-schemas';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { conflict, notFound } from '../../http/errors';
import { type AuditActor, changesBetween, recordAudit } from '../audit/record-audit';
import { countImagesOnlyShownBy, deleteImageIfUnused } from '../images/queries';
import { queueNewOpportunityEmails } from '../mail/notifications';
import {
  countDependents,
  countOpportunities,
  deleteOpportunity,
  findOpportunitiesForUpdate,
  findOpportunity,
  findOpportunityForUpdate,
  findOpportunityIdByNumber,
  insertOpportunity,
  lockOpportunityCreation,
  type OpportunityRow,
  updateOpportunity,
} from './queries';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export const OPPORTUNITY_NOT_FOUND = 'Opportunity not found';
export const LIMIT_REACHED = `The limit of ${MAX_OPPORTUNITIES} opportunities has been reached`;

/** The unique index two creations or edits racing for the same number meet. */
const NUMBER_UNIQUE = 'opportunities_number_unique';

export const duplicateNumber = (number: number) => `Opportunity number ${number} already exists`;

/**
 * publishedAt records the first publication: it is set when an opportunity becomes published
 * while it has none, and kept through later unpublish/archive/republish, so that "published on"
 * stays stable for reviewers and exports.
 */
function publishedAtFor(status: OpportunityStatus | undefined, current: Date | null) {
  return status === 'published' && !current ? new Date() : current;
}

/**
 * Runs a write that sets `number` (when it does). A concurrent edit or creation can take the
 * number between the check and the write; the unique index then refuses it, answered as a 409.
 */
async function answerTakenNumberWithConflict<T>(
  number: number | undefined,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, NUMBER_UNIQUE) && number !== undefined) {
      throw conflict(duplicateNumber(number));
    }
    throw error;
  }
}

/** Who changes an opportunity, and where the links of the emails it causes point. */
export type OpportunityChangeContext = { actor: AuditActor; publicUrl: string };

const AUDITED_FIELDS = [
  'number',
  'title',
  'description',
  'imageUrl',
  'tags',
  'batch',
  'status',
  'publishedAt',
  'ownerName',
  'ownerEmail',
] as const;

/** The audited fields; the owner's (issue 35) only once set, so that earlier rows read as before. */
function auditedOpportunity(row: OpportunityRow) {
  return Object.fromEntries(
    AUDITED_FIELDS.filter(
      (key) => !(key === 'ownerName' || key === 'ownerEmail') || row[key] !== null,
    ).map((key) => [key, row[key]]),
  );
}

export async function createOpportunity(
  db: Database,
  input: CreateOpportunity,
  context: OpportunityChangeContext,
): Promise<OpportunityRow> {
  return answerTakenNumberWithConflict(input.number, () =>
    db.transaction(async (tx) => {
      await lockOpportunityCreation(tx);
      if ((await countOpportunities(tx)) >= MAX_OPPORTUNITIES) throw conflict(LIMIT_REACHED);
      if (await findOpportunityIdByNumber(tx, input.number)) {
        throw conflict(duplicateNumber(input.number));
      }
      const row = await insertOpportunity(tx, {
        ...input,
        publishedAt: publishedAtFor(input.status, null),
      });
      await recordAudit(tx, context.actor, {
        action: 'opportunity.create',
        entityType: 'opportunity',
        entityId: row.id,
        changes: { after: auditedOpportunity(row) },
      });
      // First publication: every active reviewer hears of it once, with the same commit.
      if (row.publishedAt) await queueNewOpportunityEmails(tx, row, context.publicUrl);
      return row;
    }),
  );
}

export async function editOpportunity(
  db: Database,
  id: string,
  input: UpdateOpportunity,
  context: OpportunityChangeContext,
): Promise<OpportunityRow> {
  return answerTakenNumberWithConflict(input.number, () =>
    db.transaction(async (tx) => {
      const current = await findOpportunityForUpdate(tx, id);
      if (!current) throw notFound(OPPORTUNITY_NOT_FOUND);
      if (input.number !== undefined && input.number !== current.number) {
        const holder = await findOpportunityIdByNumber(tx, input.number);
        if (holder) throw conflict(duplicateNumber(input.number));
      }
      return applyEdit(tx, current, input, context);
    }),
  );
}

/** What deleting the opportunity would remove now (the confirmation lists it); 404 if unknown. */
export async function opportunityDeletionImpact(
  db: Database,
  id: string,
): Promise<OpportunityDeletionImpact> {
  const row = await findOpportunity(db, id);
  if (!row) throw notFound(OPPORTUNITY_NOT_FOUND);
  return { ...(await countDependents(db, id)), images: await countImagesOnlyShownBy(db, row) };
}

/**
 * Deletes an opportunity with its reviews, comments and uploaded image and clears the viewer
 * states that pointed at it; the audit row keeps its number, title and what went with it. The row
 * lock keeps reviewers' saves (which share-lock it) out while the counts are taken, so the counts
 * are what was removed. Deleting frees a place under MAX_OPPORTUNITIES.
 */
export async function removeOpportunity(
  db: Database,
  id: string,
  actor: AuditActor,
): Promise<DeletedOpportunity> {
  return db.transaction(async (tx) => {
    const row = await findOpportunityForUpdate(tx, id);
    if (!row) throw notFound(OPPORTUNITY_NOT_FOUND);
    const dependents = await countDependents(tx, id);
    await deleteOpportunity(tx, id);
    const removed = { ...dependents, images: await deleteImageIfUnused(tx, row.imageUrl) };
    await recordAudit(tx, actor, {
      action: 'opportunity.delete',
      entityType: 'opportunity',
      entityId: id,
      changes: { before: auditedOpportunity(row), removed },
    });
    return { id, number: row.number, title: row.title, removed };
  });
}

/**
 * Writes an edit of a row the caller's transaction has locked, with its audit row and, on the
 * first publication, the new-opportunity emails: what one PATCH and each row of a bulk status
 * change do alike.
 */
export async function applyEdit(
  tx: Transaction,
  current: OpportunityRow,
  input: UpdateOpportunity,
  context: OpportunityChangeContext,
): Promise<OpportunityRow> {
  const row = await updateOpportunity(tx, current.id, {
    ...input,
    publishedAt: publishedAtFor(input.status, current.publishedAt),
  });
  const changes = changesBetween(current, row, AUDITED_FIELDS);
  const changedKeys = Object.keys(changes.after).filter((key) => key !== 'publishedAt');
  const isStatusOnly = changedKeys.length === 1 && changedKeys[0] === 'status';
  await recordAudit(tx, context.actor, {
    action: isStatusOnly ? 'opportunity.status_change' : 'opportunity.update',
    entityType: 'opportunity',
    entityId: current.id,
    changes,
  });
  if (row.publishedAt && !current.publishedAt) {
    await queueNewOpportunityEmails(tx, row, context.publicUrl);
  }
  return row;
}

const numbersOf = (rows: OpportunityRow[]) =>
  rows
    .map((row) => row.number)
    .toSorted((a, b) => a - b)
    .map((number) => `#${number}`)
    .join(', ');

export const opportunitiesNotFound = (ids: string[]) =>
  `${ids.length === 1 ? 'Opportunity' : 'Opportunities'} not found: ${ids.join(', ')}`;

/** Unpublish is offered for published rows only (SPEC.md section 4); archived ones stay out. */
export const archivedCannotBeUnpublished = (rows: OpportunityRow[]) =>
  `Only published opportunities can be unpublished: ${numbersOf(rows)} ${
    rows.length === 1 ? 'is' : 'are'
  } archived`;

export type BulkStatusOutcome = { changed: OpportunityRow[]; unchanged: OpportunityRow[] };

/**
 * Publish, Unpublish or Archive for many rows in one transaction: every row is checked before any
 * is written, so one unknown id (404) or one archived row asked to become a draft (409) leaves
 * all of them as they were. Each moved row goes through applyEdit, as a PATCH of its status
 * would (audit row, first-publication emails); rows already in the status are left untouched.
 */
export async function changeOpportunityStatuses(
  db: Database,
  input: { ids: string[]; status: OpportunityStatus },
  context: OpportunityChangeContext,
): Promise<BulkStatusOutcome> {
  return db.transaction(async (tx) => {
    const rows = await findOpportunitiesForUpdate(tx, input.ids);
    const found = new Set(rows.map((row) => row.id));
    const missing = input.ids.filter((id) => !found.has(id));
    if (missing.length > 0) throw notFound(opportunitiesNotFound(missing));
    if (input.status === 'draft') {
      const archived = rows.filter((row) => row.status === 'archived');
      if (archived.length > 0) throw conflict(archivedCannotBeUnpublished(archived));
    }
    const outcome: BulkStatusOutcome = { changed: [], unchanged: [] };
    for (const row of rows.toSorted((a, b) => a.number - b.number)) {
      if (row.status === input.status) outcome.unchanged.push(row);
      else outcome.changed.push(await applyEdit(tx, row, { status: input.status }, context));
    }
    return outcome;
  });
}
