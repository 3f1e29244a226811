import { REVIEWER_SKELETONS } from '@shared/limits';
import type { AdminReviewer } from '@shared/reviewer-admin-schemas';
import { Badge } from '@web/components/ui/badge';
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
import { type ReviewerColumn, reviewerColumns } from '../lib/reviewer-table-view';
import { LastEmailCell } from './last-email-cell';
import { type ReviewerAction, ReviewerRowMenu } from './reviewer-row-menu';

const classOf = Object.fromEntries(
  reviewerColumns.map((column) => [column.key, column.className]),
) as Record<ReviewerColumn, string | undefined>;

export function ReviewersTableSkeleton() {
  return (
    <ActionsTable label="Reviewers" columns={reviewerColumns.map((c) => c.label)}>
      <TableSkeletonRows
        rows={REVIEWER_SKELETONS}
        widths={[32, 48, 24, 16, 20, 28, 8]}
        testId="reviewer-skeleton-row"
      />
    </ActionsTable>
  );
}

type ReviewerRowProps = {
  reviewer: AdminReviewer;
  checks: RowChecks;
  onAction: (action: ReviewerAction, reviewer: AdminReviewer, trigger: HTMLElement | null) => void;
  ariaRowIndex: number | undefined;
};

/** One reviewer's row; memoised, so a sort or a search re-renders only what changed, and a check only its SelectableRow and checkbox. */
const ReviewerRow = memo(function ReviewerRow({
  reviewer,
  checks,
  onAction,
  ariaRowIndex,
}: ReviewerRowProps) {
  return (
    <SelectableRow checks={checks} id={reviewer.id} ariaRowIndex={ariaRowIndex}>
      <TableCell className={cn('font-medium max-sm:col-span-10 max-sm:self-center', classOf.name)}>
        <SelectableCellContent label={`Select ${reviewer.name}`} checks={checks} id={reviewer.id}>
          <span className="block max-w-36 truncate max-sm:max-w-none" title={reviewer.name}>
            {reviewer.name}
          </span>
        </SelectableCellContent>
      </TableCell>
      <TableCell data-label="Email" className={cn('max-sm:col-span-8', classOf.email)}>
        <span className="block truncate" title={reviewer.email}>
          {reviewer.email}
        </span>
      </TableCell>
      <TableCell className={classOf.displayName}>
        {reviewer.displayName ? (
          <span className="block max-w-36 truncate" title={reviewer.displayName}>
            {reviewer.displayName}
          </span>
        ) : (
          <EmptyValue label="No display name" />
        )}
      </TableCell>
      <TableCell data-label="Status" className={cn('max-sm:col-span-4', classOf.status)}>
        <Badge variant={reviewer.isActive ? 'success' : 'secondary'}>
          {reviewer.isActive ? 'Active' : 'Inactive'}
        </Badge>
      </TableCell>
      <TableCell className={cn('whitespace-nowrap', classOf.lastLogin)}>
        {reviewer.lastLogin ? formatDate(reviewer.lastLogin) : 'Never'}
      </TableCell>
      <TableCell className={classOf.lastEmail}>
        <LastEmailCell email={reviewer.lastEmail} />
      </TableCell>
      <ActionsCell>
        <ReviewerRowMenu reviewer={reviewer} onAction={onAction} />
      </ActionsCell>
    </SelectableRow>
  );
});

const reviewerKey = (reviewer: AdminReviewer) => reviewer.id;

/** `onAction` should keep its identity across renders (useCallback): every row is given it. */
export function ReviewersTable({
  reviewers,
  sort,
  onSortChange,
  selection,
  onAction,
}: {
  reviewers: AdminReviewer[];
  sort: SortState<ReviewerColumn>;
  onSortChange: (sort: SortState<ReviewerColumn>) => void;
  selection: RowSelection;
  onAction: ReviewerRowProps['onAction'];
}) {
  return (
    <DataTable
      label="Reviewers"
      columns={reviewerColumns}
      sort={sort}
      onSortChange={onSortChange}
      selection={selection}
      selectAllLabel="Select all shown reviewers"
      rows={reviewers}
      rowKey={reviewerKey}
      noMatches="No reviewers match the search and filter"
      phoneCards
      renderRow={(reviewer, ariaRowIndex) => (
        <ReviewerRow
          reviewer={reviewer}
          checks={selection.checks}
          onAction={onAction}
          ariaRowIndex={ariaRowIndex}
        />
      )}
    />
  );
}
