import type { ExportType } from '@shared/export-files';
import { EXPORT_WEIGHTING } from '@shared/scoring';
import { sql } from 'drizzle-orm';
import { reviews } from '../../db/schema/index';
import { hasConflictSql, isAssignedSql, sqlText } from '../review-cycle/scope';
import { IS_ASSIGNED_MODE_SQL_TEXT } from '../settings/queries';
import {
  decimal,
  defineExport,
  type ExportColumn,
  type ExportDefinition,
  integer,
  text,
  timestamp,
} from './export-definition';

// Each export's columns, written once: the record query COPY streams, the typed rows of the bench
// floor and the test reference are all generated from these lists (export-definition.ts). A new
// column is one more line here.

/** Every opportunity whatever its status, in number order. */
const opportunitiesExportOf = (extra: ExportColumn[] = []) =>
  defineExport({
    columns: [
      integer('number', 'o.number'),
      text('title', 'o.title'),
      text('description', 'o.description'),
      text('status', 'o.status::text'),
      text('batch', 'o.batch'),
      text('tags', `array_to_string(o.tags, '; ')`),
      timestamp('created_at', 'o.created_at'),
      timestamp('published_at', 'o.published_at'),
      ...extra,
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
const reviewsExportOf = (extra: ExportColumn[] = []) =>
  defineExport({
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
      ...extra,
    ],
    from: `reviews r
     join opportunities o on o.id = r.opportunity_id
     join users u on u.id = r.reviewer_id`,
    orderBy: ['o.number', 'u.name', 'u.id'],
  });

/** Every structured comment with its reviewer, ordered like the reviews export. */
const commentsExportOf = (extra: ExportColumn[] = []) =>
  defineExport({
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
      ...extra,
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

/** The evidence's number `key` as numeric with 4 decimals, as the results export writes them. */
const evidenceDecimal = (key: string) => `round((d.evidence->>'${key}')::numeric, 4)`;

/**
 * The decisions in force or proposed (issue 35): for each opportunity its released decision,
 * then its draft, with who decided and released them and the evidence kept at the time.
 */
const decisionsExport = defineExport({
  columns: [
    integer('number', 'o.number'),
    text('title', 'o.title'),
    text('outcome', 'd.outcome::text'),
    text('state', 'd.state::text'),
    text('rationale', 'd.rationale'),
    text('decided_by', 'du.name'),
    timestamp('decided_at', 'd.decided_at'),
    text('released_by', 'ru.name'),
    timestamp('released_at', 'd.released_at'),
    text('letter_to', 'd.letter_to'),
    integer('evidence_reviews', `(d.evidence->>'reviewCount')::int`),
    decimal('evidence_raw_composite', evidenceDecimal('rawComposite')),
    decimal('evidence_calibrated_composite', evidenceDecimal('calibratedComposite')),
    integer('evidence_rank', `(d.evidence->>'calibratedRank')::int`),
    integer('evidence_rank_low', `(d.evidence#>>'{calibratedRankInterval,low}')::int`),
    integer('evidence_rank_high', `(d.evidence#>>'{calibratedRankInterval,high}')::int`),
    text(
      'evidence_flags',
      `(select string_agg(flag, '; ') from jsonb_array_elements_text(d.evidence->'flags') as flag)`,
    ),
    decimal('evidence_alpha', evidenceDecimal('alpha')),
  ],
  from: `decisions d
     join opportunities o on o.id = d.opportunity_id
     left join users du on du.id = d.decided_by
     left join users ru on ru.id = d.released_by
    where d.state in ('draft', 'released')`,
  orderBy: ['o.number', 'd.revision'],
});

/**
 * Exports computed in memory by the module that owns the numbers (the results: a model fitted
 * over every review, not a row per row of a query); the admin scope hands them to the routes.
 */
export type ComputedExportType = Extract<ExportType, 'results'>;
export type CopyExportType = Exclude<ExportType, ComputedExportType>;

/** Exports that PostgreSQL writes, streamed through COPY (csv-export.ts). */
export const EXPORTS: Record<CopyExportType, ExportDefinition> = {
  opportunities: opportunitiesExportOf(),
  reviews: reviewsExportOf(),
  comments: commentsExportOf(),
  audit: auditExport,
  decisions: decisionsExport,
};

/**
 * Issue 18: while review-cycle control is in use ('assigned' mode, or any conflict of interest
 * recorded), the reviews and comments exports carry a last column, EXCLUDED_COLUMN: why the row's
 * work is left out of the figures, `conflict` or `not_assigned`, or empty when it counts
 * (docs/review-cycle.md). Otherwise they are EXPORTS' definitions, byte for byte the spec's.
 * `when` is a SQL boolean without parameters (export-variant.ts evaluates it).
 */
export const EXCLUDED_COLUMN = 'excluded_from_figures';
const REVIEW_CYCLE_IN_USE = `(${IS_ASSIGNED_MODE_SQL_TEXT} or exists (select 1 from conflicts))`;

/** Why the work of `alias`'s (reviewer, opportunity) is left out, as a SQL expression. */
function excludedSql(alias: string): string {
  const reviewerId = sql.raw(`${alias}.reviewer_id`);
  const opportunityId = sql.raw(`${alias}.opportunity_id`);
  return `case
            when ${sqlText(hasConflictSql(reviewerId, opportunityId))} then 'conflict'
            when ${IS_ASSIGNED_MODE_SQL_TEXT}
             and not ${sqlText(isAssignedSql(reviewerId, opportunityId))} then 'not_assigned'
          end`;
}

export const MARKED_EXPORTS: Partial<
  Record<CopyExportType, { when: string; definition: ExportDefinition }>
> = {
  // Issue 35: the owner's contact, once any opportunity has one.
  opportunities: {
    when: 'exists (select 1 from opportunities where owner_name is not null or owner_email is not null)',
    definition: opportunitiesExportOf([
      text('owner_name', 'o.owner_name'),
      text('owner_email', 'o.owner_email'),
    ]),
  },
  reviews: {
    when: REVIEW_CYCLE_IN_USE,
    definition: reviewsExportOf([text(EXCLUDED_COLUMN, excludedSql('r'))]),
  },
  comments: {
    when: REVIEW_CYCLE_IN_USE,
    definition: commentsExportOf([text(EXCLUDED_COLUMN, excludedSql('c'))]),
  },
};

export function isCopyExport(type: ExportType): type is CopyExportType {
  return Object.hasOwn(EXPORTS, type);
}
