import { REVIEWER_SKELETONS } from '@shared/limits';
import type { AdminReviewer } from '@shared/reviewer-admin-schemas';
import { Badge } from '@web/components/ui/badge';
import { EmptyValue } from '@web/components/ui/empty-value';
import { ActionsTable, TableCell, TableRow, TableSkeletonRows } from '@web/components/ui/table';
import { formatDate } from '@web/lib/format-date';
import { LastEmailCell } from './last-email-cell';
import { type ReviewerAction, ReviewerRowMenu } from './reviewer-row-menu';

const columns = ['Name', 'Email', 'Display Name', 'Status', 'Last Login', 'Last Email'] as const;

export function ReviewersTableSkeleton() {
  return (
    <ActionsTable label="Reviewers" columns={columns}>
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
  onAction,
}: {
  reviewers: AdminReviewer[];
  onAction: (action: ReviewerAction, reviewer: AdminReviewer, trigger: HTMLElement | null) => void;
}) {
  return (
    <ActionsTable label="Reviewers" columns={columns}>
      {reviewers.map((reviewer) => (
        <TableRow key={reviewer.id}>
          <TableCell className="font-medium">{reviewer.name}</TableCell>
          <TableCell>{reviewer.email}</TableCell>
          <TableCell>{reviewer.displayName || <EmptyValue label="No display name" />}</TableCell>
          <TableCell>
            <Badge variant={reviewer.isActive ? 'success' : 'secondary'}>
              {reviewer.isActive ? 'Active' : 'Inactive'}
            </Badge>
          </TableCell>
          <TableCell>{reviewer.lastLogin ? formatDate(reviewer.lastLogin) : 'Never'}</TableCell>
          <TableCell>
            <LastEmailCell email={reviewer.lastEmail} />
          </TableCell>
          <TableCell className="text-right">
            <ReviewerRowMenu reviewer={reviewer} onAction={onAction} />
          </TableCell>
        </TableRow>
      ))}
    </ActionsTable>
  );
}
