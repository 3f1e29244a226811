import type { DiscussionPerson } from '@shared/discussion-schemas';
import { SubmitButton } from '@web/components/ui/submit-button';
import Send from 'lucide-react/icons/send';
import { useEffect, useId, useState } from 'react';
import { useCreatePost } from '../api/discussion-queries';
import {
  EMPTY_DRAFT,
  type PostDraft,
  readPostDraft,
  writePostDraft,
} from '../lib/discussion-draft';
import { PostForm } from './post-form';

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
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => writePostDraft(opportunityId, draft), [opportunityId, draft]);

  return (
    <PostForm
      ariaLabel="New post"
      id={`${id}-body`}
      label="Your post"
      value={draft.body}
      onValueChange={(body) => setDraft((current) => ({ ...current, body }))}
      people={mentionable}
      known={draft.picked}
      onPick={(person) =>
        setDraft((current) => ({
          ...current,
          picked: [...current.picked.filter((p) => p.handle !== person.handle), person],
        }))
      }
      isPending={create.isPending}
      failureMessage="The post could not be sent; your text is kept"
      send={(mentions, fail) => {
        setAnnouncement('');
        create.mutate(
          { body: draft.body, mentions },
          {
            onSuccess: () => {
              setDraft(EMPTY_DRAFT);
              setAnnouncement('Your post was added to the discussion');
            },
            onError: fail,
          },
        );
      }}
    >
      <div className="flex items-center justify-end gap-3">
        <p className="sr-only" aria-live="polite">
          {announcement}
        </p>
        <SubmitButton isPending={create.isPending} icon={<Send aria-hidden="true" />}>
          Post
        </SubmitButton>
      </div>
    </PostForm>
  );
}
