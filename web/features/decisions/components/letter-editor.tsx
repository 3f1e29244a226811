import type { LetterEditor as Letter } from '@shared/decision-schemas';
import { LETTER_MESSAGE_MAX } from '@shared/decisions';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { FieldError, FormField } from '@web/components/ui/form-field';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { SubmitButton } from '@web/components/ui/submit-button';
import { Textarea } from '@web/components/ui/textarea';
import { errorMessageOf } from '@web/lib/api-client';
import { type FormEvent, useDeferredValue, useId, useState } from 'react';
import { useLetter, useSaveLetter } from '../api/decision-queries';
import { type ItemDraft, initialDrafts, letterBody } from '../lib/letter-items';
import { type DraftStore, ReviewerComments } from './letter-comments';

function LetterForm({ opportunityId, letter }: { opportunityId: string; letter: Letter }) {
  const save = useSaveLetter(opportunityId);
  const [message, setMessage] = useState(letter.message);
  const [includeBand, setIncludeBand] = useState(letter.includeBand);
  const [showAll, setShowAll] = useState(false);
  // The box ticks at once; the 200 reviewers' extra fields render after it, interruptibly.
  const showAllFields = useDeferredValue(showAll);
  const [problem, setProblem] = useState<string | undefined>();
  // One store for the form's life: the comments write to it without re-rendering the form.
  const [drafts] = useState(() => {
    const map: Map<string, ItemDraft> = initialDrafts(letter.items);
    const store: DraftStore & { map: Map<string, ItemDraft> } = {
      map,
      get: (key) => map.get(key),
      set: (key, draft) => void map.set(key, draft),
    };
    return store;
  });
  const bandId = useId();
  const showAllId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const built = letterBody(letter.sources, drafts.map, message, includeBand);
    if ('problem' in built) {
      setProblem(built.problem);
      return;
    }
    setProblem(undefined);
    save.mutate(built.body);
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Letter to the owner">
      <FormField
        id="letter-message"
        label="Message (optional)"
        hint={`Opens the letter. ${message.length}/${LETTER_MESSAGE_MAX} characters`}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            maxLength={LETTER_MESSAGE_MAX}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        )}
      </FormField>
      <div className="flex items-center gap-2">
        <Checkbox id={bandId} checked={includeBand} onCheckedChange={setIncludeBand} />
        <Label htmlFor={bandId}>Include percentile band</Label>
      </div>
      <div className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-sm font-semibold">Reviewers' comments</h3>
          <div className="flex items-center gap-2">
            <Checkbox id={showAllId} checked={showAll} onCheckedChange={setShowAll} />
            <Label htmlFor={showAllId}>Show all fields</Label>
          </div>
        </div>
        <p className="text-xs text-muted-foreground">
          Tick a comment to quote it; edit its text to redact it. The letter never names a reviewer.
        </p>
        {letter.sources.length === 0 ? (
          <p className="text-sm text-muted-foreground">No reviewer has commented yet.</p>
        ) : (
          <div className="space-y-4">
            {letter.sources.map((source) => (
              <ReviewerComments
                key={source.reviewerId}
                source={source}
                showAll={showAllFields}
                drafts={drafts}
              />
            ))}
          </div>
        )}
      </div>
      {problem ? <FieldError>{problem}</FieldError> : null}
      <div>
        <SubmitButton isPending={save.isPending}>Save letter</SubmitButton>
      </div>
    </form>
  );
}

/** The letter to the owner: message, band and the quoted comments (GET/PUT .../letter). */
export function LetterEditor({ opportunityId }: { opportunityId: string }) {
  const letter = useLetter(opportunityId);
  if (letter.isError) {
    return (
      <div role="alert" className="space-y-2 text-sm">
        <p>{errorMessageOf(letter.error, 'The letter could not be loaded')}</p>
        <Button variant="outline" size="sm" onClick={() => letter.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  if (!letter.data) {
    return (
      <div role="status" aria-label="Loading the letter" className="space-y-2">
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  // A saved letter starts the form afresh from what the server kept.
  return (
    <LetterForm
      key={letter.data.updatedAt ?? 'new'}
      opportunityId={opportunityId}
      letter={letter.data}
    />
  );
}
