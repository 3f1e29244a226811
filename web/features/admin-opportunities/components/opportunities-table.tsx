import type { AdminOpportunity, OpportunityStatus } from '@shared/opportunity-schemas';
import { Badge, type BadgeVariant } from '@web/components/ui/badge';
import {
  ActionsCell,
  DataTable,
  SelectableCellContent,
  SelectableRow,
} from '@web/components/ui/data-table';
import { EmptyValue } from '@web/components/ui/empty-value';
import { ActionsTable, TableCell, TableSkeletonRows } from '@web/components/ui/table';
import { cn } from '@web/lib/cn';
import { formatDate } from '@web/lib/format-date';
import type { SortState } from '@web/lib/table-sort';
import type { RowChecks, RowSelection } from '@web/lib/use-row-selection';
import { memo } from 'react';
import { STATUS_LABELS } from '../lib/opportunity-form-values';
import { type OpportunityColumn, opportunityColumns } from '../lib/opportunity-table-view';
import { OpportunityRowMenu } from './opportunity-row-menu';

const statusVariants: Record<OpportunityStatus, BadgeVariant> = {
  draft: 'secondary',
  published: 'success',
  archived: 'outline',
};

const classOf = Object.fromEntries(
  opportunityColumns.map((column) => [column.key, column.className]),
) as Record<OpportunityColumn, string | undefined>;

export function OpportunitiesTableSkeleton() {
  return (
    <ActionsTable label="Opportunities" columns={opportunityColumns.map((c) => c.label)}>
      <TableSkeletonRows
        rows={5}
        widths={[10, 60, 16, 16, 24, 20, 8]}
        testId="opportunity-skeleton-row"
      />
    </ActionsTable>
  );
}

/** One line, cut with an ellipsis; the whole text in the tooltip. */
function Truncated({ text, className }: { text: string; className?: string }) {
  return (
    <span className={cn('block truncate', className)} title={text}>
      {text}
    </span>
  );
}

type RowHandlers = {
  onEdit: (opportunity: AdminOpportunity, trigger: HTMLElement | null) => void;
  onChangeStatus: (opportunity: AdminOpportunity, status: OpportunityStatus) => void;
  onDelete: (opportunity: AdminOpportunity, trigger: HTMLElement | null) => void;
};

type OpportunityRowProps = RowHandlers & {
  opportunity: AdminOpportunity;
  checks: RowChecks;
  ariaRowIndex: number | undefined;
};

/** One opportunity's row; memoised, so a sort re-renders only what changed, and a check only its SelectableRow and checkbox. */
const OpportunityRow = memo(function OpportunityRow({
  opportunity,
  checks,
  ariaRowIndex,
  onEdit,
  onChangeStatus,
  onDelete,
}: OpportunityRowProps) {
  return (
    <SelectableRow checks={checks} id={opportunity.id} ariaRowIndex={ariaRowIndex}>
      <TableCell className={cn('font-medium tabular-nums max-sm:col-span-3', classOf.number)}>
        <SelectableCellContent
          label={`Select #${opportunity.number}`}
          checks={checks}
          id={opportunity.id}
        >
          #{opportunity.number}
        </SelectableCellContent>
      </TableCell>
      <TableCell className={cn('max-sm:col-span-7', classOf.title)}>
        <Truncated
          text={opportunity.title}
          className="max-sm:line-clamp-2 max-sm:whitespace-normal"
        />
      </TableCell>
      <TableCell
        data-label="Status"
        className={cn('max-sm:col-span-9 max-sm:col-start-4', classOf.status)}
      >
        <Badge variant={statusVariants[opportunity.status]}>
          {STATUS_LABELS[opportunity.status]}
        </Badge>
      </TableCell>
      <TableCell className={classOf.batch}>
        {opportunity.batch === null ? (
          <EmptyValue label="No batch" />
        ) : (
          <Truncated text={opportunity.batch} className="max-w-32" />
        )}
      </TableCell>
      <TableCell className={classOf.tags}>
        <Truncated text={opportunity.tags.join(', ')} className="max-w-40" />
      </TableCell>
      <TableCell className={cn('whitespace-nowrap', classOf.createdAt)}>
        {formatDate(opportunity.createdAt)}
      </TableCell>
      <ActionsCell>
        <OpportunityRowMenu
          opportunity={opportunity}
          onEdit={onEdit}
          onChangeStatus={onChangeStatus}
          onDelete={onDelete}
        />
      </ActionsCell>
    </SelectableRow>
  );
});

const opportunityKey = (opportunity: AdminOpportunity) => opportunity.id;

/** The handlers should keep their identity across renders (useCallback): every row is given them. */
export function OpportunitiesTable({
  opportunities,
  sort,
  onSortChange,
  selection,
  onEdit,
  onChangeStatus,
  onDelete,
}: RowHandlers & {
  opportunities: AdminOpportunity[];
  sort: SortState<OpportunityColumn>;
  onSortChange: (sort: SortState<OpportunityColumn>) => void;
  selection: RowSelection;
}) {
  return (
    <DataTable
      label="Opportunities"
      columns={opportunityColumns}
      sort={sort}
      onSortChange={onSortChange}
      selection={selection}
      selectAllLabel="Select all shown opportunities"
      rows={opportunities}
      rowKey={opportunityKey}
      noMatches="No opportunities match the search and filters"
      phoneCards
      renderRow={(opportunity, ariaRowIndex) => (
        <OpportunityRow
          opportunity={opportunity}
          checks={selection.checks}
          ariaRowIndex={ariaRowIndex}
          onEdit={onEdit}
          onChangeStatus={onChangeStatus}
          onDelete={onDelete}
        />
      )}
    />
  );
}
