import { z } from '@shared/zod';

const LIMIT = 1000;
const isWholeInRange = (text: string) =>
  /^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= LIMIT;

/**
 * The auto-assign dialog's fields as typed (text), checked and turned into numbers; loaded with
 * the dialog's first opening, not with the page (decision 0026).
 */
export const autoAssignFormSchema = z.object({
  perOpportunity: z
    .string()
    .trim()
    .refine(isWholeInRange, `Enter a whole number from 1 to ${LIMIT}`)
    .transform(Number),
  batch: z.string(),
  maxPerReviewer: z
    .string()
    .trim()
    .refine(
      (text) => text === '' || isWholeInRange(text),
      `Leave empty, or enter a whole number from 1 to ${LIMIT}`,
    )
    .transform((text) => (text === '' ? undefined : Number(text))),
});
export type AutoAssignFormInput = z.input<typeof autoAssignFormSchema>;
