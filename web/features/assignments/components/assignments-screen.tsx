import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { ErrorCard, LoadingCards } from '@web/components/ui/card-states';
import { useDeferredData } from '@web/lib/use-deferred-data';
import FileUp from 'lucide-react/icons/file-up';
import Wand2 from 'lucide-react/icons/wand-2';
import { useState } from 'react';
import { useAssignmentBoard } from '../api/assignment-queries';
import { AssignmentGridCard } from './assignment-grid-card';
import { AutoAssignDialog } from './auto-assign-dialog';
import { ConflictsCard } from './conflicts-card';
import { ImportAssignmentsDialog } from './import-assignments-dialog';
import { ReviewModeCard } from './review-mode-card';

/**
 * /admin/assignments (issue 18): the review mode, the reviewer x opportunity grid with its
 * auto-assign and CSV import, and the conflicts of interest.
 */
export function AssignmentsScreen() {
  const board = useAssignmentBoard();
  // The grid of 200 reviewers x 50 opportunities is drawn in a background render (decision 0022).
  const { data: drawn, isWaiting } = useDeferredData(board.data);
  const [isAutoAssigning, setIsAutoAssigning] = useState(false);
  const [isImporting, setIsImporting] = useState(false);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Assignments"
        subtitle="Who reviews which opportunity, and conflicts of interest"
        actions={
          board.data ? (
            <>
              <Button variant="outline" onClick={() => setIsImporting(true)}>
                <FileUp aria-hidden="true" />
                Import CSV
              </Button>
              <Button onClick={() => setIsAutoAssigning(true)}>
                <Wand2 aria-hidden="true" />
                Auto-Assign
              </Button>
            </>
          ) : null
        }
      />
      <ReviewModeCard assignmentCount={board.data?.assignments.length} />
      {board.isPending || isWaiting ? (
        <LoadingCards label="Loading assignments" bodyHeight="h-64" />
      ) : board.isError ? (
        <ErrorCard
          title="Error Loading Assignments"
          message="The assignments could not be loaded."
          onRetry={() => board.refetch()}
        />
      ) : drawn ? (
        <>
          <AssignmentGridCard board={drawn} />
          <ConflictsCard reviewers={drawn.reviewers} opportunities={drawn.opportunities} />
          <AutoAssignDialog
            open={isAutoAssigning}
            onOpenChange={setIsAutoAssigning}
            board={drawn}
          />
          <ImportAssignmentsDialog open={isImporting} onOpenChange={setIsImporting} />
        </>
      ) : null}
    </div>
  );
}
