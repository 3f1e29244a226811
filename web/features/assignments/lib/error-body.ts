import { isApiError } from '@web/lib/api-client';

/**
 * The JSON body of a failed call (an ApiError's message is `${status}: ${body}`), for answers
 * that carry more than a message: the import's row report, the count of reviewed pairs a removal
 * needs confirmed. Null when the error is not such an answer.
 */
export function errorBodyOf(error: unknown, status: number): Record<string, unknown> | null {
  if (!isApiError(error, status)) return null;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return null;
  try {
    const parsed: unknown = JSON.parse(match[1]!);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
