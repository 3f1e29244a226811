import { cn } from '@web/lib/cn';
import { type DragEvent, type ReactNode, useId, useState } from 'react';
import { type DropTarget, placesOf, type Ranking } from '../lib/ranking';
import { BallotCandidate, type Candidate, type CandidateActions } from './ballot-candidate';

/** Drag and drop, for a pointer: the candidate dragged and where it was dropped. */
export type BallotDrag = {
  draggingId: string | null;
  start: (id: string) => void;
  end: () => void;
  drop: (target: DropTarget) => void;
};

const keyOf = (target: DropTarget) =>
  target.kind === 'unranked' ? 'unranked' : `${target.kind}-${target.index}`;

/** The event handlers of a drop target, and whether a drag hovers over it now. */
function useDropTargets(drag: BallotDrag | undefined) {
  const [over, setOver] = useState<string | null>(null);
  const propsOf = (target: DropTarget) => {
    if (!drag?.draggingId) return { isOver: false, handlers: {} };
    const key = keyOf(target);
    return {
      isOver: over === key,
      handlers: {
        onDragOver: (event: DragEvent) => {
          event.preventDefault();
          event.stopPropagation();
          if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
          if (over !== key) setOver(key);
        },
        onDragLeave: () => setOver((current) => (current === key ? null : current)),
        onDrop: (event: DragEvent) => {
          event.preventDefault();
          event.stopPropagation();
          setOver(null);
          drag.drop(target);
        },
      },
    };
  };
  return propsOf;
}

/** A thin target between places while a candidate is dragged: a place of its own there. */
function GapTarget({
  label,
  target,
}: {
  label: string;
  target: ReturnType<ReturnType<typeof useDropTargets>>;
}) {
  return (
    <div
      aria-hidden="true"
      {...target.handlers}
      className={cn(
        'rounded-md border-2 border-dashed px-3 py-1.5 text-center text-xs text-muted-foreground',
        target.isOver && 'border-primary bg-primary/10 text-foreground',
      )}
    >
      {label}
    </div>
  );
}

/**
 * The ranking as numbered places, best first (tied candidates share a place), then the
 * candidates not ranked. With `actionsOf` every candidate has its buttons; with `drag` they can
 * be dragged into a place (a tie), between places (a place of their own) or out of the ranking.
 */
export function BallotPlaces({
  ranking,
  candidates,
  actionsOf,
  drag,
  emptyRanking,
}: {
  ranking: Ranking;
  candidates: readonly Candidate[];
  actionsOf?: (id: string) => CandidateActions;
  drag?: BallotDrag;
  /** What an empty ranking says. */
  emptyRanking: ReactNode;
}) {
  const rankedTitle = useId();
  const unrankedTitle = useId();
  const targetOf = useDropTargets(drag);
  const byId = new Map(candidates.map((candidate) => [candidate.id, candidate]));
  const ranked = new Set(ranking.flat());
  const unranked = candidates.filter((candidate) => !ranked.has(candidate.id));
  const places = placesOf(ranking);
  const isDragging = Boolean(drag?.draggingId);

  const row = (id: string) => {
    const candidate = byId.get(id);
    if (!candidate) return null;
    return (
      <BallotCandidate
        key={id}
        candidate={candidate}
        actions={actionsOf?.(id)}
        isDragged={drag?.draggingId === id}
        onDragStart={
          drag
            ? (event) => {
                event.dataTransfer?.setData('text/plain', id);
                if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
                drag.start(id);
              }
            : undefined
        }
        onDragEnd={drag?.end}
      />
    );
  };

  const unrankedTarget = targetOf({ kind: 'unranked' });
  return (
    <div className="space-y-6">
      <section aria-labelledby={rankedTitle} className="space-y-3">
        <h2 id={rankedTitle} className="text-lg font-semibold">
          Your ranking
        </h2>
        {ranking.length === 0 ? (
          <div
            {...targetOf({ kind: 'gap', index: 0 }).handlers}
            className={cn(
              'rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground',
              targetOf({ kind: 'gap', index: 0 }).isOver && 'border-primary bg-primary/10',
            )}
          >
            {emptyRanking}
          </div>
        ) : (
          <ol aria-labelledby={rankedTitle} className="space-y-3">
            {ranking.map((group, g) => {
              const groupTarget = targetOf({ kind: 'group', index: g });
              const isTied = group.length > 1;
              return (
                <li key={group[0]} data-testid="ballot-place" className="space-y-2">
                  {isDragging ? (
                    <GapTarget
                      label="Drop here for a place of its own"
                      target={targetOf({ kind: 'gap', index: g })}
                    />
                  ) : null}
                  <div
                    {...groupTarget.handlers}
                    className={cn(
                      'flex gap-3 rounded-xl border bg-muted/30 p-2 sm:p-3',
                      groupTarget.isOver && 'border-primary bg-primary/10',
                    )}
                  >
                    <h3 className="w-10 shrink-0 pt-2 text-center sm:w-14">
                      <span className="sr-only">Place </span>
                      <span className="block text-2xl font-bold tabular-nums">{places[g]}</span>
                      {isTied ? (
                        <span className="block text-xs font-normal text-muted-foreground">
                          {' '}
                          (tied)
                        </span>
                      ) : null}
                    </h3>
                    <ul className="min-w-0 flex-1 space-y-2">{group.map(row)}</ul>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
        {isDragging && ranking.length > 0 ? (
          <GapTarget
            label="Drop here for the last place"
            target={targetOf({ kind: 'gap', index: ranking.length })}
          />
        ) : null}
      </section>
      <section
        aria-labelledby={unrankedTitle}
        {...unrankedTarget.handlers}
        className={cn(
          'space-y-3 rounded-xl',
          unrankedTarget.isOver && 'bg-primary/10 outline-2 outline-primary outline-dashed',
        )}
      >
        <div className="space-y-1">
          <h2 id={unrankedTitle} className="text-lg font-semibold">
            Not ranked
          </h2>
          <p className="text-sm text-muted-foreground">
            Finalists left here count as tied below every finalist you rank.
          </p>
        </div>
        {unranked.length === 0 ? (
          <p className="text-sm text-muted-foreground">Every finalist is ranked.</p>
        ) : (
          <ul aria-labelledby={unrankedTitle} className="space-y-2">
            {unranked.map((candidate) => row(candidate.id))}
          </ul>
        )}
      </section>
    </div>
  );
}
