import { LETTER_FIELD_HEADINGS, type LetterCommentField } from '@shared/decisions';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { memo, useId, useState } from 'react';
import {
  commentOf,
  type ItemDraft,
  isRedacted,
  itemKey,
  type LetterSource,
  offeredFields,
} from '../lib/letter-items';

/**
 * Where the editor keeps each comment's draft, outside React state: a comment reads its draft when
 * it mounts (again after 'Show all fields' hid it) and writes each change there.
 */
export type DraftStore = {
  get: (key: string) => ItemDraft | undefined;
  set: (key: string, draft: ItemDraft) => void;
};

/**
 * One comment: whether the letter quotes it and, when it does, its text, editable so that an
 * admin can redact it ('Redacted' once it differs from the reviewer's). Its state is its own, so a
 * keystroke re-renders this comment alone, not the other reviewers' (200 of them at scale).
 */
const CommentItem = memo(function CommentItem({
  source,
  field,
  drafts,
}: {
  source: LetterSource;
  field: LetterCommentField;
  drafts: DraftStore;
}) {
  const original = commentOf(source, field) ?? '';
  const key = itemKey(source.reviewerId, field);
  const [draft, setDraft] = useState<ItemDraft>(
    () => drafts.get(key) ?? { included: false, text: original },
  );
  const checkboxId = useId();
  const textId = useId();
  const heading = LETTER_FIELD_HEADINGS[field];
  function update(next: ItemDraft) {
    setDraft(next);
    drafts.set(key, next);
  }
  const redacted = draft.included && isRedacted(draft.text, original);
  return (
    <div className="space-y-2 rounded-md border p-3" data-testid="letter-comment">
      <div className="flex flex-wrap items-center gap-2">
        <Checkbox
          id={checkboxId}
          checked={draft.included}
          onCheckedChange={(included) => update({ ...draft, included })}
        />
        <Label htmlFor={checkboxId}>{heading}</Label>
        {redacted ? <Badge variant="secondary">Redacted</Badge> : null}
      </div>
      {draft.included ? (
        <>
          <Label htmlFor={textId} className="sr-only">
            {`Text in the letter: ${heading}`}
          </Label>
          <Textarea
            id={textId}
            rows={3}
            value={draft.text}
            onChange={(event) => update({ ...draft, text: event.target.value })}
          />
          {redacted ? (
            <div className="space-y-1 text-xs text-muted-foreground">
              <p>The reviewer wrote: {original}</p>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => update({ ...draft, text: original })}
              >
                Restore the reviewer's text
              </Button>
            </div>
          ) : null}
        </>
      ) : (
        <p className="line-clamp-3 whitespace-pre-wrap text-sm text-muted-foreground">{original}</p>
      )}
    </div>
  );
});

/** One reviewer's comments that the letter may quote, under their label and (admins only) name. */
export const ReviewerComments = memo(function ReviewerComments({
  source,
  showAll,
  drafts,
}: {
  source: LetterSource;
  showAll: boolean;
  drafts: DraftStore;
}) {
  const fields = offeredFields(source, showAll, (field) =>
    Boolean(drafts.get(itemKey(source.reviewerId, field))?.included),
  );
  if (fields.length === 0) return null;
  return (
    <fieldset className="space-y-2" data-testid="letter-reviewer">
      <legend className="text-sm font-semibold">
        {source.label} <span className="font-normal text-muted-foreground">({source.name})</span>
      </legend>
      {fields.map((field) => (
        <CommentItem key={field} source={source} field={field} drafts={drafts} />
      ))}
    </fieldset>
  );
});
