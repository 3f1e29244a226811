import type { ReviewerBallot } from '@shared/ballot-schemas';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSaveBallot } from '../api/reviewer-ballot-queries';
import { candidateName } from '../lib/ordinal';
import {
  canMoveDown,
  canMoveUp,
  canTieWithAbove,
  canUntie,
  type DropTarget,
  dropAt,
  groupIndexOf,
  isSameRanking,
  moveDown,
  moveUp,
  placesOf,
  type Ranking,
  rank,
  rankingOf,
  tieWithAbove,
  unrank,
  untie,
} from '../lib/ranking';
import type { CandidateActions, Control } from './ballot-candidate';
import { BallotPlaces } from './ballot-places';
import { BallotSaveBar } from './ballot-save-bar';

/** Where the focus goes when the control pressed is gone or disabled at the new place. */
const FALLBACK: Record<Control, Control[]> = {
  up: ['down', 'tie', 'remove'],
  down: ['up', 'untie', 'remove'],
  tie: ['untie', 'up', 'remove'],
  untie: ['tie', 'down', 'remove'],
  rank: ['remove'],
  remove: ['rank'],
};

/** What a screen reader hears after a change: where the candidate is now. */
function describeChange(name: string, control: Control | 'drop', next: Ranking, id: string) {
  const g = groupIndexOf(next, id);
  if (g < 0) return `${name} removed from the ranking`;
  const place = placesOf(next)[g];
  const tied = next[g]!.length > 1 ? ' (tied)' : '';
  if (control === 'tie') return `${name} tied at place ${place}`;
  if (control === 'rank') return `${name} ranked at place ${place}`;
  return `${name} moved to place ${place}${tied}`;
}

/**
 * The open ballot: the reviewer arranges the finalists (buttons or drag and drop) and saves
 * with Save ballot. The arrangement stays on the page until it is saved: a refused save shows
 * the server's reason and keeps it, and leaving the page with it unsaved asks first.
 */
export function BallotEditor({ ballot }: { ballot: ReviewerBallot }) {
  const save = useSaveBallot();
  const saved = useMemo(
    () =>
      rankingOf(
        ballot.ranking,
        ballot.candidates.map((candidate) => candidate.id),
      ),
    [ballot],
  );
  const [draft, setDraft] = useState<string[][] | null>(null);
  const ranking = draft ?? saved;
  const isDirty = draft !== null && !isSameRanking(draft, saved);
  const [announcement, setAnnouncement] = useState('');
  const [focusTarget, setFocusTarget] = useState<{ id: string; control: Control } | null>(null);
  const [draggingId, setDraggingId] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const names = new Map(ballot.candidates.map((c) => [c.id, candidateName(c)]));

  useEffect(() => {
    if (!focusTarget) return;
    setFocusTarget(null);
    const { id, control } = focusTarget;
    const root = rootRef.current;
    const enabled = (name: Control) =>
      root?.querySelector<HTMLButtonElement>(
        `[data-id="${id}"][data-control="${name}"]:not(:disabled)`,
      );
    const button =
      [control, ...FALLBACK[control]].map(enabled).find(Boolean) ??
      root?.querySelector<HTMLButtonElement>(`[data-row-id="${id}"] button:not(:disabled)`);
    button?.focus();
  }, [focusTarget]);

  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  function apply(id: string, control: Control | 'drop', next: string[][]) {
    setDraft(next);
    setAnnouncement(describeChange(names.get(id) ?? 'The finalist', control, next, id));
    if (control !== 'drop') setFocusTarget({ id, control });
  }

  function actionsOf(id: string): CandidateActions {
    if (groupIndexOf(ranking, id) < 0) {
      return { rank: { enabled: true, run: () => apply(id, 'rank', rank(ranking, id)) } };
    }
    return {
      up: { enabled: canMoveUp(ranking, id), run: () => apply(id, 'up', moveUp(ranking, id)) },
      down: {
        enabled: canMoveDown(ranking, id),
        run: () => apply(id, 'down', moveDown(ranking, id)),
      },
      tie: {
        enabled: canTieWithAbove(ranking, id),
        run: () => apply(id, 'tie', tieWithAbove(ranking, id)),
      },
      untie: { enabled: canUntie(ranking, id), run: () => apply(id, 'untie', untie(ranking, id)) },
      remove: { enabled: true, run: () => apply(id, 'remove', unrank(ranking, id)) },
    };
  }

  function send(next: string[][], onSaved?: () => void) {
    save.mutate(next, {
      // A change made while the save ran stays unsaved.
      onSuccess: (_answer, sent) => {
        setDraft((current) => (current && !isSameRanking(current, sent) ? current : null));
        onSaved?.();
      },
    });
  }

  return (
    <div ref={rootRef} className="space-y-6">
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <BallotSaveBar
        isSaving={save.isPending}
        error={save.error}
        isDirty={isDirty}
        savedAt={ballot.savedAt}
        hasSavedBallot={saved.length > 0}
        onSave={() => send(ranking)}
        onWithdraw={(onDone) =>
          save.mutate([], {
            onSuccess: () => {
              setDraft(null);
              setAnnouncement('Your ballot was withdrawn');
            },
            // A refusal: the save state says why.
            onSettled: onDone,
          })
        }
      />
      <BallotPlaces
        ranking={ranking}
        candidates={ballot.candidates}
        actionsOf={actionsOf}
        emptyRanking="Nothing ranked yet. Choose Rank on a finalist below, or drag it here."
        drag={{
          draggingId,
          // After the browser has taken its picture of the row: changing the page during
          // dragstart cancels the drag in some browsers.
          start: (id) => setTimeout(() => setDraggingId(id), 0),
          end: () => setDraggingId(null),
          drop: (target: DropTarget) => {
            if (draggingId) apply(draggingId, 'drop', dropAt(ranking, draggingId, target));
            setDraggingId(null);
          },
        }}
      />
    </div>
  );
}
