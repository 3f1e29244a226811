import { recordConflictSchema } from '@shared/review-cycle-schemas';
import { z } from '@shared/zod';

/**
 * The server's schema, with a word for an empty choice instead of 'Invalid reviewer id'; loaded
 * with the dialog's first opening, not with the page (decision 0026).
 */
export const recordConflictFormSchema = recordConflictSchema.extend({
  reviewerId: z.string().min(1, 'Choose a reviewer').pipe(recordConflictSchema.shape.reviewerId),
  opportunityId: z
    .string()
    .min(1, 'Choose an opportunity')
    .pipe(recordConflictSchema.shape.opportunityId),
});
export type RecordConflictFormInput = z.input<typeof recordConflictFormSchema>;
