import type { ExportType } from '@shared/export-schemas';
import { EXPORT_WEIGHTING } from '@shared/scoring';
import { sql } from 'drizzle-orm';
import { reviews } from '../../db/schema/index';
import { hasConflictSql, isAssignedSql, sqlText } from '../review-cycle/scope';
import { IS_ASSIGNED_MODE_SQL_TEXT } from '../settings/queries';
import { CsvDecimal, type CsvValue } from './csv';

type Column<Row> = { header: string; value: (row: Row) => CsvValue };

/** One export: its query (no parameters, run through a cursor) and how a row becomes a record. */
export type ExportDefinition = {
  query: string;
  headers: string[];
  valuesOf: (row: unknown) => CsvValue[];
  /**
   * Issue 18: the export as it is while review-cycle control is in use (`when`, a SQL boolean
   * with no parameters, is true): the same rows with a trailing EXCLUDED_COLUMN. Absent for
   * exports without reviewer work.
   */
  marked?: { when: string; definition: ExportDefinition };
};

/**
 * The trailing column of the reviews and comments exports while review-cycle control is in use
 * ('assigned' mode, or any conflict of interest recorded): why the row's work is left out of the
 * figures, `conflict` or `not_assigned`, or empty when it counts (docs/review-cycle.md). Without
 * it in use the exports are byte for byte the spec's.
 */
export const EXCLUDED_COLUMN = 'excluded_from_figures';
const REVIEW_CYCLE_IN_USE = `(${IS_ASSIGNED_MODE_SQL_TEXT} or exists (select 1 from conflicts))`;

/** Why the work of alias's (reviewer, opportunity) is left out, as SQL text. */
function excludedSql(alias: string): string {
  const reviewerId = sql.raw(`${alias}.reviewer_id`);
  const opportunityId = sql.raw(`${alias}.opportunity_id`);
  return `case
            when ${sqlText(hasConflictSql(reviewerId, opportunityId))} then 'conflict'
            when ${IS_ASSIGNED_MODE_SQL_TEXT}
             and not ${sqlText(isAssignedSql(reviewerId, opportunityId))} then 'not_assigned'
          end as ${EXCLUDED_COLUMN}`;
}

/** The export with the EXCLUDED_COLUMN of `alias` after its columns, used while the cycle is in use. */
function withExcludedColumn<Row>(
  query: (extraColumns: string) => string,
  columns: Column<Row>[],
  alias: string,
): ExportDefinition {
  const plainExport = defineExport<Row>(query(''), columns);
  const markedColumns: Column<Row & { [EXCLUDED_COLUMN]: string | null }>[] = [
    ...(columns as Column<Row & { [EXCLUDED_COLUMN]: string | null }>[]),
    plain(EXCLUDED_COLUMN),
  ];
  return {
    ...plainExport,
    marked: {
      when: REVIEW_CYCLE_IN_USE,
      definition: defineExport(
        query(`,
          ${excludedSql(alias)}`),
        markedColumns,
      ),
    },
  };
}

function defineExport<Row>(query: string, columns: Column<Row>[]): ExportDefinition {
  return {
    query,
    headers: columns.map((column) => column.header),
    // The query's select list and Row are written side by side below; the driver gives them.
    valuesOf: (row) => columns.map((column) => column.value(row as Row)),
  };
}

/** Reads a same-named column of the row as is (numbers, text, dates, nulls). */
function plain<Row, Key extends keyof Row & string>(header: Key): Column<Row> {
  return { header, value: (row) => row[header] as CsvValue };
}

/** A numeric column that the query casts to text so that its 4 decimals are kept exactly. */
function decimal<Row, Key extends keyof Row & string>(header: Key): Column<Row> {
  return { header, value: (row) => new CsvDecimal(String(row[header])) };
}

type OpportunityExportRow = {
  number: number;
  title: string;
  description: string;
  status: string;
  batch: string | null;
  tags: string;
  created_at: Date;
  published_at: Date | null;
};

/** Every opportunity whatever its status, in number order. */
const opportunitiesExport = defineExport<OpportunityExportRow>(
  `select o.number, o.title, o.description, o.status::text as status, o.batch,
          array_to_string(o.tags, '; ') as tags, o.created_at, o.published_at
     from opportunities o
    order by o.number`,
  [
    plain('number'),
    plain('title'),
    plain('description'),
    plain('status'),
    plain('batch'),
    plain('tags'),
    plain('created_at'),
    plain('published_at'),
  ],
);

/**
 * The export weighting as a SQL sum over the review columns of `alias`, built from the shared
 * list so that the SQL and weightedCompositeOf cannot drift apart, e.g.
 * `0.35 * r.market_potential + ... + 0.15 * (r.strategic_alignment + r.sustainability) / 2.0`.
 * The weights are numbers from shared code, never input, so they are written into the SQL.
 */
function weightedCompositeSql(alias: string): string {
  return EXPORT_WEIGHTING.map(({ weight, criteria }) => {
    const columns = criteria.map((key) => `${alias}.${reviews[key].name}`);
    return columns.length === 1
      ? `${weight} * ${columns[0]}`
      : `${weight} * (${columns.join(' + ')}) / ${columns.length}.0`;
  }).join(' + ');
}

type ReviewExportRow = {
  opportunity_number: number;
  opportunity_title: string;
  reviewer_name: string;
  reviewer_display_name: string | null;
  reviewer_email: string;
  strategic_alignment: number;
  sustainability: number;
  technology_readiness: number;
  market_potential: number;
  business_potential: number;
  composite: string;
  weighted_composite: string;
  submitted_at: Date;
  updated_at: Date;
};

/**
 * Every review with its reviewer. `composite` is the stored plain mean; `weighted_composite` is
 * the export weighting of CONTRACT.md (shared/scoring.ts EXPORT_WEIGHTING), computed in exact
 * numeric arithmetic and rounded to 4 decimals.
 */
const reviewsExport = withExcludedColumn<ReviewExportRow>(
  (extraColumns) => `select o.number as opportunity_number, o.title as opportunity_title,
          u.name as reviewer_name, u.display_name as reviewer_display_name,
          u.email as reviewer_email,
          r.strategic_alignment, r.sustainability, r.technology_readiness,
          r.market_potential, r.business_potential,
          r.composite::text as composite,
          round(${weightedCompositeSql('r')}, 4)::text as weighted_composite,
          r.submitted_at, r.updated_at${extraColumns}
     from reviews r
     join opportunities o on o.id = r.opportunity_id
     join users u on u.id = r.reviewer_id
    order by o.number, u.name, u.id`,
  [
    plain('opportunity_number'),
    plain('opportunity_title'),
    plain('reviewer_name'),
    plain('reviewer_display_name'),
    plain('reviewer_email'),
    plain('strategic_alignment'),
    plain('sustainability'),
    plain('technology_readiness'),
    plain('market_potential'),
    plain('business_potential'),
    decimal('composite'),
    decimal('weighted_composite'),
    plain('submitted_at'),
    plain('updated_at'),
  ],
  'r',
);

type CommentExportRow = {
  opportunity_number: number;
  opportunity_title: string;
  reviewer_name: string;
  reviewer_email: string;
  how_to_bigger_better: string | null;
  challenges: string | null;
  how_to_get_going: string | null;
  other_comments: string | null;
  submitted_at: Date;
  updated_at: Date;
};

/** Every structured comment with its reviewer, ordered like the reviews export. */
const commentsExport = withExcludedColumn<CommentExportRow>(
  (extraColumns) => `select o.number as opportunity_number, o.title as opportunity_title,
          u.name as reviewer_name, u.email as reviewer_email,
          c.how_to_bigger_better, c.challenges, c.how_to_get_going, c.other_comments,
          c.submitted_at, c.updated_at${extraColumns}
     from comments c
     join opportunities o on o.id = c.opportunity_id
     join users u on u.id = c.reviewer_id
    order by o.number, u.name, u.id`,
  [
    plain('opportunity_number'),
    plain('opportunity_title'),
    plain('reviewer_name'),
    plain('reviewer_email'),
    plain('how_to_bigger_better'),
    plain('challenges'),
    plain('how_to_get_going'),
    plain('other_comments'),
    plain('submitted_at'),
    plain('updated_at'),
  ],
  'c',
);

type AuditExportRow = {
  created_at: Date;
  user_id: string | null;
  user_name: string | null;
  user_email: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  changes: string | null;
  ip_address: string | null;
  user_agent: string | null;
};

/** The audit log, oldest first; `changes` is the JSON text as stored (no secrets are stored). */
const auditExport = defineExport<AuditExportRow>(
  `select a.created_at, a.user_id::text as user_id, u.name as user_name, u.email as user_email,
          a.action, a.entity_type, a.entity_id, a.changes::text as changes,
          a.ip_address, a.user_agent
     from audit_logs a
     left join users u on u.id = a.user_id
    order by a.created_at, a.id`,
  [
    plain('created_at'),
    plain('user_id'),
    plain('user_name'),
    plain('user_email'),
    plain('action'),
    plain('entity_type'),
    plain('entity_id'),
    plain('changes'),
    plain('ip_address'),
    plain('user_agent'),
  ],
);

/**
 * Exports computed in memory by the module that owns the numbers (the results: a model fitted
 * over every review, not a row per row of a query); the admin scope hands them to the routes.
 */
export type ComputedExportType = Extract<ExportType, 'results'>;
export type CursorExportType = Exclude<ExportType, ComputedExportType>;

/** Exports streamed from a query through a cursor. */
export const EXPORTS: Record<CursorExportType, ExportDefinition> = {
  opportunities: opportunitiesExport,
  reviews: reviewsExport,
  comments: commentsExport,
  audit: auditExport,
};

export function isCursorExport(type: ExportType): type is CursorExportType {
  return Object.hasOwn(EXPORTS, type);
}
