import { Button } from '@web/components/ui/button';
import History from 'lucide-react/icons/history';
import type { ReviewWorkspace } from '../hooks/use-review-workspace';
import { CommentsCard } from './comments-card';
import { SaveStatus } from './save-status';
import { ScoreCard } from './score-card';

/**
 * The save state, the scoring and comment cards and the submit button. The save state sits with
 * the score card and sticks under the header while the form scrolls, where the reviewer looks.
 */
export function ReviewForm({
  workspace,
  autoFocusScores = false,
}: {
  workspace: ReviewWorkspace;
  autoFocusScores?: boolean;
}) {
  const submitLabel = workspace.isSaving
    ? 'Saving...'
    : workspace.hasReview
      ? 'Update Review'
      : 'Submit Review';
  return (
    // Focus moved by keys 1-5 or Tab scrolls clear of the sticky header and save state.
    <div className="space-y-6 [&_[role=radio]]:scroll-mt-32 [&_textarea]:scroll-mt-32">
      {/* A declared conflict closes scoring and commenting: what was entered stays readable. */}
      <fieldset
        disabled={workspace.isReadOnly}
        aria-label={workspace.isReadOnly ? 'Your review (closed)' : undefined}
        // Disabled scores look it (they are excluded from contrast checks, as disabled controls).
        className="min-w-0 space-y-6 [&_[role=radio]:disabled]:cursor-not-allowed [&_[role=radio]:disabled]:opacity-60 [&_textarea:disabled]:cursor-not-allowed [&_textarea:disabled]:bg-muted/50"
      >
        {workspace.isRestored ? (
          <p className="flex items-center gap-2 rounded-lg border border-dashed px-4 py-3 text-sm">
            <History className="size-4 shrink-0" aria-hidden="true" />
            Restored your unsaved changes from your last visit.
          </p>
        ) : null}
        <SaveStatus
          status={workspace.saveStatus}
          error={workspace.saveError}
          isDirty={workspace.isDirty}
          isComplete={workspace.isComplete}
          hasReview={workspace.hasReview}
          onRetry={() => void workspace.saveNow()}
          // Below the 4rem header; z under the header's 30 and over the cards.
          className="sticky top-[4.5rem] z-20 rounded-lg border bg-background/95 px-3 py-1.5 shadow-sm backdrop-blur supports-[backdrop-filter]:bg-background/80"
        />
        <ScoreCard
          scores={workspace.values.scores}
          composite={workspace.composite}
          onScoreChange={workspace.setScore}
          autoFocus={autoFocusScores}
        />
        <CommentsCard comments={workspace.values.comments} onCommentChange={workspace.setComment} />
      </fieldset>
      {workspace.isReadOnly ? null : (
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
        </div>
      )}
    </div>
  );
}
