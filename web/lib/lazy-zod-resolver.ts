import { toast } from '@web/components/ui/use-toast';
import type { FieldErrors, FieldValues, Resolver, ResolverError } from 'react-hook-form';
import type { z } from 'zod';

/** Where a form's zod schema comes from: a module loaded with `import()`, on first need. */
export type SchemaLoader<Input extends FieldValues, Output> = () => Promise<
  z.ZodType<Output, Input>
>;

const loadResolver = () => import('@hookform/resolvers/zod');

export const FORM_NOT_CHECKED = 'The form could not be checked';

/**
 * A react-hook-form resolver that validates with the schema `load` answers, loading it (with zod
 * and the resolver) when the form first validates. zod and the schemas cost 100-330 ms of a 4x
 * slower CPU where a page loaded them with its code, although no form was open yet (decision
 * 0026); `prefetchSchema` starts the load when a form is shown, so that it is there by the first
 * submit.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(
  load: SchemaLoader<Input, Output>,
): Resolver<Input, unknown, Output> {
  return async (values, context, options) => {
    let resolve: Resolver<Input, unknown, Output>;
    try {
      const [{ zodResolver }, schema] = await Promise.all([loadResolver(), load()]);
      resolve = zodResolver(schema) as unknown as Resolver<Input, unknown, Output>;
    } catch {
      // Offline, or a deploy replaced the chunk: nothing is sent, the entry stays for another try.
      toast({
        variant: 'destructive',
        title: FORM_NOT_CHECKED,
        description: 'Check your connection and try again.',
      });
      const failed: ResolverError<Input> = {
        values: {},
        errors: { root: { type: 'load', message: FORM_NOT_CHECKED } } as FieldErrors<Input>,
      };
      return failed;
    }
    return resolve(values, context, options);
  };
}

/** Starts loading the resolver and a form's schema; a failure shows when the form validates. */
export function prefetchSchema(load: () => Promise<unknown>): void {
  Promise.all([loadResolver(), load()]).catch(() => {});
}
