import type pg from 'pg';
import { type CopyExportType, EXPORTS, MARKED_EXPORTS } from './definitions';
import type { ExportDefinition } from './export-definition';

/**
 * The definition an export is written with now: its marked variant (MARKED_EXPORTS) while that
 * variant's condition holds (issue 18: review-cycle control in use), otherwise the export as the
 * spec has it. One small statement before the export's own, only for exports that have a variant.
 */
export async function currentExportDefinition(
  pool: pg.Pool,
  type: CopyExportType,
): Promise<ExportDefinition> {
  const marked = MARKED_EXPORTS[type];
  if (!marked) return EXPORTS[type];
  const result = await pool.query<{ marked: boolean }>(`select ${marked.when} as marked`);
  return result.rows[0]?.marked ? marked.definition : EXPORTS[type];
}
