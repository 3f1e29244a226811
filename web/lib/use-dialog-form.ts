import { useEffect, useState } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import { lazyZodResolver, prefetchSchema, type SchemaLoader } from './lazy-zod-resolver';

/**
 * The form inside a FormDialog, validated with the server's own zod schema, and `close`: the form
 * is emptied for the next opening, then `onClose` runs. Cancel, Escape and a successful submit all
 * close through it, so a reopened dialog never shows the previous entry or its errors.
 *
 * The schema is loaded with `import()` when the dialog first opens (`open`, true for a dialog
 * rendered only once opened), not with the page (decision 0026).
 */
export function useDialogForm<Input extends FieldValues, Output>(
  loadSchema: SchemaLoader<Input, Output>,
  emptyValues: Input,
  onClose: () => void,
  open = true,
) {
  // The loader of the first render: callers pass an inline arrow, a new one each render.
  const [load] = useState(() => loadSchema);
  const [resolver] = useState(() => lazyZodResolver(load));
  const form = useForm<Input, unknown, Output>({
    resolver,
    defaultValues: emptyValues as DefaultValues<Input>,
  });
  useEffect(() => {
    if (open) prefetchSchema(load);
  }, [open, load]);
  function close() {
    form.reset(emptyValues);
    onClose();
  }
  return { form, close };
}
