import { BALLOT_INTERVAL_LEVEL } from '@shared/ballot';
import { CSV_BOM, CsvDecimal, type CsvValue, csvRecord } from '../exports/csv';
import type { BallotCount } from './results';
import { scoreOrder } from './results';

/** A share as a percentage with one decimal (0.973 -> 97.3). */
const percent = (share: number) => Math.round(share * 1000) / 10;

/**
 * The ballot export (CONTRACT.md "Exports": BOM, CRLF, formula-safe text): one record per
 * candidate in the Schulze order (a tied group by number), then the pairwise matrix in that same
 * order, `Preferred to #N` holding how many voters prefer the row's candidate to #N. The place
 * interval is written with an en dash ('1–2'): with a hyphen a spreadsheet reads it as a date.
 */
export function ballotCsv(counted: BallotCount): string {
  const { candidates, count, calibrated } = counted;
  const scorePlaces = scoreOrder(calibrated).places;
  const order = count.groups.flatMap((group) => [...group].sort((x, y) => x - y));
  const header = [
    'Place',
    'Number',
    'Title',
    'Kept place (%)',
    `Place interval (${Math.round(BALLOT_INTERVAL_LEVEL * 100)}%)`,
    'First place (%)',
    'Borda points',
    'Borda place',
    'Score place',
    'Calibrated composite',
    ...order.map((k) => `Preferred to #${candidates[k]!.number}`),
  ];
  let text = CSV_BOM + csvRecord(header);
  for (const row of order) {
    const interval = count.interval[row]!;
    const composite = calibrated[row];
    const values: CsvValue[] = [
      count.places[row],
      candidates[row]!.number,
      candidates[row]!.title,
      percent(count.keepShare[row]!),
      `${interval.low}–${interval.high}`,
      percent(count.firstShare[row]!),
      count.bordaPoints[row],
      count.bordaPlaces[row],
      scorePlaces[row],
      composite === null || composite === undefined ? null : new CsvDecimal(composite.toFixed(4)),
      ...order.map((column) => (column === row ? null : count.d[row]![column])),
    ];
    text += csvRecord(values);
  }
  return text;
}
