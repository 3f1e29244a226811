import { CRITERIA, type CriterionKey } from '@shared/criteria';
import { SCORE_MAX, SCORE_MIN } from '@shared/limits';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { RadioButtonGroup } from '@web/components/ui/radio-button-group';
import { useEffect, useRef } from 'react';
import type { PartialScores } from '../lib/review-values';

const SCORE_OPTIONS = Array.from({ length: SCORE_MAX - SCORE_MIN + 1 }, (_, i) => {
  const score = String(SCORE_MIN + i);
  return { value: score, label: score };
});

/** The keyboard's way into a criterion: its group's one tab stop. */
function focusCriterion(content: HTMLElement | null, index: number): void {
  const group = content?.querySelectorAll('[role="radiogroup"]')[index];
  group?.querySelector<HTMLElement>('[role="radio"][tabindex="0"]')?.focus();
}

/**
 * 'Score This Opportunity': five criteria, 1-5 each, and the composite once all are set. Typing
 * 1-5 on a criterion scores it and moves to the next one; on the last, focus stays, so that a
 * further digit cannot land in a comment. `autoFocus` puts focus on the first criterion (after
 * the keyboard's Previous/Next, which took focus away with the page it left).
 */
export function ScoreCard({
  scores,
  composite,
  onScoreChange,
  autoFocus = false,
}: {
  scores: PartialScores;
  composite: number | null;
  onScoreChange: (key: CriterionKey, score: number) => void;
  autoFocus?: boolean;
}) {
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (autoFocus) focusCriterion(content.current, 0);
  }, [autoFocus]);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Score This Opportunity</CardTitle>
        <CardDescription>Rate each criterion from 1 (low) to 5 (high)</CardDescription>
      </CardHeader>
      <CardContent ref={content} className="space-y-6">
        {CRITERIA.map((criterion, index) => {
          const labelId = `criterion-${criterion.key}`;
          const hintId = `${labelId}-hint`;
          const value = scores[criterion.key];
          return (
            <div key={criterion.key} className="space-y-2" data-criterion={criterion.key}>
              <div className="flex items-baseline justify-between gap-2">
                <div>
                  <p id={labelId} className="text-sm font-medium">
                    {criterion.label}
                  </p>
                  {criterion.hint ? (
                    <p id={hintId} className="text-xs text-muted-foreground">
                      {criterion.hint}
                    </p>
                  ) : null}
                </div>
                <span className="shrink-0 text-xs text-muted-foreground">
                  Weight: {Math.round(criterion.weight * 100)}%
                </span>
              </div>
              <RadioButtonGroup
                aria-labelledby={labelId}
                aria-describedby={criterion.hint ? hintId : undefined}
                options={SCORE_OPTIONS}
                value={value == null ? null : String(value)}
                onValueChange={(next) => onScoreChange(criterion.key, Number(next))}
                onTypedChoice={() => focusCriterion(content.current, index + 1)}
              />
            </div>
          );
        })}
        {composite !== null ? (
          <div
            className="flex items-center justify-between rounded-lg bg-muted p-4"
            data-testid="composite-score"
          >
            <span className="font-medium">Composite Score</span>
            <span className="text-right">
              <span className="block text-2xl font-bold tabular-nums">{composite.toFixed(2)}</span>
              <span className="text-xs text-muted-foreground">Out of 5.00</span>
            </span>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
