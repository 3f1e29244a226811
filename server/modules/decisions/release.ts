import type { ReleaseResult } from '@shared/decision-schemas';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import { queueEmails } from '../mail/outbox';
import { evidenceFrom } from './evidence';
import { composeLetter, OPPORTUNITY_NOT_FOUND } from './letters';
import {
  type DecidableOpportunity,
  discardDraft,
  findDraft,
  findReleased,
  insertDraft,
  lockDecidableOpportunities,
  lockDecisions,
  lockDrafts,
  markReleased,
  readWaitlist,
  supersedeReleased,
} from './queries';
import { type ReadResults, settleWaitlist } from './service';

export type ReleaseOptions = {
  ids?: string[];
  sendLetters: boolean;
  dryRun: boolean;
  readResults: ReadResults;
};

/**
 * Releases the drafts (all, or those of the given opportunities) in one transaction: each becomes
 * the decision in force, the one it replaces is kept as 'superseded'. With `sendLetters`, each
 * released decision whose opportunity has an owner email queues its letter in the same
 * transaction; the draft it was sent for is released by it, so no release can send it twice. When
 * a released 'accepted' becomes 'withdrawn', the first of the waitlist is proposed as an
 * 'accepted' draft. A dry run answers the same without changing anything.
 */
export async function releaseDecisions(
  db: Database,
  options: ReleaseOptions,
  actor: AuditActor,
): Promise<ReleaseResult> {
  const results = await options.readResults();
  const outcome = await db.transaction(async (tx) => {
    await lockDecisions(tx);
    const drafts = await lockDrafts(tx, options.ids);
    if (options.ids) {
      const without = options.ids.filter(
        (id) => !drafts.some((draft) => draft.opportunityId === id),
      );
      if (without.length > 0) {
        const known = await lockDecidableOpportunities(tx, without);
        if (known.length < without.length) throw notFound(OPPORTUNITY_NOT_FOUND);
        throw conflict(
          `No draft to release for ${known.map((row) => `#${row.number}`).join(', ')}`,
        );
      }
    }
    const opportunityIds = drafts.map((draft) => draft.opportunityId);
    const opportunities = new Map(
      (await lockDecidableOpportunities(tx, opportunityIds)).map((row) => [row.id, row]),
    );
    const previous = new Map(
      (await findReleased(tx, opportunityIds)).map((row) => [row.opportunityId, row]),
    );
    const ordered = [...drafts].sort(
      (a, b) =>
        opportunities.get(a.opportunityId)!.number - opportunities.get(b.opportunityId)!.number,
    );
    const result: ReleaseResult = {
      dryRun: options.dryRun,
      released: [],
      letters: [],
      withoutOwnerEmail: [],
      proposed: [],
    };
    const withdrawnAccepted: DecidableOpportunity[] = [];
    for (const draft of ordered) {
      const opportunity = opportunities.get(draft.opportunityId)!;
      result.released.push({
        opportunityId: opportunity.id,
        number: opportunity.number,
        title: opportunity.title,
        outcome: draft.outcome,
      });
      const letterTo = options.sendLetters ? opportunity.ownerEmail : null;
      if (letterTo) {
        result.letters.push({
          opportunityId: opportunity.id,
          number: opportunity.number,
          to: letterTo,
        });
      } else if (!opportunity.ownerEmail) {
        result.withoutOwnerEmail.push(opportunity.number);
      }
      if (
        draft.outcome === 'withdrawn' &&
        previous.get(draft.opportunityId)?.outcome === 'accepted'
      ) {
        withdrawnAccepted.push(opportunity);
      }
    }
    // What the waitlist will be once these are released: the first ones are proposed.
    const waitlist = (await readWaitlist(tx)).filter((id) => {
      const draft = drafts.find((candidate) => candidate.opportunityId === id);
      return !draft || draft.outcome === 'waitlisted';
    });
    const candidates = await lockDecidableOpportunities(tx, waitlist);
    withdrawnAccepted.forEach((withdrawn, index) => {
      const next = candidates.find((row) => row.id === waitlist[index]);
      if (next) {
        result.proposed.push({
          opportunityId: next.id,
          number: next.number,
          title: next.title,
          forNumber: withdrawn.number,
        });
      }
    });
    if (options.dryRun) return result;

    await supersedeReleased(tx, opportunityIds);
    for (const draft of ordered) {
      const opportunity = opportunities.get(draft.opportunityId)!;
      const letterTo = options.sendLetters ? opportunity.ownerEmail : null;
      await markReleased(tx, draft.id, { releasedBy: actor.userId, letterTo });
      if (letterTo) {
        const content = await composeLetter(tx, {
          opportunity,
          outcome: draft.outcome,
          readResults: async () => results,
        });
        await queueEmails(tx, [
          { recipientId: null, recipientEmail: letterTo, type: 'decision_letter', content },
        ]);
      }
      await recordAudit(tx, actor, {
        action: 'decision.release',
        entityType: 'opportunity',
        entityId: draft.opportunityId,
        changes: {
          before: previous.has(draft.opportunityId)
            ? { outcome: previous.get(draft.opportunityId)!.outcome }
            : null,
          after: { outcome: draft.outcome, revision: draft.revision, letterTo },
        },
      });
    }
    for (const proposal of result.proposed) {
      const draft = await findDraft(tx, proposal.opportunityId);
      if (draft) await discardDraft(tx, draft.id);
      const withdrawn = [...opportunities.values()].find(
        (row) => row.number === proposal.forNumber,
      )!;
      const row = await insertDraft(tx, {
        opportunityId: proposal.opportunityId,
        outcome: 'accepted',
        rationale: `Proposed from the waitlist: #${proposal.forNumber} withdrew.`,
        decidedBy: actor.userId,
        evidence: evidenceFrom(results, proposal.opportunityId),
        proposedFor: withdrawn.id,
      });
      await recordAudit(tx, actor, {
        action: 'decision.propose',
        entityType: 'opportunity',
        entityId: proposal.opportunityId,
        changes: {
          after: { outcome: 'accepted', revision: row.revision, forNumber: proposal.forNumber },
        },
      });
    }
    await settleWaitlist(tx);
    return result;
  });
  return outcome;
}
