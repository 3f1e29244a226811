import type { ReviewerBallot } from '@shared/ballot-schemas';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { responsiveImage } from '@web/lib/responsive-image';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import GripVertical from 'lucide-react/icons/grip-vertical';
import ImageIcon from 'lucide-react/icons/image';
import Link2 from 'lucide-react/icons/link-2';
import Plus from 'lucide-react/icons/plus';
import Unlink from 'lucide-react/icons/unlink';
import X from 'lucide-react/icons/x';
import type { DragEvent, ReactNode } from 'react';
import { candidateName } from '../lib/ordinal';

export type Candidate = ReviewerBallot['candidates'][number];

/** The controls of one candidate, by the name `data-control` gives each in the page. */
export type Control = 'up' | 'down' | 'tie' | 'untie' | 'rank' | 'remove';

/** What a candidate's buttons may do now (a missing entry: the button is not shown). */
export type CandidateActions = Partial<Record<Control, { enabled: boolean; run: () => void }>>;

function Thumbnail({ imageUrl }: { imageUrl: string | null }) {
  return (
    <div className="relative size-12 shrink-0 overflow-hidden rounded-md bg-muted">
      {imageUrl ? (
        <img
          {...responsiveImage(imageUrl, '48px')}
          alt=""
          loading="lazy"
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        <div className="flex size-full items-center justify-center text-muted-foreground">
          <ImageIcon className="size-5" aria-hidden="true" />
        </div>
      )}
    </div>
  );
}

/** The caller's own composite ('3.4000') as the review form shows it. */
const compositeText = (composite: string) => Number(composite).toFixed(2);

/**
 * One candidate of the ballot: its image, number and title, the reviewer's own composite, and
 * (while voting is open) its buttons, each named with the candidate. It can be dragged too.
 */
export function BallotCandidate({
  candidate,
  actions,
  onDragStart,
  onDragEnd,
  isDragged = false,
}: {
  candidate: Candidate;
  /** None: read-only (the ballot is closed). */
  actions?: CandidateActions;
  onDragStart?: (event: DragEvent<HTMLLIElement>) => void;
  onDragEnd?: () => void;
  isDragged?: boolean;
}) {
  const name = candidateName(candidate);
  const isEditable = actions !== undefined;
  const button = (control: Control, label: string, text: ReactNode, icon: ReactNode) => {
    const action = actions?.[control];
    if (!action) return null;
    return (
      <Button
        variant="outline"
        size="sm"
        data-id={candidate.id}
        data-control={control}
        aria-label={label}
        title={label}
        disabled={!action.enabled}
        onClick={action.run}
      >
        {icon}
        {text}
      </Button>
    );
  };
  return (
    <li
      data-row-id={candidate.id}
      data-testid="ballot-candidate"
      draggable={isEditable}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      className={cn(
        'flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border bg-card p-2',
        isEditable && 'cursor-grab active:cursor-grabbing',
        isDragged && 'opacity-50',
      )}
    >
      {isEditable ? (
        <GripVertical className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      ) : null}
      <Thumbnail imageUrl={candidate.imageUrl} />
      {/* At least 10rem for the title: on a phone the buttons wrap below it. */}
      <div className="min-w-40 flex-1">
        <p className="font-medium leading-snug">
          <span className="text-muted-foreground">#{candidate.number}</span> {candidate.title}
        </p>
        {candidate.composite !== null ? (
          <p className="text-xs text-muted-foreground">
            Your score: {compositeText(candidate.composite)}
          </p>
        ) : null}
      </div>
      {isEditable ? (
        <div className="ml-auto flex flex-wrap items-center gap-1.5">
          {button('up', `Move ${name} up`, 'Up', <ArrowUp aria-hidden="true" />)}
          {button('down', `Move ${name} down`, 'Down', <ArrowDown aria-hidden="true" />)}
          {button('tie', `Tie ${name} with the one above`, 'Tie', <Link2 aria-hidden="true" />)}
          {button('untie', `Untie ${name}`, 'Untie', <Unlink aria-hidden="true" />)}
          {button('rank', `Rank ${name}`, 'Rank', <Plus aria-hidden="true" />)}
          {button('remove', `Remove ${name} from the ranking`, 'Remove', <X aria-hidden="true" />)}
        </div>
      ) : null}
    </li>
  );
}
