import { errorMessageOf } from '@web/lib/api-client';
import { toast } from './use-toast';

/**
 * The destructive toast of a failed call: `title`, and the server's message (else the error's own
 * text, else `fallback`, the title unless given).
 */
export function failureToast(title: string, error: unknown, fallback = title): void {
  toast({ variant: 'destructive', title, description: errorMessageOf(error, fallback) });
}
