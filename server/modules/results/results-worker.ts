import fs from 'node:fs';
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { computeResults } from './compute-results';
import { parseResultsInput } from './results-input';

/**
 * The thread that computes the results (./results-thread.ts starts it): parses the input JSON and
 * runs computeResults off the main thread, so that reviewers' requests never wait behind it.
 */
export type ResultsJob = { id: number; inputJson: string };
export type ResultsAnswer =
  | { id: number; results: ReturnType<typeof computeResults> }
  | { id: number; error: string };

/**
 * The lowest scheduling priority for this thread alone. A thread of its own is not enough on a
 * small machine: the computation still takes a core from PostgreSQL and the main thread, and at
 * 10,000 reviews reviewers' saves lost 24% of their throughput to an admin reloading Results
 * every second (decision 0010). On Linux a thread has its own nice value, set through its thread
 * id (from /proc/thread-self); elsewhere the thread keeps the process's priority.
 */
function yieldToRequests() {
  try {
    const threadId = Number(fs.readlinkSync('/proc/thread-self').split('/').at(-1));
    if (Number.isInteger(threadId) && threadId > 0) {
      os.setPriority(threadId, os.constants.priority.PRIORITY_LOW);
    }
  } catch {
    // Not Linux, or not allowed: the computation still runs, at the process's priority.
  }
}

yieldToRequests();

parentPort?.on('message', ({ id, inputJson }: ResultsJob) => {
  let answer: ResultsAnswer;
  try {
    answer = { id, results: computeResults(parseResultsInput(inputJson)) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort!.postMessage(answer);
});
