import { DESCRIPTION_MAX } from '@shared/limits';
import type { AdminOpportunity } from '@shared/opportunity-schemas';
import { DialogForm, FormDialog } from '@web/components/ui/form-dialog';
import { FormField } from '@web/components/ui/form-field';
import { NativeSelect } from '@web/components/ui/native-select';
import { TextField } from '@web/components/ui/text-field';
import { Textarea } from '@web/components/ui/textarea';
import { errorMessageOf } from '@web/lib/api-client';
import { lazyZodResolver, prefetchSchema } from '@web/lib/lazy-zod-resolver';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  useCreateOpportunity,
  useUpdateOpportunity,
  useUploadImage,
} from '../api/opportunity-queries';
import type { OpportunityFormInput, OpportunityFormValues } from '../lib/opportunity-form-schema';
import { STATUS_LABELS, STATUS_OPTIONS, withoutUnsetOwner } from '../lib/opportunity-form-values';
import { ImagePicker } from './image-picker';

const OWNER_HINT = 'Receives the decision letter; owners never get an account.';

// Loaded when the form first shows, not with the page (decision 0026).
const loadSchema = () =>
  import('../lib/opportunity-form-schema').then((schemas) => schemas.opportunityFormSchema);
const resolver = lazyZodResolver(loadSchema);

function initialValues(editing: AdminOpportunity | null, nextNumber: number): OpportunityFormInput {
  if (!editing) {
    return {
      number: String(nextNumber),
      title: '',
      description: '',
      tags: '',
      batch: '',
      status: 'draft',
      ownerName: '',
      ownerEmail: '',
    };
  }
  return {
    number: String(editing.number),
    title: editing.title,
    description: editing.description,
    tags: editing.tags.join(', '),
    batch: editing.batch ?? '',
    status: editing.status,
    ownerName: editing.ownerName ?? '',
    ownerEmail: editing.ownerEmail ?? '',
  };
}

export type OpportunityDialogState =
  | { mode: 'create' }
  | { mode: 'edit'; opportunity: AdminOpportunity };

/**
 * Create or edit one opportunity. A chosen image is uploaded first; when that fails the save is
 * abandoned (the upload's toast says why) and the dialog stays open.
 */
function OpportunityForm({
  editing,
  nextNumber,
  onDone,
}: {
  editing: AdminOpportunity | null;
  nextNumber: number;
  onDone: () => void;
}) {
  const upload = useUploadImage();
  const create = useCreateOpportunity();
  const update = useUpdateOpportunity();
  const [file, setFile] = useState<File | null>(null);
  const [imageUrl, setImageUrl] = useState<string | null>(editing?.imageUrl ?? null);
  const [defaults] = useState(() => initialValues(editing, nextNumber));
  const form = useForm<OpportunityFormInput, unknown, OpportunityFormValues>({
    resolver,
    defaultValues: defaults,
  });
  useEffect(() => prefetchSchema(loadSchema), []);
  const { errors } = form.formState;
  const descriptionLength = (form.watch('description') ?? '').length;
  const isSaving = upload.isPending || create.isPending || update.isPending;

  async function save(values: OpportunityFormValues) {
    let url = imageUrl;
    if (file) {
      try {
        url = (await upload.mutateAsync(file)).url;
      } catch {
        return;
      }
      // Uploaded once: a retry after a failed save reuses it instead of storing a copy.
      setImageUrl(url);
      setFile(null);
    }
    const input = { ...withoutUnsetOwner(values, editing), imageUrl: url };
    try {
      if (editing) await update.mutateAsync({ id: editing.id, input });
      else await create.mutateAsync(input);
    } catch {
      return;
    }
    onDone();
  }

  return (
    <DialogForm
      onSubmit={form.handleSubmit(save)}
      onCancel={onDone}
      submitLabel={editing ? 'Save Changes' : 'Create Opportunity'}
      isPending={isSaving}
      error={
        update.isError
          ? errorMessageOf(update.error, 'The opportunity could not be saved')
          : undefined
      }
    >
      <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
        <TextField
          form={form}
          name="number"
          id="opportunity-number"
          label="Number"
          inputMode="numeric"
          placeholder={String(editing ? editing.number : nextNumber)}
        />
        <TextField
          form={form}
          name="title"
          id="opportunity-title"
          label="Title"
          autoComplete="off"
        />
      </div>
      <FormField
        id="opportunity-description"
        label="Description"
        hint={`${descriptionLength}/${DESCRIPTION_MAX} characters`}
        error={errors.description?.message}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={5}
            maxLength={DESCRIPTION_MAX}
            {...form.register('description')}
          />
        )}
      </FormField>
      <ImagePicker
        currentUrl={imageUrl}
        file={file}
        onFileChange={setFile}
        onRemoveCurrent={() => setImageUrl(null)}
      />
      <TextField
        form={form}
        name="tags"
        id="opportunity-tags"
        label="Tags"
        hint="Separate tags with commas"
        autoComplete="off"
        placeholder="energy, water, AI"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          form={form}
          name="batch"
          id="opportunity-batch"
          label="Batch"
          autoComplete="off"
          placeholder="e.g. Q1 2026"
        />
        <FormField id="opportunity-status" label="Status" error={errors.status?.message}>
          {(control) => (
            // defaultValue too: the options must exist before the browser can select one.
            <NativeSelect {...control} defaultValue={defaults.status} {...form.register('status')}>
              {STATUS_OPTIONS.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          form={form}
          name="ownerName"
          id="opportunity-owner-name"
          label="Owner name"
          autoComplete="off"
          hint={OWNER_HINT}
        />
        <TextField
          form={form}
          name="ownerEmail"
          id="opportunity-owner-email"
          label="Owner email"
          type="email"
          autoComplete="off"
          hint={OWNER_HINT}
        />
      </div>
    </DialogForm>
  );
}

export function OpportunityFormDialog({
  state,
  nextNumber,
  onClose,
  onCloseAutoFocus,
}: {
  state: OpportunityDialogState | null;
  nextNumber: number;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const editing = state?.mode === 'edit' ? state.opportunity : null;
  return (
    <FormDialog
      open={state !== null}
      onClose={onClose}
      title={editing ? 'Edit Opportunity' : 'Create New Opportunity'}
      description={
        editing
          ? `Update opportunity #${editing.number}`
          : 'Add an opportunity for reviewers to evaluate'
      }
      className="sm:max-w-2xl"
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {state ? (
        <OpportunityForm
          key={editing?.id ?? 'new'}
          editing={editing}
          nextNumber={nextNumber}
          onDone={onClose}
        />
      ) : null}
    </FormDialog>
  );
}
