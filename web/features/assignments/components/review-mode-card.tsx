import type { ReviewAssignmentMode } from '@shared/review-cycle-schemas';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/cn';
import { useState } from 'react';
import { useReviewMode, useSetReviewMode } from '../api/assignment-queries';

const MODES: ReadonlyArray<{ value: ReviewAssignmentMode; label: string; description: string }> = [
  {
    value: 'open',
    label: 'Open',
    description:
      'Every active reviewer sees, scores and comments on every published opportunity. Assignments below are kept but change nothing.',
  },
  {
    value: 'assigned',
    label: 'Assigned',
    description:
      'Reviewers see, score and comment on only the published opportunities assigned to them. The completion rate, the heatmap, reminders and new-opportunity emails follow the assignments, and reviews of unassigned pairs no longer count.',
  },
];

/** The review_assignment setting: who may review what, said in full for each choice. */
export function ReviewModeCard({ assignmentCount }: { assignmentCount: number | undefined }) {
  const mode = useReviewMode();
  const setMode = useSetReviewMode();
  // The choice shows at once, in the click's own render: the mutation's pending state reaches
  // React a task later, and a controlled radio would meanwhile snap back to the saved mode. It
  // stays while the server answers and reverts if the server refuses.
  const [chosen, setChosen] = useState<ReviewAssignmentMode | null>(null);
  const current = chosen ?? (setMode.isPending ? setMode.variables : mode.data?.value);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Review Mode</CardTitle>
        <CardDescription>Which opportunities each reviewer can review</CardDescription>
      </CardHeader>
      <CardContent>
        {mode.isPending ? (
          <Skeleton className="h-24 w-full" data-testid="review-mode-loading" />
        ) : mode.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
            The review mode could not be loaded.
            <Button variant="outline" size="sm" onClick={() => mode.refetch()}>
              Try Again
            </Button>
          </div>
        ) : (
          <fieldset disabled={setMode.isPending} className="grid gap-3 md:grid-cols-2">
            <legend className="sr-only">Review mode</legend>
            {MODES.map((option) => {
              const id = `review-mode-${option.value}`;
              const isChecked = current === option.value;
              return (
                <label
                  key={option.value}
                  htmlFor={id}
                  className={cn(
                    'flex cursor-pointer gap-3 rounded-lg border p-4 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
                    isChecked && 'border-primary bg-primary/5',
                  )}
                >
                  <input
                    id={id}
                    type="radio"
                    name="review-mode"
                    value={option.value}
                    checked={isChecked}
                    aria-describedby={`${id}-description`}
                    onChange={() => {
                      setChosen(option.value);
                      setMode.mutate(option.value, { onSettled: () => setChosen(null) });
                    }}
                    className="mt-1 size-4 shrink-0 accent-primary"
                  />
                  <span className="space-y-1">
                    <span className="block font-medium">{option.label}</span>
                    <span id={`${id}-description`} className="block text-sm text-muted-foreground">
                      {option.description}
                    </span>
                  </span>
                </label>
              );
            })}
          </fieldset>
        )}
        {current === 'assigned' && assignmentCount === 0 ? (
          <p role="status" className="mt-3 text-sm font-medium text-destructive dark:text-red-400">
            No opportunity is assigned yet: reviewers currently see nothing to review.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
