import type { Role } from '@shared/auth-schemas';
import { MEETING_NOT_ACTIVE_MESSAGE } from '@shared/discussion';
import type { AdminMeeting, MeetingView } from '@shared/discussion-schemas';
import type { Results } from '@shared/results-schemas';
import type { Database } from '../../db/client';
import { conflict, HttpError } from '../../http/errors';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import {
  effectiveAgenda,
  figuresOf,
  presentAdminMeeting,
  presentItemView,
  showsAnItem,
} from './presenter';
import {
  existingOpportunityIds,
  listAgendaRows,
  listViewerRows,
  lockMeeting,
  type MeetingRow,
  readMeeting,
  writeMeeting,
} from './queries';

/** The meeting reads Results through the shared reader (the admin scope's, decision 0010). */
export type ReadResults = () => Promise<Results>;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export const EMPTY_AGENDA_MESSAGE = 'Nothing to discuss: the agenda is empty';

export const NO_AGENDA_ITEM_MESSAGE = (index: number, length: number) =>
  `There is no agenda item at position ${index + 1}: the agenda has ${length} ${length === 1 ? 'item' : 'items'}`;

/** GET /api/admin/meeting: the agenda with each item's figures and thread, and the suggestion. */
export async function readAdminMeeting(
  db: Database,
  readResults: ReadResults,
): Promise<AdminMeeting> {
  const meeting = await readMeeting(db);
  const [rows, results] = await Promise.all([listAgendaRows(db, meeting.agenda), readResults()]);
  return presentAdminMeeting({ meeting, rows, results });
}

type MeetingChange = Omit<MeetingRow, 'version'>;

/**
 * One change of the meeting, in one transaction: the row locked, the change applied to the
 * agenda as it stands (deleted opportunities dropped), the next version written and NOTIFYd,
 * and the audit row. `change` may refuse by throwing, which changes nothing.
 */
async function changeMeeting(
  db: Database,
  actor: AuditActor,
  action: string,
  change: (before: MeetingChange, tx: Transaction) => Promise<MeetingChange> | MeetingChange,
): Promise<void> {
  await db.transaction(async (tx) => {
    const meeting = await lockMeeting(tx);
    const existing = await existingOpportunityIds(tx, meeting.agenda);
    const before = {
      active: meeting.active,
      ...effectiveAgenda(meeting, (id) => existing.has(id)),
    };
    const after = await change(before, tx);
    const version = await writeMeeting(tx, { ...after, updatedBy: actor.userId });
    await recordAudit(tx, actor, {
      action,
      entityType: 'meeting',
      entityId: null,
      changes: { before: { ...before, version: meeting.version }, after: { ...after, version } },
    });
  });
}

/**
 * PUT /api/admin/meeting: the agenda's new order (items added, removed, moved). "Now" stays on its
 * opportunity while that is still on the agenda, else goes to the first item.
 */
export async function setAgenda(db: Database, agenda: string[], actor: AuditActor): Promise<void> {
  await changeMeeting(db, actor, 'meeting.agenda', async (before, tx) => {
    const found = await existingOpportunityIds(tx, agenda);
    const unknown = agenda.flatMap((id, index) => (found.has(id) ? [] : [{ id, index }]));
    if (unknown.length > 0) {
      throw new HttpError(
        400,
        `Opportunities not found: ${unknown.map(({ id }) => id).join(', ')}`,
        unknown.map(({ index }) => ({ path: `agenda.${index}`, message: 'Opportunity not found' })),
      );
    }
    const current = before.agenda[before.currentIndex];
    const kept = current === undefined ? -1 : agenda.indexOf(current);
    return { active: before.active, agenda, currentIndex: Math.max(0, kept) };
  });
}

/**
 * POST /api/admin/meeting/start: "now" on the first item. An empty agenda takes the Results
 * discussion queue first; with nothing there either, 409.
 */
export async function startMeeting(
  db: Database,
  readResults: ReadResults,
  actor: AuditActor,
): Promise<void> {
  await changeMeeting(db, actor, 'meeting.start', async (before, tx) => {
    let agenda = before.agenda;
    if (agenda.length === 0) {
      const suggested = (await readResults()).discussion.map((item) => item.opportunityId);
      const found = await existingOpportunityIds(tx, suggested);
      agenda = suggested.filter((id) => found.has(id));
    }
    if (agenda.length === 0) throw conflict(EMPTY_AGENDA_MESSAGE);
    return { active: true, agenda, currentIndex: 0 };
  });
}

/** POST /api/admin/meeting/current: "now" moves to this position of the agenda. */
export async function moveMeeting(db: Database, index: number, actor: AuditActor): Promise<void> {
  await changeMeeting(db, actor, 'meeting.move', (before) => {
    if (!before.active) throw conflict(MEETING_NOT_ACTIVE_MESSAGE);
    if (index >= before.agenda.length) {
      const message = NO_AGENDA_ITEM_MESSAGE(index, before.agenda.length);
      throw new HttpError(400, message, [{ path: 'index', message }]);
    }
    return { ...before, currentIndex: index };
  });
}

/** POST /api/admin/meeting/end: the agenda and "now" are kept for a later start. */
export async function endMeeting(db: Database, actor: AuditActor): Promise<void> {
  await changeMeeting(db, actor, 'meeting.end', (before) => ({ ...before, active: false }));
}

/**
 * GET /api/meeting: "now" and "next" as this person may see them. Results are read only when an
 * item is shown (a conflicted or out-of-scope viewer's answer needs none).
 */
export async function readMeetingView(
  db: Database,
  viewer: { id: string; role: Role },
  readResults: ReadResults,
): Promise<MeetingView> {
  const meeting = await readMeeting(db);
  if (!meeting.active) {
    return {
      active: false,
      version: meeting.version,
      position: 0,
      total: 0,
      now: null,
      next: null,
    };
  }
  const rows = await listViewerRows(db, viewer.id, meeting.agenda);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const { agenda, currentIndex } = effectiveAgenda(meeting, (id) => byId.has(id));
  const [now, next] = [agenda[currentIndex], agenda[currentIndex + 1]].map((id) =>
    id === undefined ? undefined : byId.get(id),
  );
  const shown = [now, next].filter((row) => row !== undefined);
  const results = showsAnItem(shown, viewer) ? await readResults() : undefined;
  // Figures are asked for only of an item shown, and then the results were read.
  const view = (row: (typeof shown)[number] | undefined) =>
    row ? presentItemView(row, viewer, (id) => figuresOf(results!, id)) : null;
  return {
    active: true,
    version: meeting.version,
    position: agenda.length === 0 ? 0 : currentIndex + 1,
    total: agenda.length,
    now: view(now),
    next: view(next),
  };
}
