import type { AssignmentPair, importRowErrorSchema } from '@shared/review-cycle-schemas';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { HttpError } from '../../http/errors';
import { lockReviewCycle } from '../review-cycle/lock';
import { parseAssignmentsCsv } from './import-csv';
import { findConflictedPairs, findOpportunitiesByNumber, findReviewersByEmail } from './queries';
import { type AssignmentChangeContext, assignPairs } from './service';

type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importErrorsMessage = (rows: number) =>
  `${rows === 1 ? '1 row of the file has an error' : `${rows} rows of the file have errors`}; nothing was imported`;

/**
 * Imports assignments from CSV (reviewer email, opportunity number): every row is checked first
 * (its form, an unknown email or number, a conflict of interest, the same pair twice), and any bad
 * row answers 400 with the row-by-row report and adds nothing. Pairs already assigned are counted.
 */
export async function importAssignments(
  db: Database,
  csv: string,
  context: AssignmentChangeContext,
): Promise<{ added: number; alreadyAssigned: number }> {
  const parsed = parseAssignmentsCsv(csv);
  return db.transaction(async (tx) => {
    await lockReviewCycle(tx);
    const errors: ImportRowError[] = parsed.errors.map((e) => ({ ...e, error: 'malformed' }));
    const reviewers = await findReviewersByEmail(
      tx,
      parsed.rows.map((row) => row.email.toLowerCase()),
    );
    const opportunities = await findOpportunitiesByNumber(
      tx,
      parsed.rows.map((row) => row.number),
    );
    const firstLine = new Map<string, number>();
    const pairs: Array<AssignmentPair & { line: number; email: string; number: number }> = [];
    for (const row of parsed.rows) {
      const where = { line: row.line, email: row.email, number: String(row.number) };
      const reviewer = reviewers.get(row.email.toLowerCase());
      const opportunity = opportunities.get(row.number);
      if (!reviewer) {
        errors.push({
          ...where,
          error: 'unknown_email',
          message: `Line ${row.line}: no reviewer has the email ${row.email}`,
        });
      }
      if (!opportunity) {
        errors.push({
          ...where,
          error: 'unknown_number',
          message: `Line ${row.line}: no opportunity has the number ${row.number}`,
        });
      }
      if (!reviewer || !opportunity) continue;
      const key = `${reviewer.id}|${opportunity.id}`;
      const first = firstLine.get(key);
      if (first !== undefined) {
        errors.push({
          ...where,
          error: 'duplicate',
          message: `Line ${row.line}: the same pair as line ${first}`,
        });
        continue;
      }
      firstLine.set(key, row.line);
      pairs.push({ reviewerId: reviewer.id, opportunityId: opportunity.id, ...row });
    }
    const conflicted = new Set(
      (await findConflictedPairs(tx, pairs)).map((p) => `${p.reviewerId}|${p.opportunityId}`),
    );
    for (const pair of pairs) {
      if (!conflicted.has(`${pair.reviewerId}|${pair.opportunityId}`)) continue;
      errors.push({
        line: pair.line,
        email: pair.email,
        number: String(pair.number),
        error: 'conflict',
        message: `Line ${pair.line}: ${pair.email} has a conflict of interest with #${pair.number}`,
      });
    }
    if (errors.length > 0) {
      const rows = errors.sort((a, b) => a.line - b.line);
      throw new HttpError(
        400,
        importErrorsMessage(new Set(rows.map((r) => r.line)).size),
        undefined,
        {
          rows,
        },
      );
    }
    const { added, alreadyAssigned } = await assignPairs(
      tx,
      pairs.map(({ reviewerId, opportunityId }) => ({ reviewerId, opportunityId })),
      { ...context, action: 'assignment.import', details: { rows: pairs.length } },
    );
    return { added: added.length, alreadyAssigned };
  });
}
