import type { FeedbackLetter, LetterEditor, PutLetterInput } from '@shared/decision-schemas';
import {
  type DecisionOutcome,
  LETTER_COMMENT_FIELDS,
  LETTER_FIELD_HEADINGS,
  type LetterCommentField,
  OUTCOME_LABELS,
  percentileBand,
} from '@shared/decisions';
import type { Results } from '@shared/results-schemas';
import type { Database } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import { decisionLetterEmail, type EmailContent } from '../mail/templates';
import { reviewerLabel } from '../reviewer-workspace/comments-visibility';
import { evidenceFrom } from './evidence';
import {
  findLetter,
  type LetterSourceRow,
  listLetterItems,
  listLetterSources,
  writeLetter,
} from './letter-queries';
import {
  type DecidableOpportunity,
  findDecidableOpportunity,
  listCurrentDecisions,
  lockDecisions,
} from './queries';

type Db = Parameters<typeof listLetterItems>[0];

export const OPPORTUNITY_NOT_FOUND = 'Opportunity not found';
export const NO_DECISION_FOR_LETTER =
  'This opportunity has no decision yet: set an outcome before previewing its letter';

const sourceText = (source: LetterSourceRow | undefined, field: LetterCommentField) =>
  source?.[field] ?? null;
const hasText = (value: string | null) => value !== null && /\S/.test(value);
/** The letter's text differs from the comment (the text is stored trimmed, as the call takes it). */
const isRedaction = (text: string, original: string | null) => text !== (original ?? '').trim();

async function opportunityOrNotFound(db: Db, id: string): Promise<DecidableOpportunity> {
  const opportunity = await findDecidableOpportunity(db, id);
  if (!opportunity) throw notFound(OPPORTUNITY_NOT_FOUND);
  return opportunity;
}

/** The letter editor: what the admin wrote and chose, and every comment it may quote. */
export async function loadLetterEditor(db: Db, opportunityId: string): Promise<LetterEditor> {
  await opportunityOrNotFound(db, opportunityId);
  const [letter, items, sources] = await Promise.all([
    findLetter(db, opportunityId),
    listLetterItems(db, opportunityId),
    listLetterSources(db, opportunityId),
  ]);
  const byReviewer = new Map(sources.map((source) => [source.reviewerId, source]));
  return {
    message: letter?.message ?? '',
    includeBand: letter?.includeBand ?? false,
    items: items.map((item) => ({
      reviewerId: item.reviewerId,
      field: item.field,
      text: item.text,
      redacted: isRedaction(item.text, sourceText(byReviewer.get(item.reviewerId), item.field)),
    })),
    sources: sources
      .filter((source) => LETTER_COMMENT_FIELDS.some((field) => hasText(source[field])))
      .map((source) => ({
        reviewerId: source.reviewerId,
        label: reviewerLabel(source.labelIndex),
        name: source.name,
        fields: {
          howToBiggerBetter: source.howToBiggerBetter,
          challenges: source.challenges,
          howToGetGoing: source.howToGetGoing,
          otherComments: source.otherComments,
        },
      })),
    updatedAt: letter?.updatedAt.toISOString() ?? null,
  };
}

/**
 * Saves the letter. Each included item must quote a comment field that counts and holds text;
 * its text may differ (a redaction): the comment itself is never changed, and the audit row keeps
 * the original beside the text the letter carries.
 */
export async function saveLetter(
  db: Database,
  params: { opportunityId: string; input: Required<PutLetterInput> },
  actor: AuditActor,
): Promise<void> {
  const { opportunityId, input } = params;
  await db.transaction(async (tx) => {
    await lockDecisions(tx);
    await opportunityOrNotFound(tx, opportunityId);
    const sources = new Map(
      (await listLetterSources(tx, opportunityId)).map((source) => [source.reviewerId, source]),
    );
    const unknown = input.items.filter(
      (item) => !hasText(sourceText(sources.get(item.reviewerId), item.field)),
    );
    if (unknown.length > 0) {
      throw badRequest(
        `No comment to quote for ${unknown.map((item) => `${item.field} of reviewer ${item.reviewerId}`).join(', ')}`,
      );
    }
    await writeLetter(tx, {
      opportunityId,
      message: input.message,
      includeBand: input.includeBand,
      updatedBy: actor.userId,
      items: input.items,
    });
    await recordAudit(tx, actor, {
      action: 'letter.update',
      entityType: 'opportunity',
      entityId: opportunityId,
      changes: {
        after: {
          message: input.message,
          includeBand: input.includeBand,
          items: input.items.map((item) => {
            const original = sourceText(sources.get(item.reviewerId), item.field);
            return isRedaction(item.text, original)
              ? { reviewerId: item.reviewerId, field: item.field, text: item.text, original }
              : { reviewerId: item.reviewerId, field: item.field, text: item.text };
          }),
        },
      },
    });
  });
}

/**
 * The letter as the owner receives it for this outcome: built from the saved letter (nothing
 * added: the outcome alone) and today's calibrated rank for the band. Reviewer identities never
 * reach it: the items go in as text, grouped by field in the form's order.
 */
export async function composeLetter(
  db: Db,
  params: {
    opportunity: DecidableOpportunity;
    outcome: DecisionOutcome;
    /** Read only when the letter names the band. */
    readResults: () => Promise<Results>;
  },
): Promise<EmailContent> {
  const { opportunity, outcome } = params;
  const [letter, items] = await Promise.all([
    findLetter(db, opportunity.id),
    listLetterItems(db, opportunity.id),
  ]);
  const evidence = letter?.includeBand
    ? evidenceFrom(await params.readResults(), opportunity.id)
    : null;
  const sections = LETTER_COMMENT_FIELDS.map((field) => ({
    heading: LETTER_FIELD_HEADINGS[field],
    texts: items.filter((item) => item.field === field).map((item) => item.text),
  })).filter((section) => section.texts.length > 0);
  return decisionLetterEmail({
    ownerName: opportunity.ownerName,
    number: opportunity.number,
    title: opportunity.title,
    outcomeLabel: OUTCOME_LABELS[outcome],
    message: letter?.message ?? '',
    band: evidence ? percentileBand(evidence.calibratedRank, evidence.ranked) : null,
    sections,
  });
}

/** GET .../feedback: exactly what the owner would receive for the decision in view. */
export async function previewLetter(
  db: Db,
  params: { opportunityId: string; readResults: () => Promise<Results> },
): Promise<FeedbackLetter> {
  const opportunity = await opportunityOrNotFound(db, params.opportunityId);
  const current = await listCurrentDecisions(db, opportunity.id);
  const inView = current.find((row) => row.state === 'draft') ?? current[0];
  if (!inView) throw conflict(NO_DECISION_FOR_LETTER);
  const content = await composeLetter(db, {
    opportunity,
    outcome: inView.outcome,
    readResults: params.readResults,
  });
  return {
    to: opportunity.ownerEmail
      ? { name: opportunity.ownerName, email: opportunity.ownerEmail }
      : null,
    outcome: inView.outcome,
    state: inView.state === 'draft' ? 'draft' : 'released',
    ...content,
  };
}
