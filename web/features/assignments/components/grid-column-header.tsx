import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { memo, useRef } from 'react';
import { type BoardOpportunity, opportunityLabel, statusNote } from '../lib/board-view';

export type ColumnAction = 'assign' | 'remove';

/** Of the listed reviewers (every page of the filter), how many an action on a column reaches. */
export type ColumnCounts = { assignable: number; removable: number };

type ColumnHeaderRowProps = {
  opportunities: readonly BoardOpportunity[];
  activeCol: number;
  columnCounts: (opportunityId: string) => ColumnCounts;
  onColumnAction: (
    opportunity: BoardOpportunity,
    action: ColumnAction,
    trigger: HTMLElement | null,
  ) => void;
};

function ColumnHeaderRowView({
  opportunities,
  activeCol,
  columnCounts,
  onColumnAction,
}: ColumnHeaderRowProps) {
  return (
    <tr aria-rowindex={1}>
      <th
        scope="col"
        className="sticky top-0 left-0 z-30 w-36 min-w-36 sm:w-56 sm:min-w-56 border-r border-b bg-card px-3 py-2 text-left align-bottom font-medium text-muted-foreground"
      >
        Reviewer
      </th>
      {opportunities.map((opportunity, index) => (
        <ColumnHeader
          key={opportunity.id}
          opportunity={opportunity}
          col={index + 1}
          isActive={activeCol === index + 1}
          columnCounts={columnCounts}
          onColumnAction={onColumnAction}
        />
      ))}
    </tr>
  );
}

function ColumnHeader({
  opportunity,
  col,
  isActive,
  columnCounts,
  onColumnAction,
}: {
  opportunity: BoardOpportunity;
  col: number;
  isActive: boolean;
  columnCounts: ColumnHeaderRowProps['columnCounts'];
  onColumnAction: ColumnHeaderRowProps['onColumnAction'];
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  const note = statusNote(opportunity);
  const coverage = `${opportunity.assigned} assigned, ${opportunity.reviewed} reviewed`;
  return (
    <th
      scope="col"
      className="sticky top-0 z-20 w-11 min-w-11 border-r border-b bg-card p-0 align-bottom font-normal"
    >
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <button
            ref={trigger}
            type="button"
            data-row={0}
            data-col={col}
            tabIndex={isActive ? 0 : -1}
            title={`${opportunityLabel(opportunity)}${note}: ${coverage}`}
            aria-label={`#${opportunity.number}${note}: ${coverage}`}
            className="block w-full scroll-ml-36 sm:scroll-ml-56 px-0.5 py-1 text-center outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-inset"
          >
            <span
              className={
                opportunity.status === 'published'
                  ? 'block text-xs font-semibold'
                  : 'block text-xs font-semibold text-muted-foreground italic'
              }
            >
              #{opportunity.number}
            </span>
            <span className="block text-xs text-muted-foreground tabular-nums">
              {opportunity.assigned}·{opportunity.reviewed}
            </span>
          </button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="max-w-xs">
          <ColumnMenuItems
            opportunity={opportunity}
            columnCounts={columnCounts}
            onAction={(action) => onColumnAction(opportunity, action, trigger.current)}
          />
        </DropdownMenuContent>
      </DropdownMenu>
    </th>
  );
}

/** Mounted only while the menu is open, so the counts are worked out for one column at a time. */
function ColumnMenuItems({
  opportunity,
  columnCounts,
  onAction,
}: {
  opportunity: BoardOpportunity;
  columnCounts: ColumnHeaderRowProps['columnCounts'];
  onAction: (action: ColumnAction) => void;
}) {
  const { assignable, removable } = columnCounts(opportunity.id);
  return (
    <>
      <DropdownMenuLabel className="line-clamp-2 wrap-anywhere">
        {opportunityLabel(opportunity)}
        {statusNote(opportunity)}
      </DropdownMenuLabel>
      <DropdownMenuSeparator />
      <DropdownMenuItem disabled={assignable === 0} onSelect={() => onAction('assign')}>
        Assign every listed reviewer ({assignable})
      </DropdownMenuItem>
      <DropdownMenuItem
        variant="destructive"
        disabled={removable === 0}
        onSelect={() => onAction('remove')}
      >
        Remove every listed reviewer ({removable})
      </DropdownMenuItem>
    </>
  );
}

export const ColumnHeaderRow = memo(ColumnHeaderRowView);
