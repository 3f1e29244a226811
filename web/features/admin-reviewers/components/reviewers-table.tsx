import { REVIEWER_SKELETONS } from '@shared/limits';
import type { AdminReviewer } from '@shared/reviewer-admin-schemas';
import { Badge } from '@web/components/ui/badge';
import {
  ActionsCell,
  DataTable,
  NoMatchesRow,
  SelectableCellContent,
} from '@web/components/ui/data-table';
import { EmptyValue } from '@web/components/ui/empty-value';
import { ActionsTable, TableCell, TableRow, TableSkeletonRows } from '@web/components/ui/table';
import { cn } from '@web/lib/cn';
import { formatDate } from '@web/lib/format-date';
import type { SortState } from '@web/lib/table-sort';
import type { RowSelection } from '@web/lib/use-row-selection';
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
  onAction: (action: ReviewerAction, reviewer: AdminReviewer, trigger: HTMLElement | null) => void;
}) {
  return (
    <DataTable
      label="Reviewers"
      columns={reviewerColumns}
      sort={sort}
      onSortChange={onSortChange}
      selection={selection}
      selectAllLabel="Select all shown reviewers"
    >
      {reviewers.length === 0 ? (
        <NoMatchesRow columns={reviewerColumns.length}>
          No reviewers match the search and filter
        </NoMatchesRow>
      ) : null}
      {reviewers.map((reviewer) => (
        <TableRow
          key={reviewer.id}
          data-state={selection.isSelected(reviewer.id) ? 'selected' : undefined}
        >
          <TableCell className={cn('font-medium', classOf.name)}>
            <SelectableCellContent
              label={`Select ${reviewer.name}`}
              selection={selection}
              id={reviewer.id}
            >
              <span className="block max-w-36 truncate" title={reviewer.name}>
                {reviewer.name}
              </span>
            </SelectableCellContent>
          </TableCell>
          <TableCell className={classOf.email}>
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
          <TableCell className={classOf.status}>
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
        </TableRow>
      ))}
    </DataTable>
  );
}
