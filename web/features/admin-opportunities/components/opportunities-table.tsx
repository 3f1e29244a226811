import type { AdminOpportunity, OpportunityStatus } from '@shared/opportunity-schemas';
import { Badge, type BadgeVariant } from '@web/components/ui/badge';
import { EmptyValue } from '@web/components/ui/empty-value';
import { ActionsTable, TableCell, TableRow, TableSkeletonRows } from '@web/components/ui/table';
import { formatDate } from '@web/lib/format-date';
import { STATUS_LABELS } from '../lib/opportunity-form-values';
import { OpportunityRowMenu } from './opportunity-row-menu';

const statusVariants: Record<OpportunityStatus, BadgeVariant> = {
  draft: 'secondary',
  published: 'success',
  archived: 'outline',
};

const columns = ['Number', 'Title', 'Status', 'Batch', 'Tags', 'Created'] as const;

export function OpportunitiesTableSkeleton() {
  return (
    <ActionsTable label="Opportunities" columns={columns}>
      <TableSkeletonRows
        rows={5}
        widths={[10, 60, 16, 16, 24, 20, 8]}
        testId="opportunity-skeleton-row"
      />
    </ActionsTable>
  );
}

export function OpportunitiesTable({
  opportunities,
  onEdit,
  onChangeStatus,
  onDelete,
}: {
  opportunities: AdminOpportunity[];
  onEdit: (opportunity: AdminOpportunity, trigger: HTMLElement | null) => void;
  onChangeStatus: (opportunity: AdminOpportunity, status: OpportunityStatus) => void;
  onDelete: (opportunity: AdminOpportunity, trigger: HTMLElement | null) => void;
}) {
  return (
    <ActionsTable label="Opportunities" columns={columns}>
      {opportunities.map((opportunity) => (
        <TableRow key={opportunity.id}>
          <TableCell className="font-medium tabular-nums">#{opportunity.number}</TableCell>
          <TableCell className="max-w-md truncate" title={opportunity.title}>
            {opportunity.title}
          </TableCell>
          <TableCell>
            <Badge variant={statusVariants[opportunity.status]}>
              {STATUS_LABELS[opportunity.status]}
            </Badge>
          </TableCell>
          <TableCell>{opportunity.batch ?? <EmptyValue label="No batch" />}</TableCell>
          <TableCell className="max-w-xs truncate">{opportunity.tags.join(', ')}</TableCell>
          <TableCell className="whitespace-nowrap">{formatDate(opportunity.createdAt)}</TableCell>
          <TableCell className="text-right">
            <OpportunityRowMenu
              opportunity={opportunity}
              onEdit={onEdit}
              onChangeStatus={onChangeStatus}
              onDelete={onDelete}
            />
          </TableCell>
        </TableRow>
      ))}
    </ActionsTable>
  );
}
