import type { ExportType } from '@shared/export-schemas';
import { EXPORT_WEIGHTING } from '@shared/scoring';
import { reviews } from '../../db/schema/index';
import {
  decimal,
  defineExport,
  type ExportDefinition,
  integer,
  text,
  timestamp,
} from './export-definition';

// Each export's columns, written once: the record query COPY streams, the typed rows of the bench
// floor and the test reference are all generated from these lists (export-definition.ts). A new
// column is one more line here.

/** Every opportunity whatever its status, in number order. */
const opportunitiesExport = defineExport({
  columns: [
    integer('number', 'o.number'),
    text('title', 'o.title'),
    text('description', 'o.description'),
    text('status', 'o.status::text'),
    text('batch', 'o.batch'),
    text('tags', `array_to_string(o.tags, '; ')`),
    timestamp('created_at', 'o.created_at'),
    timestamp('published_at', 'o.published_at'),
  ],
  from: 'opportunities o',
  orderBy: ['o.number'],
});

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

/**
 * Every review with its reviewer. `composite` is the stored plain mean; `weighted_composite` is
 * the export weighting of CONTRACT.md (shared/scoring.ts EXPORT_WEIGHTING), computed in exact
 * numeric arithmetic and rounded to 4 decimals.
 */
const reviewsExport = defineExport({
  columns: [
    integer('opportunity_number', 'o.number'),
    text('opportunity_title', 'o.title'),
    text('reviewer_name', 'u.name'),
    text('reviewer_display_name', 'u.display_name'),
    text('reviewer_email', 'u.email'),
    integer('strategic_alignment', 'r.strategic_alignment'),
    integer('sustainability', 'r.sustainability'),
    integer('technology_readiness', 'r.technology_readiness'),
    integer('market_potential', 'r.market_potential'),
    integer('business_potential', 'r.business_potential'),
    decimal('composite', 'r.composite'),
    decimal('weighted_composite', `round(${weightedCompositeSql('r')}, 4)`),
    timestamp('submitted_at', 'r.submitted_at'),
    timestamp('updated_at', 'r.updated_at'),
  ],
  from: `reviews r
     join opportunities o on o.id = r.opportunity_id
     join users u on u.id = r.reviewer_id`,
  orderBy: ['o.number', 'u.name', 'u.id'],
});

/** Every structured comment with its reviewer, ordered like the reviews export. */
const commentsExport = defineExport({
  columns: [
    integer('opportunity_number', 'o.number'),
    text('opportunity_title', 'o.title'),
    text('reviewer_name', 'u.name'),
    text('reviewer_email', 'u.email'),
    text('how_to_bigger_better', 'c.how_to_bigger_better'),
    text('challenges', 'c.challenges'),
    text('how_to_get_going', 'c.how_to_get_going'),
    text('other_comments', 'c.other_comments'),
    timestamp('submitted_at', 'c.submitted_at'),
    timestamp('updated_at', 'c.updated_at'),
  ],
  from: `comments c
     join opportunities o on o.id = c.opportunity_id
     join users u on u.id = c.reviewer_id`,
  orderBy: ['o.number', 'u.name', 'u.id'],
});

/** The audit log, oldest first; `changes` is the JSON text as stored (no secrets are stored). */
const auditExport = defineExport({
  columns: [
    timestamp('created_at', 'a.created_at'),
    text('user_id', 'a.user_id::text'),
    text('user_name', 'u.name'),
    text('user_email', 'u.email'),
    text('action', 'a.action'),
    text('entity_type', 'a.entity_type'),
    text('entity_id', 'a.entity_id'),
    text('changes', 'a.changes::text'),
    text('ip_address', 'a.ip_address'),
    text('user_agent', 'a.user_agent'),
  ],
  from: 'audit_logs a left join users u on u.id = a.user_id',
  orderBy: ['a.created_at', 'a.id'],
});

/**
 * Exports computed in memory by the module that owns the numbers (the results: a model fitted
 * over every review, not a row per row of a query); the admin scope hands them to the routes.
 */
export type ComputedExportType = Extract<ExportType, 'results'>;
export type CopyExportType = Exclude<ExportType, ComputedExportType>;

/** Exports that PostgreSQL writes, streamed through COPY (csv-export.ts). */
export const EXPORTS: Record<CopyExportType, ExportDefinition> = {
  opportunities: opportunitiesExport,
  reviews: reviewsExport,
  comments: commentsExport,
  audit: auditExport,
};

export function isCopyExport(type: ExportType): type is CopyExportType {
  return Object.hasOwn(EXPORTS, type);
}
