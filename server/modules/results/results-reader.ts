import { type Results, resultsSchema } from '@shared/results-schemas';
import type { Database } from '../../db/client';
import { coalescedRead } from '../../db/coalesced-read';
import { jsonBody } from '../../http/json-body';
import { computeResults } from './compute-results';
import { type OutcomesInView, readResultsInputJson } from './queries';
import { parseResultsInput } from './results-input';

/** Computes the results from the JSON text of their input (readResultsInputJson). */
export type ResultsComputation = (inputJson: string) => Promise<Results>;

/** On the calling thread: parse, then compute. */
export const computeResultsHere: ResultsComputation = async (inputJson) =>
  computeResults(parseResultsInput(inputJson));

/** One run of the results: the value (for the CSV) and the response body checked against the contract. */
export type ResultsRun = {
  results: Results;
  body: Buffer;
  /** The decisions' outcomes in view, read with the input (issue 35); undefined while none. */
  outcomes?: OutcomesInView;
};

/**
 * The results as the admin calls read them: one statement, one computation, one serialisation,
 * shared by every request (the JSON call and the CSV export alike) that arrives while the
 * previous run is in flight (coalescedRead, decision 0007). Each run reads the input afresh; when
 * it is byte for byte the input of the previous run, the previous answer is the answer
 * (computeResults is a pure function of it), so an admin reloading unchanged results costs one
 * statement, not a model fit and a thousand resamples.
 */
export function createResultsReader(
  db: Database,
  compute: ResultsComputation = computeResultsHere,
): () => Promise<ResultsRun> {
  let last: { inputJson: string; run: ResultsRun } | undefined;
  return coalescedRead(async () => {
    const { input: inputJson, outcomes } = await readResultsInputJson(db);
    if (last?.inputJson === inputJson) return { ...last.run, outcomes };
    const results = await compute(inputJson);
    const run = { results, body: jsonBody(resultsSchema, results) };
    last = { inputJson, run };
    return { ...run, outcomes };
  });
}
