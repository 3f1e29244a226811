import type { AdminOpportunity, OpportunityContent } from '@shared/opportunity-schemas';
import type { OpportunityRow } from './queries';

/**
 * What every viewer of an opportunity sees, admin or reviewer. A row fits the parameter; only
 * these fields are copied, so the row itself is never sent.
 */
export function presentOpportunityContent(row: OpportunityContent): OpportunityContent {
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl,
    tags: row.tags,
  };
}

export function presentOpportunity(row: OpportunityRow): AdminOpportunity {
  return {
    ...presentOpportunityContent(row),
    batch: row.batch,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    // Only once set (issue 35): an opportunity without an owner answers as before.
    ...(row.ownerName !== null ? { ownerName: row.ownerName } : {}),
    ...(row.ownerEmail !== null ? { ownerEmail: row.ownerEmail } : {}),
  };
}
