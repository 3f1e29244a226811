import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyValue } from '@web/components/ui/empty-value';
import { ActionsTable, TableCell, TableRow, TableSkeletonRows } from '@web/components/ui/table';
import { formatDate } from '@web/lib/format-date';
import { useReturnFocus } from '@web/lib/use-return-focus';
import ShieldAlert from 'lucide-react/icons/shield-alert';
import { useMemo, useState } from 'react';
import { type AdminConflict, useConflicts } from '../api/assignment-queries';
import type { BoardOpportunity, BoardReviewer } from '../lib/board-view';
import { RecordConflictDialog } from './record-conflict-dialog';
import { type ConflictView, WithdrawConflictDialog } from './withdraw-conflict-dialog';

const COLUMNS = ['Reviewer', 'Opportunity', 'Reason', 'Declared By', 'Date'] as const;

export function conflictViewOf(conflict: AdminConflict): ConflictView {
  return {
    id: conflict.id,
    reviewerName: conflict.reviewer.name,
    opportunityLabel: `#${conflict.opportunity.number} ${conflict.opportunity.title}`,
    reason: conflict.reason,
    declaredBy: conflict.declaredBy,
    createdAt: conflict.createdAt,
  };
}

/** Every conflict of interest, newest first: record one for a reviewer, withdraw one. */
export function ConflictsCard({
  reviewers,
  opportunities,
}: {
  reviewers: readonly BoardReviewer[];
  opportunities: readonly BoardOpportunity[];
}) {
  const conflicts = useConflicts();
  const [isRecording, setIsRecording] = useState(false);
  const [withdrawing, setWithdrawing] = useState<ConflictView | null>(null);
  const returnFocus = useReturnFocus();
  const sorted = useMemo(
    () =>
      [...(conflicts.data ?? [])].sort((a, b) =>
        a.createdAt === b.createdAt ? 0 : a.createdAt < b.createdAt ? 1 : -1,
      ),
    [conflicts.data],
  );
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="space-y-1.5">
          <CardTitle>Conflicts of Interest</CardTitle>
          <CardDescription>
            A conflicted reviewer cannot score or comment on the opportunity, does not see others'
            comments there, and their work on it counts nowhere. Only an administrator can withdraw
            a conflict.
          </CardDescription>
        </div>
        <Button variant="outline" onClick={() => setIsRecording(true)}>
          <ShieldAlert aria-hidden="true" />
          Record Conflict
        </Button>
      </CardHeader>
      <CardContent className="px-2 sm:px-4">
        {conflicts.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center">
            <p className="font-semibold">Error Loading Conflicts</p>
            <Button variant="outline" onClick={() => conflicts.refetch()}>
              Try Again
            </Button>
          </div>
        ) : !conflicts.isPending && sorted.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">
            No conflicts of interest declared
          </p>
        ) : (
          <ActionsTable label="Conflicts of interest" columns={COLUMNS} phoneCards>
            {conflicts.isPending ? (
              <TableSkeletonRows
                rows={3}
                widths={[32, 40, 32, 20, 20, 16]}
                testId="conflict-skeleton"
              />
            ) : (
              sorted.map((conflict) => (
                <TableRow key={conflict.id}>
                  <TableCell className="max-sm:col-span-8">
                    <span className="block font-medium">{conflict.reviewer.name}</span>
                    <span className="block text-xs text-muted-foreground max-sm:wrap-anywhere">
                      {conflict.reviewer.email}
                    </span>
                  </TableCell>
                  <TableCell data-label="Opportunity" className="max-w-64">
                    <span className="line-clamp-2 wrap-anywhere">
                      #{conflict.opportunity.number} {conflict.opportunity.title}
                    </span>
                  </TableCell>
                  <TableCell data-label="Reason" className="max-w-64">
                    {conflict.reason ? (
                      <span className="line-clamp-3 whitespace-pre-line wrap-anywhere">
                        {conflict.reason}
                      </span>
                    ) : (
                      <EmptyValue label="No reason given" />
                    )}
                  </TableCell>
                  <TableCell data-label="Declared by" className="max-sm:col-span-6">
                    {conflict.declaredBy === 'reviewer' ? 'Reviewer' : 'Admin'}
                  </TableCell>
                  <TableCell data-label="Date" className="whitespace-nowrap max-sm:col-span-6">
                    <time dateTime={conflict.createdAt}>{formatDate(conflict.createdAt)}</time>
                  </TableCell>
                  <TableCell className="text-right max-sm:col-span-4 max-sm:col-start-9 max-sm:row-start-1 max-sm:justify-self-end">
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Withdraw conflict of ${conflict.reviewer.name} on #${conflict.opportunity.number}`}
                      onClick={(event) => {
                        returnFocus.remember(event.currentTarget);
                        setWithdrawing(conflictViewOf(conflict));
                      }}
                    >
                      Withdraw
                    </Button>
                  </TableCell>
                </TableRow>
              ))
            )}
          </ActionsTable>
        )}
      </CardContent>
      <RecordConflictDialog
        open={isRecording}
        onOpenChange={setIsRecording}
        reviewers={reviewers}
        opportunities={opportunities}
      />
      <WithdrawConflictDialog
        conflict={withdrawing}
        onClose={() => setWithdrawing(null)}
        onCloseAutoFocus={returnFocus.onCloseAutoFocus}
      />
    </Card>
  );
}
