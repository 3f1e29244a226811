import type { AdminMeeting } from '@shared/discussion-schemas';
import type { Results } from '@shared/results-schemas';
import { ErrorCard, LoadingCards } from '@web/components/ui/card-states';
import { PendingButton } from '@web/components/ui/submit-button';
import { serverMessageOf } from '@web/lib/api-client';
import Play from 'lucide-react/icons/play';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  type MeetingCommand,
  useAdminMeeting,
  useMeetingCommand,
} from '../api/admin-meeting-queries';
import { agendaEntriesOf, agendaIdsOf, entryName, publishedEntriesOf } from '../lib/agenda';
import { AgendaCard } from './agenda-card';
import { MeetingControl } from './meeting-control';

/**
 * The admin's panel meeting (issue 36 section 3): before it, the agenda - the Results discussion
 * queue unless one is saved - to reorder, trim and extend, and Start meeting; during it, "now"
 * and "next", moving through the agenda, and the agenda with the current item marked.
 * `results`: the Results answer, for the titles of the suggested queue and what can be added.
 */
export function AdminMeetingView({ results }: { results: Results | undefined }) {
  const { data: meeting, isPending, refetch } = useAdminMeeting();
  if (meeting) return <MeetingScreen meeting={meeting} results={results} />;
  if (isPending) return <LoadingCards label="Loading the meeting" bodyHeight="h-40" />;
  return (
    <ErrorCard
      title="Could not load the meeting"
      message="Check your connection and try again."
      onRetry={() => void refetch()}
    />
  );
}

function MeetingScreen({
  meeting,
  results,
}: {
  meeting: AdminMeeting;
  results: Results | undefined;
}) {
  const command = useMeetingCommand();
  const [announcement, setAnnouncement] = useState('');
  const startRef = useRef<HTMLButtonElement>(null);
  const [hasEnded, setHasEnded] = useState(false);

  const published = useMemo(() => publishedEntriesOf(results), [results]);
  const agenda = agendaIdsOf(meeting, published);
  const ids = command.agendaBeingSent ?? agenda.ids;
  const entries = agendaEntriesOf(ids, meeting, published);
  const addable = results ? [...published.values()].sort((a, b) => a.number - b.number) : null;

  useEffect(() => {
    // Ending unmounts End meeting and its dialog: the focus goes to what starts it again.
    if (!hasEnded || meeting.active) return;
    startRef.current?.focus();
    setHasEnded(false);
  }, [hasEnded, meeting.active]);

  function run(next: MeetingCommand, onDone?: (meeting: AdminMeeting) => void) {
    command.mutate(next, { onSuccess: onDone });
  }

  const changeAgenda = (agenda: string[]) => command.mutate({ kind: 'agenda', agenda });

  const announceNow = (answer: AdminMeeting) => {
    const now = answer.agenda[answer.currentIndex];
    if (answer.active && now) setAnnouncement(`Now discussing: ${entryName(now)}`);
  };

  const error = command.isError
    ? serverMessageOf(command.error, 'The meeting could not be changed. Try again.')
    : null;
  const errorNote = error ? (
    <p
      role="alert"
      className="rounded-md border border-destructive/50 bg-destructive/5 px-3 py-2 text-sm text-destructive"
    >
      {error}
    </p>
  ) : null;

  const currentId = meeting.active
    ? (meeting.agenda[meeting.currentIndex]?.opportunityId ?? null)
    : null;
  const agendaCard = (
    <AgendaCard
      entries={entries}
      published={addable}
      currentId={currentId}
      description={
        agenda.isSuggested
          ? 'Suggested from the Results discussion queue, most decision-relevant first. A change saves it as the agenda.'
          : 'The order the panel discusses them in.'
      }
      actions={
        meeting.active ? null : (
          <PendingButton
            ref={startRef}
            isPending={command.isPending && command.variables?.kind === 'start'}
            icon={<Play aria-hidden="true" />}
            onClick={() => run({ kind: 'start' }, announceNow)}
          >
            Start meeting
          </PendingButton>
        )
      }
      onChange={changeAgenda}
      onGoTo={(index) => run({ kind: 'current', index }, announceNow)}
      announce={setAnnouncement}
    />
  );

  // "Now" by its place in the order shown, so that Next item follows a reorder not yet answered.
  const shownPosition = currentId ? ids.indexOf(currentId) : -1;
  const position = shownPosition >= 0 ? shownPosition : meeting.currentIndex;
  return (
    <div className="space-y-6">
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {errorNote}
      {meeting.active ? (
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <MeetingControl
            now={meeting.agenda[meeting.currentIndex] ?? null}
            next={entries[position + 1] ?? null}
            position={position}
            total={ids.length}
            onMoveTo={(index) => run({ kind: 'current', index }, announceNow)}
            isEnding={command.isPending && command.variables?.kind === 'end'}
            onEnd={(done) =>
              run({ kind: 'end' }, () => {
                done();
                setHasEnded(true);
                setAnnouncement('The meeting has ended');
              })
            }
          />
          {agendaCard}
        </div>
      ) : (
        agendaCard
      )}
    </div>
  );
}
