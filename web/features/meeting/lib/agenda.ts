import type { ThreadState } from '@shared/discussion';
import type { AdminMeeting } from '@shared/discussion-schemas';
import type { DiscussionReason, Results } from '@shared/results-schemas';

/** One opportunity as the agenda shows it. */
export type AgendaEntry = {
  opportunityId: string;
  number: number;
  title: string;
  /** Why it is worth discussing (the Results flags); empty when nothing stands out. */
  reasons: DiscussionReason[];
  /** Its thread, for items already on the saved agenda. */
  thread: { state: ThreadState; postCount: number } | null;
};

/** Every published opportunity of Results, by id: what the agenda can add or preview. */
export function publishedEntriesOf(results: Results | undefined): Map<string, AgendaEntry> {
  return new Map(
    (results?.opportunities ?? []).map((opportunity) => [
      opportunity.id,
      {
        opportunityId: opportunity.id,
        number: opportunity.number,
        title: opportunity.title,
        reasons: opportunity.flags,
        thread: null,
      },
    ]),
  );
}

/**
 * The agenda as the admin works on it: the saved one, or - before the meeting, while nothing is
 * saved - the suggested discussion queue, which "Start meeting" would take as it is. Suggested ids
 * that Results does not know (yet) are left out: they could be shown by id only.
 */
export function agendaIdsOf(
  meeting: AdminMeeting,
  published: ReadonlyMap<string, AgendaEntry>,
): { ids: string[]; isSuggested: boolean } {
  if (meeting.active || meeting.agenda.length > 0) {
    return { ids: meeting.agenda.map((item) => item.opportunityId), isSuggested: false };
  }
  return { ids: meeting.suggested.filter((id) => published.has(id)), isSuggested: true };
}

/** The entries of `ids` in order: the saved agenda's items (with their thread), else Results'. */
export function agendaEntriesOf(
  ids: readonly string[],
  meeting: AdminMeeting,
  published: ReadonlyMap<string, AgendaEntry>,
): AgendaEntry[] {
  const saved = new Map(
    meeting.agenda.map((item) => [
      item.opportunityId,
      {
        opportunityId: item.opportunityId,
        number: item.number,
        title: item.title,
        reasons: item.reasons,
        thread: { state: item.threadState, postCount: item.postCount },
      },
    ]),
  );
  return ids.flatMap((id) => {
    const entry = saved.get(id) ?? published.get(id);
    return entry ? [entry] : [];
  });
}

/** `ids` with the one at `from` taken out and put back at `to` (both 0-based). */
export function movedTo(ids: readonly string[], from: number, to: number): string[] {
  const next = ids.filter((_, index) => index !== from);
  next.splice(to, 0, ids[from]!);
  return next;
}

/** '#12 Tidal kites': how an item is named in buttons and announcements. */
export const entryName = (entry: { number: number; title: string }) =>
  `#${entry.number} ${entry.title}`;
