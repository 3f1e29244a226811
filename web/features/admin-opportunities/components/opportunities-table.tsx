import type { AdminOpportunity, OpportunityStatus } from '@shared/opportunity-schemas';
import { Badge, type BadgeVariant } from '@web/components/ui/badge';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableSkeletonRows,
} from '@web/components/ui/table';
import { formatDate } from '@web/lib/format-date';
import type { ReactNode } from 'react';
import { STATUS_LABELS } from '../lib/opportunity-form-values';
import { OpportunityRowMenu } from './opportunity-row-menu';

const statusVariants: Record<OpportunityStatus, BadgeVariant> = {
  draft: 'secondary',
  published: 'success',
  archived: 'outline',
};

function OpportunitiesTableFrame({ children }: { children: ReactNode }) {
  return (
    <Table aria-label="Opportunities">
      <TableHeader>
        <TableRow>
          <TableHead>Number</TableHead>
          <TableHead>Title</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Batch</TableHead>
          <TableHead>Tags</TableHead>
          <TableHead>Created</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>{children}</TableBody>
    </Table>
  );
}

export function OpportunitiesTableSkeleton() {
  return (
    <OpportunitiesTableFrame>
      <TableSkeletonRows
        rows={5}
        widths={[10, 60, 16, 16, 24, 20, 8]}
        testId="opportunity-skeleton-row"
      />
    </OpportunitiesTableFrame>
  );
}

export function OpportunitiesTable({
  opportunities,
  onEdit,
  onChangeStatus,
}: {
  opportunities: AdminOpportunity[];
  onEdit: (opportunity: AdminOpportunity, trigger: HTMLElement | null) => void;
  onChangeStatus: (opportunity: AdminOpportunity, status: OpportunityStatus) => void;
}) {
  return (
    <OpportunitiesTableFrame>
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
          <TableCell>{opportunity.batch ?? '-'}</TableCell>
          <TableCell className="max-w-xs truncate">{opportunity.tags.join(', ')}</TableCell>
          <TableCell className="whitespace-nowrap">{formatDate(opportunity.createdAt)}</TableCell>
          <TableCell className="text-right">
            <OpportunityRowMenu
              opportunity={opportunity}
              onEdit={onEdit}
              onChangeStatus={onChangeStatus}
            />
          </TableCell>
        </TableRow>
      ))}
    </OpportunitiesTableFrame>
  );
}
