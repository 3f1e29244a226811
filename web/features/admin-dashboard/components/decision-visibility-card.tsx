import { SHOW_DECISIONS_TO_REVIEWERS } from '@shared/decisions';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { BooleanSettingRow } from './comment-visibility-card';

/** Issue 35: whether reviewers see released outcomes (off by default), beside the comment settings. */
export function DecisionVisibilityCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Decisions</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <BooleanSettingRow
          settingKey={SHOW_DECISIONS_TO_REVIEWERS}
          id="show-decisions-to-reviewers"
          label="Show decisions to reviewers"
          help="Reviewers see released outcomes on their list and detail; never drafts or rationale."
          describe={(isOn) => ({
            title: 'Settings Updated',
            description: isOn
              ? 'Reviewers now see released outcomes'
              : 'Reviewers no longer see outcomes',
          })}
        />
      </CardContent>
    </Card>
  );
}
