import type pg from 'pg';
import type { ExportDefinition } from './definitions';

/**
 * The definition an export is written with now: its `marked` variant while that variant's
 * condition holds (issue 18: review-cycle control in use), otherwise the export as the spec has
 * it. One small statement before the export's own.
 */
export async function currentExportDefinition(
  pool: pg.Pool,
  definition: ExportDefinition,
): Promise<ExportDefinition> {
  if (!definition.marked) return definition;
  const result = await pool.query<{ marked: boolean }>(
    `select ${definition.marked.when} as marked`,
  );
  return result.rows[0]?.marked ? definition.marked.definition : definition;
}
