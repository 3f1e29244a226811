import { bulkIdsSchema, optionalTextSchema } from './field-schemas';
import { BATCH_MAX, DESCRIPTION_MAX, OWNER_EMAIL_MAX, OWNER_NAME_MAX, TITLE_MAX } from './limits';
import { HTML5_EMAIL } from './sign-in';
import { z } from './zod';

/** Opportunities as the admin back-office manages them (SPEC.md sections 2, 3, 4 and 5). */

export const opportunityStatusSchema = z.enum(['draft', 'published', 'archived'], {
  error: "Status must be 'draft', 'published' or 'archived'",
});
export type OpportunityStatus = z.infer<typeof opportunityStatusSchema>;

const TAG_MAX = 100;
const TAGS_MAX = 50;
const IMAGE_URL_MAX = 2048;

// Fields without defaults, so that the update schema can make every one optional.
const opportunityFields = {
  number: z
    .number('Number must be a whole number')
    .int('Number must be a whole number')
    .positive('Number must be a positive whole number')
    .max(2_147_483_647, 'Number is too large'),
  title: z
    .string('Title is required')
    .trim()
    .min(1, 'Title is required')
    .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`),
  description: z
    .string()
    .max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`),
  // An uploaded image's url ('/api/images/{id}') or an absolute http(s) address; '' means none.
  imageUrl: z
    .string()
    .trim()
    .max(IMAGE_URL_MAX, 'Image URL is too long')
    .refine((url) => url === '' || /^(\/(?!\/)|https?:\/\/)/.test(url), 'Invalid image URL')
    .nullish()
    .transform((url) => (url ? url : null)),
  // The form splits a comma-separated field; the server still trims and drops empty items.
  tags: z
    .array(
      z.string().max(TAG_MAX, `A tag must be at most ${TAG_MAX} characters`),
      'Tags must be a list',
    )
    .max(TAGS_MAX, `At most ${TAGS_MAX} tags`)
    .transform((tags) => tags.map((tag) => tag.trim()).filter((tag) => tag !== '')),
  batch: optionalTextSchema(BATCH_MAX, `Batch must be at most ${BATCH_MAX} characters`),
  status: opportunityStatusSchema,
  // The owner's contact for the decision letter (issue 35); owners never get an account.
  ownerName: optionalTextSchema(
    OWNER_NAME_MAX,
    `Owner name must be at most ${OWNER_NAME_MAX} characters`,
  ),
  ownerEmail: z
    .string('Owner email must be text')
    .trim()
    .max(OWNER_EMAIL_MAX, `Owner email must be at most ${OWNER_EMAIL_MAX} characters`)
    .refine(
      (value) => value === '' || z.email({ pattern: HTML5_EMAIL }).safeParse(value).success,
      'Invalid owner email',
    )
    .nullish()
    .transform((value) => (value ? value : null)),
};

export const createOpportunitySchema = z.object({
  ...opportunityFields,
  description: opportunityFields.description.default(''),
  tags: opportunityFields.tags.default([]),
  status: opportunityStatusSchema.default('draft'),
});
export type CreateOpportunityInput = z.input<typeof createOpportunitySchema>;
export type CreateOpportunity = z.output<typeof createOpportunitySchema>;

/** PATCH takes the full field body (edit) or any part of it, e.g. only `{status}`. */
export const updateOpportunitySchema = z
  .object(opportunityFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to update');
export type UpdateOpportunityInput = z.input<typeof updateOpportunitySchema>;
export type UpdateOpportunity = z.output<typeof updateOpportunitySchema>;

export const opportunityIdParamsSchema = z.object({ id: z.uuid('Invalid opportunity id') });

/** What an opportunity shows to anyone who may see it, admin or reviewer. */
export const opportunityContentSchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  tags: z.array(z.string()),
});
export type OpportunityContent = z.infer<typeof opportunityContentSchema>;

export const adminOpportunitySchema = opportunityContentSchema.extend({
  batch: z.string().nullable(),
  status: opportunityStatusSchema,
  createdAt: z.iso.datetime(),
  publishedAt: z.iso.datetime().nullable(),
  /** Present only once set (issue 35), so that an opportunity without an owner reads as before. */
  ownerName: z.string().optional(),
  ownerEmail: z.string().optional(),
});
export type AdminOpportunity = z.infer<typeof adminOpportunitySchema>;

/**
 * POST /api/admin/opportunities/bulk-status: the rows' Publish, Unpublish or Archive in one
 * transaction, all or nothing.
 */
export const bulkOpportunityStatusSchema = z.object({
  ids: bulkIdsSchema,
  status: opportunityStatusSchema,
});
export type BulkOpportunityStatus = z.infer<typeof bulkOpportunityStatusSchema>;

/** What a bulk status change did: the rows it moved, and those already in that status. */
export const bulkOpportunityStatusResultSchema = z.object({
  status: opportunityStatusSchema,
  changed: z.array(adminOpportunitySchema),
  unchanged: z.array(adminOpportunitySchema),
});
export type BulkOpportunityStatusResult = z.infer<typeof bulkOpportunityStatusResultSchema>;

export const imageUploadResultSchema = z.object({ url: z.string() });
export type ImageUploadResult = z.infer<typeof imageUploadResultSchema>;

/**
 * What deleting an opportunity removes with it (SPEC.md section 3): its reviews and comments,
 * the viewer states that pointed at it (cleared, not deleted) and its uploaded image.
 */
export const opportunityDeletionImpactSchema = z.object({
  reviews: z.int().nonnegative(),
  comments: z.int().nonnegative(),
  viewerStates: z.int().nonnegative(),
  images: z.int().nonnegative(),
});
export type OpportunityDeletionImpact = z.infer<typeof opportunityDeletionImpactSchema>;

/** The answer to DELETE /api/admin/opportunities/{id}: who went, and what went with it. */
export const deletedOpportunitySchema = z.object({
  id: z.uuid(),
  number: z.int(),
  title: z.string(),
  removed: opportunityDeletionImpactSchema,
});
export type DeletedOpportunity = z.infer<typeof deletedOpportunitySchema>;
