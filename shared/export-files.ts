/**
 * The CSV exports of SPEC.md section 2 "Admin exports page", at GET /api/admin/export/{type},
 * plus the audit log, the results of the decision-support screen (issue 19) and the decisions
 * (issue 35): their names and
 * file names, without a schema, so that the exports page loads no zod (decision 0026).
 */
export const EXPORT_TYPES = [
  'opportunities',
  'reviews',
  'comments',
  'audit',
  'results',
  'decisions',
] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

/**
 * The finalist ballot's count (issue 37), at GET /api/admin/export/ballot: served beside the
 * others but not one of the export page's cards, which the ballot's own page links instead.
 */
export const BALLOT_EXPORT_TYPE = 'ballot';

export function isExportType(value: string): value is ExportType {
  return (EXPORT_TYPES as readonly string[]).includes(value);
}

/** '{type}_export_{YYYY-MM-DD}.csv' with the UTC date (CONTRACT.md "HTTP"). */
export function exportFileNameFor(type: ExportType | typeof BALLOT_EXPORT_TYPE, at: Date): string {
  return `${type}_export_${at.toISOString().slice(0, 10)}.csv`;
}
