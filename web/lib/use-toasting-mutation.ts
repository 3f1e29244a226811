import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { failureToast } from '@web/components/ui/failure-toast';
import { type ToastInput, toast } from '@web/components/ui/use-toast';

/**
 * A mutation that says how it went: on success the toast `succeeded` builds, then `invalidate`
 * refetches what the change affects (returned, so the mutation stays pending until the lists are
 * fresh); on failure a destructive toast titled `failureTitle` with the server's message. Without
 * `failureTitle` the caller shows the failure itself (inside its dialog, for instance).
 */
export function useToastingMutation<TData, TVariables = void>({
  mutationFn,
  succeeded,
  failureTitle,
  invalidate,
}: {
  mutationFn: (variables: TVariables) => Promise<TData>;
  succeeded: (data: TData, variables: TVariables) => ToastInput;
  failureTitle?: string;
  invalidate?: (queryClient: QueryClient) => Promise<unknown>;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data, variables) => {
      toast(succeeded(data, variables));
      return invalidate?.(queryClient);
    },
    onError: failureTitle ? (error) => failureToast(failureTitle, error) : undefined,
  });
}
