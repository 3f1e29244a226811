import { createOpportunitySchema, opportunityStatusSchema } from '@shared/opportunity-schemas';
import { z } from '@shared/zod';
import { parseTags } from './opportunity-form-values';

const { shape } = createOpportunitySchema;

/**
 * The server's createOpportunitySchema over the form's text fields: the number is parsed as an
 * integer and the tags split on commas before the shared rules apply. The image travels
 * separately (uploaded first).
 */
export const opportunityFormSchema = z.object({
  number: z
    .string()
    .trim()
    .min(1, 'Number is required')
    .transform((text) => Number.parseInt(text, 10))
    .pipe(shape.number),
  title: shape.title,
  description: shape.description,
  tags: z.string().transform(parseTags).pipe(shape.tags.unwrap()),
  batch: shape.batch,
  status: opportunityStatusSchema,
  // Issue 35: where the decision letter goes; empty clears them (null).
  ownerName: shape.ownerName,
  ownerEmail: shape.ownerEmail,
});
export type OpportunityFormInput = z.input<typeof opportunityFormSchema>;
export type OpportunityFormValues = z.output<typeof opportunityFormSchema>;
