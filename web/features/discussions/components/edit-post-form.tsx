import type { DiscussionPerson, DiscussionPost } from '@shared/discussion-schemas';
import { Button } from '@web/components/ui/button';
import { SubmitButton } from '@web/components/ui/submit-button';
import { useState } from 'react';
import { useEditPost } from '../api/discussion-queries';
import { PostForm } from './post-form';

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
  return (
    <PostForm
      ariaLabel="Edit post"
      id={`edit-${post.id}`}
      label="Edit post"
      isLabelHidden
      value={body}
      onValueChange={setBody}
      people={mentionable}
      known={[...post.mentions, ...picked]}
      onPick={(person) => setPicked((current) => [...current, person])}
      // Escape leaves an edit that changed nothing; changed text is left only by Cancel.
      onEscape={body === post.body ? onDone : undefined}
      autoFocus
      shortcutVerb="save"
      isPending={edit.isPending}
      failureMessage="The post could not be saved; your text is kept"
      send={(mentions, fail) =>
        edit.mutate({ postId: post.id, body, mentions }, { onSuccess: onDone, onError: fail })
      }
    >
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton size="sm" isPending={edit.isPending}>
          Save
        </SubmitButton>
      </div>
    </PostForm>
  );
}
