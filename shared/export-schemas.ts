import { z } from './zod';

/**
 * The CSV exports of SPEC.md section 2 "Admin exports page", at GET /api/admin/export/{type},
 * plus the audit log and the results of the decision-support screen (issue 19).
 */
export const EXPORT_TYPES = ['opportunities', 'reviews', 'comments', 'audit', 'results'] as const;
export const exportTypeSchema = z.enum(EXPORT_TYPES);
export type ExportType = z.infer<typeof exportTypeSchema>;

export function isExportType(value: string): value is ExportType {
  return (EXPORT_TYPES as readonly string[]).includes(value);
}

/** '{type}_export_{YYYY-MM-DD}.csv' with the UTC date (CONTRACT.md "HTTP"). */
export function exportFileNameFor(type: ExportType, at: Date): string {
  return `${type}_export_${at.toISOString().slice(0, 10)}.csv`;
}
