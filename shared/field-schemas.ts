import { BULK_IDS_MAX } from './limits';
import { z } from './zod';

/** Form fields that several contracts take with the same rules. */

/** An optional text field, trimmed, where an empty or blank value means "none" (null). */
export function optionalTextSchema(max: number, tooLongMessage: string) {
  return z
    .string()
    .trim()
    .max(max, tooLongMessage)
    .nullish()
    .transform((value) => (value ? value : null));
}

/**
 * A whole number in a range, whose every refusal (not a number, a fraction, too small, too big)
 * states the range: "Reviewers per opportunity must be a whole number from 1 to 1000".
 */
export function wholeNumberSchema(label: string, min: number, max: number) {
  const message = `${label} must be a whole number from ${min} to ${max}`;
  return z.int(message).min(min, message).max(max, message);
}

/** A person's full name, as an admin types it for a reviewer account or an invitation. */
export const personNameSchema = z
  .string('Name is required')
  .trim()
  .min(1, 'Name is required')
  .max(200, 'Name must be at most 200 characters');

/** The name shown instead of the full name; blank means none. */
export const displayNameSchema = optionalTextSchema(
  200,
  'Display name must be at most 200 characters',
);

/** The rows a bulk call applies to: distinct ids, at least one, at most BULK_IDS_MAX. */
export const bulkIdsSchema = z
  .array(z.uuid('Each id must be a UUID'), 'ids must be a list of ids')
  .min(1, 'Select at least one row')
  .max(BULK_IDS_MAX, `At most ${BULK_IDS_MAX} rows at once`)
  .refine((ids) => new Set(ids).size === ids.length, 'Each id may appear only once');
