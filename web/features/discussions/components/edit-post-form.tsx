import type { DiscussionPerson, DiscussionPost } from '@shared/discussion-schemas';
import { Button } from '@web/components/ui/button';
import { SubmitButton } from '@web/components/ui/submit-button';
import { serverMessageOf } from '@web/lib/api-client';
import { type FormEvent, useState } from 'react';
import { useEditPost } from '../api/discussion-queries';
import { checkPost } from '../lib/check-post';
import { PostTextField } from './post-text-field';

/**
 * The author's edit of their post, in place of its text. A refusal (the 15 minutes are over: the
 * server's 409) is shown under the text, which stays, so it can still be copied.
 */
export function EditPostForm({
  post,
  opportunityId,
  mentionable,
  onDone,
}: {
  post: DiscussionPost;
  opportunityId: string;
  mentionable: readonly DiscussionPerson[];
  onDone: () => void;
}) {
  const edit = useEditPost(opportunityId);
  const [body, setBody] = useState(post.body ?? '');
  const [picked, setPicked] = useState<DiscussionPerson[]>([]);
  const [error, setError] = useState<string | null>(null);

  function save() {
    if (edit.isPending) return;
    const checked = checkPost(body, [...post.mentions, ...picked, ...mentionable]);
    if (checked.problem !== null) {
      setError(checked.problem);
      return;
    }
    setError(null);
    edit.mutate(
      { postId: post.id, body, mentions: checked.mentions },
      {
        onSuccess: onDone,
        onError: (failure) =>
          setError(serverMessageOf(failure, 'The post could not be saved; your text is kept')),
      },
    );
  }

  return (
    <form
      noValidate
      aria-label="Edit post"
      className="grid gap-3"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        save();
      }}
    >
      <PostTextField
        id={`edit-${post.id}`}
        label="Edit post"
        isLabelHidden
        value={body}
        onValueChange={(next) => {
          setBody(next);
          if (error) setError(null);
        }}
        people={mentionable}
        onPick={(person) => setPicked((current) => [...current, person])}
        onSubmitShortcut={save}
        // Escape leaves an edit that changed nothing; changed text is left only by Cancel.
        onEscape={body === post.body ? onDone : undefined}
        error={error}
        autoFocus
        shortcutVerb="save"
        readOnly={edit.isPending}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton size="sm" isPending={edit.isPending}>
          Save
        </SubmitButton>
      </div>
    </form>
  );
}
