import type { DiscussionPerson } from '@shared/discussion-schemas';
import { SubmitButton } from '@web/components/ui/submit-button';
import { serverMessageOf } from '@web/lib/api-client';
import Send from 'lucide-react/icons/send';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useCreatePost } from '../api/discussion-queries';
import { checkPost } from '../lib/check-post';
import {
  EMPTY_DRAFT,
  type PostDraft,
  readPostDraft,
  writePostDraft,
} from '../lib/discussion-draft';
import { PostTextField } from './post-text-field';

/**
 * A new post. Nothing typed is lost: the text lives here across the thread's refetches and in
 * sessionStorage (per opportunity) across a reload, is read-only while it is being sent, and
 * stays, with the server's message, when the post is refused.
 */
export function PostComposer({
  opportunityId,
  mentionable,
}: {
  opportunityId: string;
  mentionable: readonly DiscussionPerson[];
}) {
  const id = useId();
  const create = useCreatePost(opportunityId);
  const [draft, setDraft] = useState<PostDraft>(() => readPostDraft(opportunityId));
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => writePostDraft(opportunityId, draft), [opportunityId, draft]);

  function send() {
    if (create.isPending) return;
    const checked = checkPost(draft.body, [...draft.picked, ...mentionable]);
    if (checked.problem !== null) {
      setError(checked.problem);
      return;
    }
    setError(null);
    setAnnouncement('');
    create.mutate(
      { body: draft.body, mentions: checked.mentions },
      {
        onSuccess: () => {
          setDraft(EMPTY_DRAFT);
          setAnnouncement('Your post was added to the discussion');
        },
        onError: (failure) =>
          setError(serverMessageOf(failure, 'The post could not be sent; your text is kept')),
      },
    );
  }

  return (
    <form
      noValidate
      aria-label="New post"
      className="grid gap-3"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        send();
      }}
    >
      <PostTextField
        id={`${id}-body`}
        label="Your post"
        value={draft.body}
        onValueChange={(body) => {
          setDraft((current) => ({ ...current, body }));
          if (error) setError(null);
        }}
        people={mentionable}
        onPick={(person) =>
          setDraft((current) => ({
            ...current,
            picked: [...current.picked.filter((p) => p.handle !== person.handle), person],
          }))
        }
        onSubmitShortcut={send}
        error={error}
        readOnly={create.isPending}
      />
      <div className="flex items-center justify-end gap-3">
        <p className="sr-only" aria-live="polite">
          {announcement}
        </p>
        <SubmitButton isPending={create.isPending} icon={<Send aria-hidden="true" />}>
          Post
        </SubmitButton>
      </div>
    </form>
  );
}
