import { CRITERION_KEYS } from '@shared/criteria';
import type { ResultOpportunity, Results } from '@shared/results-schemas';
import { reviews } from '../../db/schema/index';
import { CSV_BOM, CsvDecimal, type CsvValue, csvRecord } from '../exports/csv';
import type { OutcomesInView } from './queries';

/** A computed number with its 4 decimals written out, like the numeric columns of the other exports. */
const decimal = (value: number | null) =>
  value === null ? null : new CsvDecimal(value.toFixed(4));

type Column = { header: string; value: (row: ResultOpportunity) => CsvValue };

/**
 * The columns of the results export. Criteria are named after their review columns
 * (`strategic_alignment`, as in the reviews export), each with its raw and calibrated mean. The
 * rank is the calibrated one, with its 90% interval.
 */
const COLUMNS: Column[] = [
  { header: 'number', value: (row) => row.number },
  { header: 'title', value: (row) => row.title },
  { header: 'reviews', value: (row) => row.reviewCount },
  { header: 'raw_composite', value: (row) => decimal(row.rawComposite) },
  { header: 'calibrated_composite', value: (row) => decimal(row.calibratedComposite) },
  { header: 'rank', value: (row) => row.calibratedRank },
  { header: 'rank_low', value: (row) => row.calibratedRankInterval?.low },
  { header: 'rank_high', value: (row) => row.calibratedRankInterval?.high },
  { header: 'sd', value: (row) => decimal(row.sd) },
  { header: 'min', value: (row) => decimal(row.min) },
  { header: 'max', value: (row) => decimal(row.max) },
  { header: 'flags', value: (row) => row.flags.join('; ') },
  ...CRITERION_KEYS.flatMap((key): Column[] => [
    { header: `${reviews[key].name}_raw`, value: (row) => decimal(row.criteria[key].raw) },
    {
      header: `${reviews[key].name}_calibrated`,
      value: (row) => decimal(row.criteria[key].calibrated),
    },
  ]),
];

export const RESULTS_CSV_HEADERS = COLUMNS.map((column) => column.header);

/**
 * Issue 35: once any decision exists, the export ends with the outcome in view and its state
 * (empty for an undecided opportunity); before, it is byte for byte what it was.
 */
export const OUTCOME_HEADERS = ['outcome', 'outcome_state'];

/**
 * The results export (CONTRACT.md "Exports": BOM, CRLF, formula-safe text): one record per
 * published opportunity in the order of the Results screen (calibrated rank, unreviewed last).
 * At most 50 rows, so it is built whole rather than streamed.
 */
export function resultsCsv(results: Results, outcomes?: OutcomesInView): string {
  if (!outcomes) {
    let text = CSV_BOM + csvRecord(RESULTS_CSV_HEADERS);
    for (const row of results.opportunities) {
      text += csvRecord(COLUMNS.map((column) => column.value(row)));
    }
    return text;
  }
  let text = CSV_BOM + csvRecord([...RESULTS_CSV_HEADERS, ...OUTCOME_HEADERS]);
  for (const row of results.opportunities) {
    const decision = outcomes.get(row.id);
    text += csvRecord([
      ...COLUMNS.map((column) => column.value(row)),
      decision?.outcome,
      decision?.state,
    ]);
  }
  return text;
}
