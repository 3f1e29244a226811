import { MAX_OPPORTUNITIES } from '@shared/limits';
import type {
  CreateOpportunity,
  OpportunityStatus,
  UpdateOpportunity,
} from '@shared/opportunity-schemas';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../http-errors';
import {
  countOpportunities,
  findOpportunityForUpdate,
  findOpportunityIdByNumber,
  insertOpportunity,
  lockOpportunityCreation,
  type OpportunityRow,
  updateOpportunity,
} from './queries';

export const OPPORTUNITY_NOT_FOUND = 'Opportunity not found';
export const LIMIT_REACHED = `The limit of ${MAX_OPPORTUNITIES} opportunities has been reached`;
export const duplicateNumber = (number: number) => `Opportunity number ${number} already exists`;

function isNumberTaken(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505' && constraint === 'opportunities_number_unique') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * publishedAt records the first publication: it is set when an opportunity becomes published
 * while it has none, and kept through later unpublish/archive/republish, so that "published on"
 * stays stable for reviewers and exports.
 */
function publishedAtFor(status: OpportunityStatus | undefined, current: Date | null) {
  return status === 'published' && !current ? new Date() : current;
}

export async function createOpportunity(
  db: Database,
  input: CreateOpportunity,
): Promise<OpportunityRow> {
  try {
    return await db.transaction(async (tx) => {
      await lockOpportunityCreation(tx);
      if ((await countOpportunities(tx)) >= MAX_OPPORTUNITIES) throw conflict(LIMIT_REACHED);
      if (await findOpportunityIdByNumber(tx, input.number)) {
        throw conflict(duplicateNumber(input.number));
      }
      return insertOpportunity(tx, { ...input, publishedAt: publishedAtFor(input.status, null) });
    });
  } catch (error) {
    if (isNumberTaken(error)) throw conflict(duplicateNumber(input.number));
    throw error;
  }
}

export async function editOpportunity(
  db: Database,
  id: string,
  input: UpdateOpportunity,
): Promise<OpportunityRow> {
  try {
    return await db.transaction(async (tx) => {
      const current = await findOpportunityForUpdate(tx, id);
      if (!current) throw notFound(OPPORTUNITY_NOT_FOUND);
      if (input.number !== undefined && input.number !== current.number) {
        const holder = await findOpportunityIdByNumber(tx, input.number);
        if (holder) throw conflict(duplicateNumber(input.number));
      }
      return updateOpportunity(tx, id, {
        ...input,
        publishedAt: publishedAtFor(input.status, current.publishedAt),
      });
    });
  } catch (error) {
    // A concurrent edit or creation can take the number between the check and the update.
    if (isNumberTaken(error) && input.number !== undefined) {
      throw conflict(duplicateNumber(input.number));
    }
    throw error;
  }
}
