import { DECISION_OUTCOMES, OUTCOME_LABELS, RATIONALE_MAX } from '@shared/decisions';
import { FormField } from '@web/components/ui/form-field';
import { NativeSelect } from '@web/components/ui/native-select';
import { Textarea } from '@web/components/ui/textarea';

/**
 * A draft decision's two fields, the outcome and an optional rationale with its count: the
 * decision panel's form and Results' bulk Decide dialog (issue 35) take the same.
 */
export function DecisionFields({
  idPrefix,
  outcome,
  onOutcomeChange,
  outcomeError,
  rationale,
  onRationaleChange,
}: {
  idPrefix: string;
  outcome: string;
  onOutcomeChange: (outcome: string) => void;
  outcomeError: string | undefined;
  rationale: string;
  onRationaleChange: (rationale: string) => void;
}) {
  return (
    <>
      <FormField id={`${idPrefix}-outcome`} label="Outcome" error={outcomeError}>
        {(control) => (
          <NativeSelect
            {...control}
            value={outcome}
            onChange={(event) => onOutcomeChange(event.target.value)}
          >
            <option value="">Choose an outcome</option>
            {DECISION_OUTCOMES.map((value) => (
              <option key={value} value={value}>
                {OUTCOME_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField
        id={`${idPrefix}-rationale`}
        label="Rationale (optional)"
        hint={`${rationale.length}/${RATIONALE_MAX} characters`}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            maxLength={RATIONALE_MAX}
            value={rationale}
            onChange={(event) => onRationaleChange(event.target.value)}
          />
        )}
      </FormField>
    </>
  );
}
