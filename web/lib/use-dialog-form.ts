import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The form inside a FormDialog, validated with the server's own zod schema, and `close`: the form
 * is emptied for the next opening, then `onClose` runs. Cancel, Escape and a successful submit all
 * close through it, so a reopened dialog never shows the previous entry or its errors.
 */
export function useDialogForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  emptyValues: Input,
  onClose: () => void,
) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: emptyValues as DefaultValues<Input>,
  });
  function close() {
    form.reset(emptyValues);
    onClose();
  }
  return { form, close };
}
