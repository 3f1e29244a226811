import { Button } from '@web/components/ui/button';
import { OutcomeBadge } from '@web/components/ui/outcome-badge';
import { RegionCard } from '@web/components/ui/region-card';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import { useRef, useState } from 'react';
import { useReorderWaitlist } from '../api/decision-queries';
import { type DecisionRow, moveId, waitlistRows } from '../lib/decision-rows';

/**
 * The waitlist in order; Move up and Move down send the whole new order (PATCH). The new order
 * shows at once and stays while the call runs; the refetch afterwards settles it.
 */
export function WaitlistCard({
  rows,
  waitlist,
}: {
  rows: readonly DecisionRow[];
  waitlist: readonly string[];
}) {
  const reorder = useReorderWaitlist();
  const [pending, setPending] = useState<{ from: readonly string[]; to: string[] } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  // The order being sent holds until the server's list moves on from the one it was sent over.
  const order = pending && pending.from === waitlist ? pending.to : waitlist;
  const shown = waitlistRows(rows, order);

  function move(index: number, by: -1 | 1) {
    const next = moveId(order, index, by);
    setPending({ from: waitlist, to: next });
    reorder.mutate(next, { onError: () => setPending(null) });
    // Keep the focus on the moved item, at its new place, for the next press (on its other
    // button once it reached an end).
    const id = next[index + by];
    requestAnimationFrame(() => {
      const buttons = ['up', 'down'].map((way) =>
        listRef.current?.querySelector<HTMLButtonElement>(`[data-id="${id}"][data-move="${way}"]`),
      );
      const [same, other] = by === -1 ? buttons : [buttons[1], buttons[0]];
      (same && !same.disabled ? same : other)?.focus();
    });
  }

  return (
    <RegionCard
      title="Waitlist"
      description="Who moves up first when an accepted opportunity withdraws"
    >
      {shown.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nobody is waitlisted.</p>
      ) : (
        <ol ref={listRef} aria-label="Waitlist order" className="divide-y rounded-md border">
          {shown.map((row, index) => (
            <li
              key={row.opportunityId}
              data-testid="waitlist-item"
              className="flex flex-wrap items-center gap-2 px-3 py-2"
            >
              <span className="w-6 font-semibold tabular-nums">{index + 1}</span>
              {/* At least 12rem for the title: on a phone the badge and buttons wrap below it. */}
              <span className="min-w-48 flex-1">
                <span className="text-muted-foreground">#{row.number}</span> {row.title}
              </span>
              <div className="ml-auto flex items-center gap-2">
                <OutcomeBadge outcome={row.inView.outcome} state={row.inView.state} />
                <Button
                  variant="outline"
                  size="icon"
                  data-id={row.opportunityId}
                  data-move="up"
                  aria-label={`Move #${row.number} up`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button
                  variant="outline"
                  size="icon"
                  data-id={row.opportunityId}
                  data-move="down"
                  aria-label={`Move #${row.number} down`}
                  disabled={index === shown.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDown aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </RegionCard>
  );
}
