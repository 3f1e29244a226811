import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { NativeSelect } from '@web/components/ui/native-select';
import { RegionCard } from '@web/components/ui/region-card';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import X from 'lucide-react/icons/x';
import { type ReactNode, type Ref, Suspense, useEffect, useId, useRef, useState } from 'react';
import { type AgendaEntry, entryName, movedTo } from '../lib/agenda';
import { ReasonBadges } from './admin-figures';

type Control = 'up' | 'down' | 'remove' | 'row';
/** Where the focus goes once the list shows a change: a control of a row, or the add field. */
type FocusTarget = { id: string; control: Control } | 'add';

const MOVES = [
  { way: 'up', by: -1, Icon: ArrowUp },
  { way: 'down', by: 1, Icon: ArrowDown },
] as const;

/**
 * The agenda in order, each item with Move up, Move down and Remove, and a field to add a
 * published opportunity. Every change sends the whole new order (onChange). The focus stays on
 * the item moved, on its other button once it reaches an end, and a polite announcement says
 * where it went. During the meeting the current item is marked (aria-current) and any other can
 * be made current (Go to).
 */
export function AgendaCard({
  entries,
  published,
  currentId,
  description,
  actions,
  onChange,
  onGoTo,
  announce,
}: {
  entries: AgendaEntry[];
  /** Published opportunities that may be added; null while Results loads or cannot be read. */
  published: AgendaEntry[] | null;
  /** The item discussed now; null before the meeting. */
  currentId: string | null;
  description: ReactNode;
  actions?: ReactNode;
  onChange: (ids: string[]) => void;
  onGoTo: (index: number) => void;
  announce: (message: string) => void;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLSelectElement>(null);
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const ids = entries.map((entry) => entry.opportunityId);
  const candidates = published?.filter((entry) => !ids.includes(entry.opportunityId)) ?? null;

  useEffect(() => {
    if (!focusTarget) return;
    setFocusTarget(null);
    if (focusTarget === 'add') {
      addRef.current?.focus();
      return;
    }
    const { id, control } = focusTarget;
    listRef.current
      ?.querySelector<HTMLElement>(`[data-id="${id}"][data-control="${control}"]`)
      ?.focus();
  }, [focusTarget]);

  function move(index: number, by: -1 | 1) {
    const entry = entries[index]!;
    const to = index + by;
    onChange(movedTo(ids, index, to));
    announce(`${entryName(entry)} moved to position ${to + 1} of ${ids.length}`);
    // The same button again, unless the item reached that end of the list: then its other one.
    const isAtEnd = by === -1 ? to === 0 : to === ids.length - 1;
    const control = by === -1 ? (isAtEnd ? 'down' : 'up') : isAtEnd ? 'up' : 'down';
    setFocusTarget({ id: entry.opportunityId, control });
  }

  function remove(index: number) {
    const entry = entries[index]!;
    const rest = ids.filter((_, i) => i !== index);
    onChange(rest);
    announce(`${entryName(entry)} removed from the agenda`);
    const neighbour = rest[index] ?? rest[index - 1];
    setFocusTarget(neighbour ? { id: neighbour, control: 'remove' } : 'add');
  }

  function goTo(index: number) {
    onGoTo(index);
    setFocusTarget({ id: ids[index]!, control: 'row' });
  }

  function add(entry: AgendaEntry) {
    onChange([...ids, entry.opportunityId]);
    announce(`${entryName(entry)} added to the agenda as item ${ids.length + 1}`);
    // The field again for the next one, unless that was the last one it offered.
    const hasMore = (candidates?.length ?? 0) > 1;
    setFocusTarget(hasMore ? 'add' : { id: entry.opportunityId, control: 'remove' });
  }

  return (
    <RegionCard title="Agenda" description={description} actions={actions}>
      {entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Nothing is on the agenda. Add opportunities below.
        </p>
      ) : (
        <ol ref={listRef} aria-label="Agenda order" className="divide-y rounded-md border">
          {entries.map((entry, index) => (
            <AgendaRow
              key={entry.opportunityId}
              entry={entry}
              index={index}
              count={entries.length}
              isCurrent={entry.opportunityId === currentId}
              isMeeting={currentId !== null}
              onMove={(by) => move(index, by)}
              onRemove={() => remove(index)}
              onGoTo={() => goTo(index)}
            />
          ))}
        </ol>
      )}
      <AddToAgenda ref={addRef} candidates={candidates} onAdd={add} />
    </RegionCard>
  );
}

function AgendaRow({
  entry,
  index,
  count,
  isCurrent,
  isMeeting,
  onMove,
  onRemove,
  onGoTo,
}: {
  entry: AgendaEntry;
  index: number;
  count: number;
  isCurrent: boolean;
  isMeeting: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  onGoTo: () => void;
}) {
  const name = entryName(entry);
  const id = entry.opportunityId;
  return (
    <li
      data-testid="agenda-item"
      data-id={id}
      data-control="row"
      tabIndex={-1}
      aria-current={isCurrent ? 'step' : undefined}
      className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 aria-[current=step]:bg-accent"
    >
      <span className="w-6 font-semibold tabular-nums">{index + 1}</span>
      {/* At least 12rem for the title: on a phone the buttons wrap below it. */}
      <div className="min-w-48 flex-1 space-y-1">
        <p className="font-medium">
          <span className="text-muted-foreground">#{entry.number}</span> {entry.title}
          {isCurrent ? <Badge className="ml-2">Now</Badge> : null}
        </p>
        <Suspense fallback={null}>
          <ReasonBadges reasons={entry.reasons} label={`Reasons to discuss #${entry.number}`} />
        </Suspense>
        {entry.thread ? (
          <p className="text-xs text-muted-foreground">
            {entry.thread.postCount === 1 ? '1 post' : `${entry.thread.postCount} posts`}
            {entry.thread.state === 'resolved' ? ' · resolved' : null}
          </p>
        ) : null}
      </div>
      <div className="ml-auto flex items-center gap-2">
        {isMeeting && !isCurrent ? (
          <Button variant="outline" size="sm" aria-label={`Go to ${name}`} onClick={onGoTo}>
            Go to
          </Button>
        ) : null}
        {MOVES.map(({ way, by, Icon }) => (
          <Button
            key={way}
            variant="outline"
            size="icon"
            data-id={id}
            data-control={way}
            aria-label={`Move ${name} ${way}`}
            disabled={by === -1 ? index === 0 : index === count - 1}
            onClick={() => onMove(by)}
          >
            <Icon aria-hidden="true" />
          </Button>
        ))}
        <Button
          variant="outline"
          size="icon"
          data-id={id}
          data-control="remove"
          aria-label={`Remove ${name} from the agenda`}
          onClick={onRemove}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

function AddToAgenda({
  ref,
  candidates,
  onAdd,
}: {
  ref: Ref<HTMLSelectElement>;
  candidates: AgendaEntry[] | null;
  onAdd: (entry: AgendaEntry) => void;
}) {
  const fieldId = useId();
  const [chosenId, setChosenId] = useState('');
  const chosen = candidates?.find((entry) => entry.opportunityId === chosenId);
  const placeholder =
    candidates === null
      ? 'Loading opportunities...'
      : candidates.length === 0
        ? 'Every published opportunity is on the agenda'
        : 'Choose an opportunity';
  return (
    // Side by side only where the card is wide enough: it takes a column during the meeting.
    <form
      className="@container"
      onSubmit={(event) => {
        event.preventDefault();
        if (!chosen) return;
        onAdd(chosen);
        setChosenId('');
      }}
    >
      <div className="flex flex-col gap-2 @lg:flex-row @lg:items-end">
        <div className="flex-1 space-y-1.5">
          <label htmlFor={fieldId} className="text-sm font-medium">
            Add an opportunity
          </label>
          <NativeSelect
            ref={ref}
            id={fieldId}
            value={chosenId}
            disabled={!candidates || candidates.length === 0}
            onChange={(event) => setChosenId(event.target.value)}
          >
            <option value="">{placeholder}</option>
            {candidates?.map((entry) => (
              <option key={entry.opportunityId} value={entry.opportunityId}>
                {entryName(entry)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" variant="outline" disabled={!chosen}>
          Add to agenda
        </Button>
      </div>
    </form>
  );
}
