import type { AdminOpportunity, OpportunityStatus } from '@shared/opportunity-schemas';
import type { DataColumn } from '@web/components/ui/data-table';
import { countOf } from '@web/lib/count-of';
import type { SortState, SortValue } from '@web/lib/table-sort';

export type OpportunityColumn = 'number' | 'title' | 'status' | 'batch' | 'tags' | 'createdAt';

/**
 * SPEC.md section 2's columns. The title takes the room that is left (at least 10rem) and is cut
 * with an ellipsis; the others keep one line. Narrower cards drop Tags (under 56rem), then
 * Created (48rem: a 1024 px window with the sidebar open), then Batch, so that the row fits the
 * card at laptop widths; below that the table scrolls inside its card with the actions in view.
 */
export const opportunityColumns: readonly DataColumn<OpportunityColumn>[] = [
  { key: 'number', label: 'Number', className: 'w-px whitespace-nowrap' },
  { key: 'title', label: 'Title', className: 'w-full min-w-40 max-w-0' },
  { key: 'status', label: 'Status', className: 'w-px' },
  { key: 'batch', label: 'Batch', className: 'hidden @min-[36rem]:table-cell' },
  { key: 'tags', label: 'Tags', className: 'hidden @min-[56rem]:table-cell' },
  { key: 'createdAt', label: 'Created', className: 'hidden w-px @min-[48rem]:table-cell' },
];

/** Sorting by status follows the lifecycle, not the alphabet. */
const STATUS_ORDER: Record<OpportunityStatus, number> = { draft: 0, published: 1, archived: 2 };

export const opportunitySortValues: Record<
  OpportunityColumn,
  (opportunity: AdminOpportunity) => SortValue
> = {
  number: (o) => o.number,
  title: (o) => o.title,
  status: (o) => STATUS_ORDER[o.status],
  batch: (o) => o.batch,
  tags: (o) => o.tags.join(', ') || null,
  createdAt: (o) => o.createdAt,
};

/** What the search box looks in: '#12' and '12' both find number 12. */
export const opportunitySearchText = (o: AdminOpportunity) =>
  `#${o.number} ${o.title} ${o.batch ?? ''} ${o.tags.join(' ')}`;

/** The server's order, which the table starts from. */
export const initialOpportunitySort: SortState<OpportunityColumn> = {
  key: 'number',
  direction: 'ascending',
};

/** The past participle a bulk change reports ('3 opportunities published'). */
export const STATUS_VERBS: Record<OpportunityStatus, string> = {
  published: 'published',
  draft: 'unpublished',
  archived: 'archived',
};

export const countOpportunities = (n: number) => countOf(n, 'opportunity', 'opportunities');
