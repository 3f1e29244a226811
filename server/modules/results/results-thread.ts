import { Worker } from 'node:worker_threads';
import type { Results } from '@shared/results-schemas';
import type { ResultsComputation } from './results-reader';
import type { ResultsAnswer, ResultsJob } from './results-worker';

/**
 * The worker, as a file or as code. The production server is one esbuild bundle
 * (dist/server/main.js), so the worker is an entry of its own beside it (scripts/build.mjs:
 * dist/server/results-worker.js). Run from source (vitest, `npm run dev`), the TypeScript file is
 * loaded through tsx's loader, registered inside the worker first (Node 20 does not apply an
 * `--import` hook to a worker's own entry file); tsx also resolves tsconfig's `@shared/*` paths.
 */
function workerSource(): { script: URL | string; eval: boolean } {
  if (!import.meta.url.endsWith('.ts')) {
    return { script: new URL('./results-worker.js', import.meta.url), eval: false };
  }
  const entry = JSON.stringify(new URL('./results-worker.ts', import.meta.url).href);
  return {
    script: `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${entry}); })`,
    eval: true,
  };
}

/** Heap of the worker: the input of 10,000 reviews and the model's arrays need a few MB. */
const WORKER_HEAP_MB = 128;

export type ResultsThread = { compute: ResultsComputation; close: () => Promise<void> };

/**
 * A worker thread computing the results (decision 0010, "Serving the results"): started at the
 * first computation, kept for the next ones, started again after a crash. Each job carries the
 * input as JSON text (a copy of a string, not a structured clone of 10,000 objects) and comes
 * back as the Results object (50 opportunities and the reviewers: small to clone).
 */
export function createResultsThread(): ResultsThread {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, { resolve: (r: Results) => void; reject: (e: Error) => void }>();

  const failAll = (error: Error) => {
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };

  const start = () => {
    const source = workerSource();
    const started = new Worker(source.script, {
      eval: source.eval,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    // An idle worker must not keep a stopping process alive.
    started.unref();
    started.on('message', (answer: ResultsAnswer) => {
      const job = pending.get(answer.id);
      if (!job) return;
      pending.delete(answer.id);
      if ('error' in answer) job.reject(new Error(`Computing the results failed: ${answer.error}`));
      else job.resolve(answer.results);
    });
    started.on('error', (error) => {
      if (worker === started) worker = undefined;
      failAll(error);
    });
    started.on('exit', (code) => {
      if (worker === started) worker = undefined;
      failAll(new Error(`The results worker exited (${code})`));
    });
    return started;
  };

  return {
    compute: (inputJson) =>
      new Promise<Results>((resolve, reject) => {
        worker ??= start();
        const id = nextId++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, inputJson } satisfies ResultsJob);
      }),
    close: async () => {
      const stopping = worker;
      worker = undefined;
      await stopping?.terminate();
    },
  };
}
