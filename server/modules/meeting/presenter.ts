import type { Role } from '@shared/auth-schemas';
import { MEETING_CONFLICT_MESSAGE, MEETING_NOT_IN_SCOPE_MESSAGE } from '@shared/discussion';
import type {
  AdminMeeting,
  MeetingItemView,
  meetingFiguresSchema,
} from '@shared/discussion-schemas';
import type { Results } from '@shared/results-schemas';
import type { z } from 'zod';
import type { AgendaRow, MeetingRow, ViewerRow } from './queries';

type MeetingFigures = z.infer<typeof meetingFiguresSchema>;

/** Why a reviewer who sees the item may not yet post: their own review comes first. */
export const DISCUSS_AFTER_OWN_REVIEW_MESSAGE = 'Submit your review to join the discussion';

const NO_FIGURES: MeetingFigures = {
  reviewCount: 0,
  rawComposite: null,
  calibratedComposite: null,
  calibratedRank: null,
  calibratedRankInterval: null,
  sd: null,
  flags: [],
};

/** The item's row of Results (only published opportunities have one); zeros and nulls without. */
export function figuresOf(results: Results, opportunityId: string): MeetingFigures {
  const row = results.opportunities.find((candidate) => candidate.id === opportunityId);
  if (!row) return NO_FIGURES;
  return {
    reviewCount: row.reviewCount,
    rawComposite: row.rawComposite,
    calibratedComposite: row.calibratedComposite,
    calibratedRank: row.calibratedRank,
    calibratedRankInterval: row.calibratedRankInterval,
    sd: row.sd,
    flags: row.flags,
  };
}

/**
 * The agenda as it stands: ids of deleted opportunities dropped, and "now" on the item it was on,
 * or (that one deleted) on the next one left, else the last.
 */
export function effectiveAgenda(
  meeting: MeetingRow,
  exists: (id: string) => boolean,
): { agenda: string[]; currentIndex: number } {
  const agenda = meeting.agenda.filter(exists);
  const before = meeting.agenda.slice(0, meeting.currentIndex).filter(exists).length;
  return { agenda, currentIndex: Math.max(0, Math.min(before, agenda.length - 1)) };
}

export function presentAdminMeeting(params: {
  meeting: MeetingRow;
  rows: AgendaRow[];
  results: Results;
}): AdminMeeting {
  const { meeting, rows, results } = params;
  const byId = new Map(rows.map((row) => [row.id, row]));
  const { agenda, currentIndex } = effectiveAgenda(meeting, (id) => byId.has(id));
  return {
    active: meeting.active,
    version: meeting.version,
    currentIndex,
    agenda: agenda.map((id) => {
      const row = byId.get(id)!;
      return {
        opportunityId: id,
        number: row.number,
        title: row.title,
        reasons: results.discussion.find((item) => item.opportunityId === id)?.reasons ?? [],
        figures: figuresOf(results, id),
        threadState: row.threadState,
        postCount: row.postCount,
      };
    }),
    suggested: results.discussion.map((item) => item.opportunityId),
  };
}

/**
 * One agenda item as the viewer may see it. An admin sees every item; a reviewer with a conflict
 * gets the conflict message and nothing else (not even the id), one outside their scope (or an
 * unpublished item) the scope message.
 */
export function presentItemView(
  row: ViewerRow,
  viewer: { role: Role },
  readFigures: (opportunityId: string) => MeetingFigures,
): MeetingItemView {
  if (viewer.role !== 'admin') {
    if (row.isConflicted) return { kind: 'conflict', message: MEETING_CONFLICT_MESSAGE };
    if (!row.isInScope) return { kind: 'not_in_scope', message: MEETING_NOT_IN_SCOPE_MESSAGE };
  }
  return {
    kind: 'item',
    opportunityId: row.id,
    number: row.number,
    title: row.title,
    imageUrl: row.imageUrl,
    figures: readFigures(row.id),
    canDiscuss: row.canDiscuss,
    discussBlockedReason: row.canDiscuss ? null : DISCUSS_AFTER_OWN_REVIEW_MESSAGE,
  };
}

/** A viewer needs the figures only when one of the items is shown to them. */
export function showsAnItem(rows: ViewerRow[], viewer: { role: Role }): boolean {
  return viewer.role === 'admin' || rows.some((row) => !row.isConflicted && row.isInScope);
}
