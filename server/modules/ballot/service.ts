import { BALLOT_CLOSED_MESSAGE, BALLOT_NOT_ELECTOR_MESSAGE } from '@shared/ballot';
import type { PutBallot, ReviewerBallot } from '@shared/ballot-schemas';
import type { Database } from '../../db/client';
import { conflict, forbidden } from '../../http/errors';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import { presentReviewerBallot } from './presenter';
import {
  deleteBallotRow,
  existingOpportunityIds,
  findBallot,
  isElector,
  listCandidates,
  listConflictPairs,
  lockBallotOpen,
  ownComposites,
  readBallotOpen,
  saveBallotRow,
  shareDecisionsLock,
} from './queries';
import { checkRanking, isUuid } from './ranking-check';

type Db = Parameters<typeof listCandidates>[0];

/** GET /api/reviewer/ballot: the caller's candidates (conflicts left out) and own ballot. */
export async function readReviewerBallot(
  db: Db,
  reviewerId: string,
  open?: boolean,
): Promise<ReviewerBallot> {
  const candidates = await listCandidates(db);
  const candidateIds = candidates.map((candidate) => candidate.id);
  // One after the other: inside saveBallot's transaction these share one connection.
  const isOpen = open ?? (await readBallotOpen(db));
  const eligible = await isElector(db, reviewerId, candidateIds);
  const conflicts = await listConflictPairs(db, [reviewerId], candidateIds);
  const composites = await ownComposites(db, reviewerId, candidateIds);
  const ballot = await findBallot(db, reviewerId);
  return presentReviewerBallot({
    open: isOpen,
    eligible,
    candidates,
    conflicted: new Set(conflicts.map((pair) => pair.opportunityId)),
    composites,
    ballot,
  });
}

/** What an audit row says of a ballot: its size, never the ranking (a vote is the voter's). */
const ballotSizeOf = (ranking: string[][] | undefined) =>
  ranking ? { groups: ranking.length, ranked: ranking.flat().length } : null;

/**
 * PUT /api/reviewer/ballot, in one transaction: voting open (409), the caller in the electorate
 * (403), every id a candidate they may rank (400 naming the rest); then the ballot replaces the
 * one they had, or `[]` withdraws it. Answers the ballot as it now stands.
 */
export async function saveBallot(
  db: Database,
  params: { reviewerId: string } & PutBallot,
  actor: AuditActor,
): Promise<ReviewerBallot> {
  const { reviewerId, ranking } = params;
  return db.transaction(async (tx) => {
    if (!(await lockBallotOpen(tx))) throw conflict(BALLOT_CLOSED_MESSAGE);
    await shareDecisionsLock(tx);
    const candidates = await listCandidates(tx);
    const candidateIds = candidates.map((candidate) => candidate.id);
    if (!(await isElector(tx, reviewerId, candidateIds))) {
      throw forbidden(BALLOT_NOT_ELECTOR_MESSAGE);
    }
    const ids = ranking.flat();
    const uuids = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
    const existing = await existingOpportunityIds(tx, uuids);
    const conflicts = await listConflictPairs(tx, [reviewerId], candidateIds);
    const checked = checkRanking(ranking, {
      existing,
      candidates: new Set(candidateIds),
      conflicted: new Set(conflicts.map((pair) => pair.opportunityId)),
    });
    const before = await findBallot(tx, reviewerId);
    if (checked.length === 0) await deleteBallotRow(tx, reviewerId);
    else await saveBallotRow(tx, reviewerId, checked);
    // Withdrawing a ballot one never cast changes nothing, and is not recorded.
    if (before || checked.length > 0) {
      await recordAudit(tx, actor, {
        action: checked.length === 0 ? 'ballot.withdraw' : 'ballot.save',
        entityType: 'ballot',
        entityId: reviewerId,
        changes: {
          before: ballotSizeOf(before?.ranking),
          after: ballotSizeOf(checked.length === 0 ? undefined : checked),
        },
      });
    }
    return readReviewerBallot(tx, reviewerId, true);
  });
}
