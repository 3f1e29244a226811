import type { AdminReviewer } from '@shared/reviewer-admin-schemas';
import type { DataColumn } from '@web/components/ui/data-table';
import { countOf } from '@web/lib/count-of';
import type { SortState, SortValue } from '@web/lib/table-sort';

export type ReviewerColumn =
  | 'name'
  | 'email'
  | 'displayName'
  | 'status'
  | 'lastLogin'
  | 'lastEmail';

/**
 * SPEC.md section 2's columns and Last Email. The email takes the room that is left (at least
 * 10rem) and is cut
 * with an ellipsis; narrow cards drop Display Name and Last Email (under 56rem and 48rem: a
 * 1024 px window with the sidebar open), then Last Login, so the row actions stay in the card.
 */
export const reviewerColumns: readonly DataColumn<ReviewerColumn>[] = [
  { key: 'name', label: 'Name', className: 'w-px' },
  { key: 'email', label: 'Email', className: 'w-full min-w-40 max-w-0' },
  { key: 'displayName', label: 'Display Name', className: 'hidden @min-[56rem]:table-cell' },
  { key: 'status', label: 'Status', className: 'w-px' },
  { key: 'lastLogin', label: 'Last Login', className: 'hidden w-px @min-[36rem]:table-cell' },
  { key: 'lastEmail', label: 'Last Email', className: 'hidden w-px @min-[48rem]:table-cell' },
];

export const reviewerSortValues: Record<ReviewerColumn, (reviewer: AdminReviewer) => SortValue> = {
  name: (r) => r.name,
  email: (r) => r.email,
  displayName: (r) => r.displayName,
  // Ascending lists the active accounts first.
  status: (r) => (r.isActive ? 0 : 1),
  lastLogin: (r) => r.lastLogin,
  lastEmail: (r) => r.lastEmail?.createdAt ?? null,
};

export const reviewerSearchText = (r: AdminReviewer) =>
  `${r.name} ${r.email} ${r.displayName ?? ''}`;

/** The server's order, which the table starts from. */
export const initialReviewerSort: SortState<ReviewerColumn> = {
  key: 'name',
  direction: 'ascending',
};

export const countReviewers = (n: number) => countOf(n, 'reviewer');
