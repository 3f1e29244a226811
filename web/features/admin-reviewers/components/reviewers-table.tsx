import { REVIEWER_SKELETONS } from '@shared/limits';
import type { AdminReviewer } from '@shared/reviewer-admin-schemas';
import { Badge } from '@web/components/ui/badge';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableSkeletonRows,
} from '@web/components/ui/table';
import { formatDate } from '@web/lib/format-date';
import type { ReactNode } from 'react';
import { LastEmailCell } from './last-email-cell';
import { type ReviewerAction, ReviewerRowMenu } from './reviewer-row-menu';

function ReviewersTableFrame({ children }: { children: ReactNode }) {
  return (
    <Table aria-label="Reviewers">
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>Display Name</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Last Login</TableHead>
          <TableHead>Last Email</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>{children}</TableBody>
    </Table>
  );
}

export function ReviewersTableSkeleton() {
  return (
    <ReviewersTableFrame>
      <TableSkeletonRows
        rows={REVIEWER_SKELETONS}
        widths={[32, 48, 24, 16, 20, 28, 8]}
        testId="reviewer-skeleton-row"
      />
    </ReviewersTableFrame>
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
    <ReviewersTableFrame>
      {reviewers.map((reviewer) => (
        <TableRow key={reviewer.id}>
          <TableCell className="font-medium">{reviewer.name}</TableCell>
          <TableCell>{reviewer.email}</TableCell>
          <TableCell>{reviewer.displayName || '-'}</TableCell>
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
    </ReviewersTableFrame>
  );
}
