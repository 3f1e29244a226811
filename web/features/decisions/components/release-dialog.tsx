import type { ReleaseResult } from '@shared/decision-schemas';
import { OUTCOME_LABELS } from '@shared/decisions';
import { Checkbox } from '@web/components/ui/checkbox';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { FieldError } from '@web/components/ui/form-field';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { errorMessageOf } from '@web/lib/api-client';
import { countOf } from '@web/lib/count-of';
import { useEffect, useId, useState } from 'react';
import { useReleaseDecisions } from '../api/decision-queries';
import { listWords, proposalText } from '../lib/decision-rows';

function ReleaseSummary({ plan, sendLetters }: { plan: ReleaseResult; sendLetters: boolean }) {
  const addresses = plan.letters.map((letter) => letter.to);
  const letters = countOf(plan.letters.length, 'letter');
  return (
    <div className="space-y-3 text-sm" data-testid="release-summary">
      <ul className="max-h-48 space-y-1 overflow-y-auto rounded-md border p-2">
        {plan.released.map((item) => (
          <li key={item.opportunityId}>
            #{item.number} {item.title}: <strong>{OUTCOME_LABELS[item.outcome]}</strong>
          </li>
        ))}
      </ul>
      {plan.letters.length === 0 ? (
        <p>No letters would go out.</p>
      ) : sendLetters ? (
        <p>
          {letters} {plan.letters.length === 1 ? 'goes' : 'go'} to {listWords(addresses)}.
        </p>
      ) : (
        <p>
          No letters are sent. With the box ticked, {letters} would go to {listWords(addresses)}.
        </p>
      )}
      {plan.withoutOwnerEmail.length > 0 ? (
        <p>
          {listWords(plan.withoutOwnerEmail.map((number) => `#${number}`))}{' '}
          {plan.withoutOwnerEmail.length === 1 ? 'has' : 'have'} no owner email: no letter.
        </p>
      ) : null}
    </div>
  );
}

/**
 * Releasing drafts (all of them, or `ids`): a dry run first says what would be released and which
 * letters would go, then the admin confirms, choosing whether letters are sent (off by default).
 * `onReleased` gets the result (its proposals from the waitlist, for the page to show).
 */
export function ReleaseDialog({
  open,
  ids,
  onClose,
  onReleased,
}: {
  open: boolean;
  ids?: string[];
  onClose: () => void;
  onReleased?: (result: ReleaseResult) => void;
}) {
  const dryRun = useReleaseDecisions();
  const release = useReleaseDecisions();
  const [sendLetters, setSendLetters] = useState(false);
  const checkboxId = useId();
  const { mutate: plan, reset: resetPlan } = dryRun;
  const idsKey = ids?.join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: ids are compared by their text (idsKey).
  useEffect(() => {
    if (!open) return;
    setSendLetters(false);
    release.reset();
    // sendLetters: true so that the answer names every letter a release could send.
    plan({ ...(ids ? { ids } : {}), dryRun: true, sendLetters: true });
    return () => resetPlan();
  }, [open, idsKey, plan, resetPlan]);

  const result = dryRun.data;
  const count = result?.released.length ?? 0;

  function confirm() {
    release.mutate(
      { ...(ids ? { ids } : {}), sendLetters },
      {
        onSuccess: (done) => {
          const proposals = done.proposed.map(proposalText);
          toast({
            title: 'Decisions Released',
            description: [
              `${countOf(done.released.length, 'decision')} released, ${countOf(done.letters.length, 'letter')} queued.`,
              ...proposals.map((text) => `${text}.`),
            ].join(' '),
          });
          onReleased?.(done);
          onClose();
        },
      },
    );
  }

  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={result ? `Release ${countOf(count, 'decision')}?` : 'Release decisions'}
      description="A released outcome is in force at once and replaces the one released before."
      confirmLabel="Release"
      confirmVariant="default"
      onConfirm={confirm}
      isPending={release.isPending}
      isConfirmDisabled={!result || count === 0}
    >
      {dryRun.isPending ? (
        <div role="status" aria-label="Checking what a release would do" className="space-y-2">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ) : dryRun.isError ? (
        <FieldError>
          {errorMessageOf(dryRun.error, 'What a release would do is unknown')}
        </FieldError>
      ) : result && count === 0 ? (
        <p className="text-sm">There are no drafts to release.</p>
      ) : result ? (
        <>
          <ReleaseSummary plan={result} sendLetters={sendLetters} />
          <div className="flex items-center gap-2">
            <Checkbox
              id={checkboxId}
              checked={sendLetters}
              disabled={result.letters.length === 0}
              onCheckedChange={setSendLetters}
            />
            <Label htmlFor={checkboxId}>Send letters to owners</Label>
          </div>
        </>
      ) : null}
      {release.isError ? (
        <FieldError>
          {errorMessageOf(release.error, 'The decisions could not be released')}
        </FieldError>
      ) : null}
    </ConfirmDialog>
  );
}
