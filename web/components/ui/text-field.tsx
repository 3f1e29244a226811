import type { ComponentProps, ReactNode } from 'react';
import {
  type FieldError,
  type FieldValues,
  get,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { FormField } from './form-field';
import { Input } from './input';

/**
 * An Input registered with a react-hook-form form inside a FormField: the label, hint and the
 * error the form holds for `name` are tied to it, so a form lists its fields by name instead of
 * wiring register and error by hand for each. Other props go to the Input.
 */
export function TextField<T extends FieldValues>({
  form,
  name,
  id,
  label,
  hint,
  ...inputProps
}: {
  form: Pick<UseFormReturn<T>, 'register' | 'formState'>;
  name: Path<T>;
  id: string;
  label: ReactNode;
  hint?: ReactNode;
} & Omit<ComponentProps<'input'>, 'id' | 'name' | 'form'>) {
  // Read while rendering, so the form's formState proxy re-renders its host on error changes.
  const error = (get(form.formState.errors, name) as FieldError | undefined)?.message;
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      {(control) => <Input {...control} {...inputProps} {...form.register(name)} />}
    </FormField>
  );
}
