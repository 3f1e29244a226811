import { HIDE_REASON_MAX, THREAD_SUMMARY_MAX } from '@shared/discussion';
import type { hidePostSchema, resolveThreadSchema } from '@shared/discussion-schemas';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { DialogForm, FormDialog } from '@web/components/ui/form-dialog';
import { FormField } from '@web/components/ui/form-field';
import { mountedOnceOpened } from '@web/components/ui/mounted-once-opened';
import { Textarea } from '@web/components/ui/textarea';
import { errorMessageOf } from '@web/lib/api-client';
import { formatCount } from '@web/lib/format-count';
import { useDialogForm } from '@web/lib/use-dialog-form';
import { useEffect } from 'react';
import type { z } from 'zod';
import { useDeletePost, useHidePost, useResolveThread } from '../api/discussion-queries';

// The server's schemas, loaded with zod when a dialog first opens (decision 0026).
const loadHideSchema = () =>
  import('@shared/discussion-schemas').then((schemas) => schemas.hidePostSchema);
const loadResolveSchema = () =>
  import('@shared/discussion-schemas').then((schemas) => schemas.resolveThreadSchema);
const emptyHide: z.input<typeof hidePostSchema> = { reason: '' };
const emptyResolve: z.input<typeof resolveThreadSchema> = { summary: '' };

/** A dialog about one post: open while `postId` is set. */
type PostDialogProps = { opportunityId: string; postId: string | null; onClose: () => void };

/** The author's deletion, confirmed: readers then see that the post was deleted. */
export function DeletePostDialog({ opportunityId, postId, onClose }: PostDialogProps) {
  const remove = useDeletePost(opportunityId);
  return (
    <ConfirmDialog
      open={postId !== null}
      onClose={onClose}
      title="Delete Post"
      description="Delete your post? Everyone will see 'This post was deleted by its author' in its place."
      confirmLabel="Delete post"
      isPending={remove.isPending}
      onConfirm={() => {
        if (postId) remove.mutate(postId, { onSuccess: onClose });
      }}
    />
  );
}

/** Admin: hides a post from reviewers, with the reason admins will see beside it. */
export const HidePostDialog = mountedOnceOpened(
  function HidePostDialog({ opportunityId, postId, onClose }: PostDialogProps) {
    const hide = useHidePost(opportunityId);
    const open = postId !== null;
    const { form, close } = useDialogForm(
      loadHideSchema,
      emptyHide,
      () => {
        hide.reset();
        onClose();
      },
      open,
    );
    return (
      <FormDialog
        open={open}
        onClose={close}
        title="Hide Post"
        description="Reviewers will see 'This post was hidden by an administrator' instead of its text. Admins keep seeing the text and the reason, and can unhide it."
      >
        <DialogForm
          onSubmit={form.handleSubmit(({ reason }) => {
            if (postId) hide.mutate({ postId, reason }, { onSuccess: close });
          })}
          onCancel={close}
          submitLabel="Hide post"
          isPending={hide.isPending}
          error={hide.isError ? errorMessageOf(hide.error, 'The post could not be hidden') : null}
        >
          <FormField
            id="hide-reason"
            label="Reason"
            hint={`Seen by administrators only; at most ${formatCount(HIDE_REASON_MAX)} characters`}
            error={form.formState.errors.reason?.message}
          >
            {(control) => <Textarea rows={3} {...control} {...form.register('reason')} />}
          </FormField>
        </DialogForm>
      </FormDialog>
    );
  },
  (props) => props.postId !== null,
);

/** Admin: resolves the thread with the summary everyone then sees first (and the decision may use). */
export const ResolveThreadDialog = mountedOnceOpened(
  function ResolveThreadDialog({
    opportunityId,
    open,
    lastSummary,
    onClose,
  }: {
    opportunityId: string;
    open: boolean;
    /** The summary of an earlier resolution, to start from. */
    lastSummary: string | null;
    onClose: () => void;
  }) {
    const resolve = useResolveThread(opportunityId);
    const { form, close } = useDialogForm(
      loadResolveSchema,
      emptyResolve,
      () => {
        resolve.reset();
        onClose();
      },
      open,
    );
    const { reset } = form;
    useEffect(() => {
      if (open) reset({ summary: lastSummary ?? '' });
    }, [open, lastSummary, reset]);
    const length = form.watch('summary')?.length ?? 0;
    return (
      <FormDialog
        open={open}
        onClose={close}
        title="Resolve Discussion"
        description="Sum up what the panel concluded. The summary is shown first in the thread, and the decision's rationale can start from it."
      >
        <DialogForm
          onSubmit={form.handleSubmit(({ summary }) =>
            resolve.mutate(summary, { onSuccess: close }),
          )}
          onCancel={close}
          submitLabel="Resolve"
          isPending={resolve.isPending}
          error={
            resolve.isError
              ? errorMessageOf(resolve.error, 'The discussion could not be resolved')
              : null
          }
        >
          <FormField
            id="resolve-summary"
            label="Summary"
            hint={`${formatCount(length)}/${formatCount(THREAD_SUMMARY_MAX)} characters`}
            error={form.formState.errors.summary?.message}
          >
            {(control) => <Textarea rows={6} {...control} {...form.register('summary')} />}
          </FormField>
        </DialogForm>
      </FormDialog>
    );
  },
  (props) => props.open,
);
