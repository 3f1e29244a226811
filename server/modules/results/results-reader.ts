import { type Results, resultsSchema } from '@shared/results-schemas';
import type { Database } from '../../db/client';
import { coalescedRead } from '../../db/coalesced-read';
import { jsonBody } from '../../http/json-body';
import { computeResults } from './compute-results';
import { type OutcomesInView, readResultsFingerprint, readResultsInputJson } from './queries';
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
 * After a computation that took d ms, the next one starts no earlier than this many times d after
 * it ended, so the results take at most a fifth of a core however often admins reload them while
 * reviews stream in (issue 38: at 1,000 reviewers x 50 a computation takes about 0.9 s, and an
 * admin reloading every second took a quarter of the reviewers' saves). An answer is never older
 * than the call: a caller waits for the computation, it does not get the previous one.
 */
export const RESULTS_PACE_FACTOR = 4;

export type ResultsReaderOptions = {
  paceFactor?: number;
  /** The clock and the wait of the pacing (tests pass their own). */
  now?: () => number;
  wait?: (ms: number) => Promise<void>;
};

/**
 * The results as the admin calls read them: one statement, one computation, one serialisation,
 * shared by every request (the JSON call and the CSV export alike) that arrives while the
 * previous run is in flight (coalescedRead, decision 0007). A run first reads the
 * fingerprint of the rows the input is made of; when it is the fingerprint the previous input was
 * read with, the previous answer is the answer (computeResults is a pure function of the input),
 * so an admin reloading unchanged results costs one light statement, not the 5 MB input of 1,000
 * reviewers, a model fit and a thousand resamples (issue 38). Otherwise the run waits for its turn
 * (RESULTS_PACE_FACTOR), and callers that arrive during that wait share it, since it reads its input
 * after they came; the input is then read afresh, and when it is byte for byte the previous one
 * (a change that did not touch it), not computed again.
 */
export function createResultsReader(
  db: Database,
  compute: ResultsComputation = computeResultsHere,
  {
    paceFactor = RESULTS_PACE_FACTOR,
    now = () => performance.now(),
    wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  }: ResultsReaderOptions = {},
): () => Promise<ResultsRun> {
  let last: { fingerprint: string; inputJson: string; run: ResultsRun } | undefined;
  let nextComputationAt = Number.NEGATIVE_INFINITY;
  return coalescedRead(async (inFlight) => {
    if (last) {
      const { fingerprint, outcomes } = await readResultsFingerprint(db);
      if (fingerprint === last.fingerprint) return { ...last.run, outcomes };
      const delay = nextComputationAt - now();
      if (delay > 0) {
        // Callers arriving during the wait share this run: its input is read after they came.
        inFlight.joinable = true;
        await wait(delay);
        inFlight.joinable = false;
      }
    }
    const started = now();
    const { input: inputJson, fingerprint, outcomes } = await readResultsInputJson(db);
    if (last?.inputJson === inputJson) {
      last = { ...last, fingerprint };
      return { ...last.run, outcomes };
    }
    const results = await compute(inputJson);
    const run = { results, body: jsonBody(resultsSchema, results) };
    last = { fingerprint, inputJson, run };
    const ended = now();
    nextComputationAt = ended + paceFactor * (ended - started);
    return { ...run, outcomes };
  });
}
