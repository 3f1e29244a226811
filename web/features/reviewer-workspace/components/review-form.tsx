import { Button } from '@web/components/ui/button';
import { History } from 'lucide-react';
import type { ReviewWorkspace } from '../hooks/use-review-workspace';
import { CommentsCard } from './comments-card';
import { SaveStatus } from './save-status';
import { ScoreCard } from './score-card';

/** The scoring and comment cards with the submit button and the save state. */
export function ReviewForm({ workspace }: { workspace: ReviewWorkspace }) {
  const submitLabel = workspace.isSaving
    ? 'Saving...'
    : workspace.hasReview
      ? 'Update Review'
      : 'Submit Review';
  return (
    <div className="space-y-6">
      {workspace.isRestored ? (
        <p className="flex items-center gap-2 rounded-lg border border-dashed px-4 py-3 text-sm">
          <History className="size-4 shrink-0" aria-hidden="true" />
          Restored your unsaved changes from your last visit.
        </p>
      ) : null}
      <ScoreCard
        scores={workspace.values.scores}
        composite={workspace.composite}
        onScoreChange={workspace.setScore}
      />
      <CommentsCard comments={workspace.values.comments} onCommentChange={workspace.setComment} />
      <div className="space-y-2">
        <Button
          size="lg"
          className="w-full"
          disabled={!workspace.isComplete || workspace.isSaving}
          onClick={() => void workspace.saveNow()}
        >
          {submitLabel}
        </Button>
        <p className="text-center text-xs text-muted-foreground">
          Auto-saves after completing all scores
        </p>
        <SaveStatus
          status={workspace.saveStatus}
          error={workspace.saveError}
          isDirty={workspace.isDirty}
          isComplete={workspace.isComplete}
          hasReview={workspace.hasReview}
          onRetry={() => void workspace.saveNow()}
        />
      </div>
    </div>
  );
}
