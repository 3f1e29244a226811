import type { AdminOpportunity } from '@shared/opportunity-schemas';
import type { OpportunityRow } from './queries';

export function presentOpportunity(row: OpportunityRow): AdminOpportunity {
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl,
    tags: row.tags,
    batch: row.batch,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}
