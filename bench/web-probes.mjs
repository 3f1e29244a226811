// The in-page side of `npm run bench:web` (bench/web.mjs): a recorder installed before any page
// script runs, and the Playwright helpers that read it. Exported for any page a benchmark adds.
//
// Definitions (the header of bench/web.mjs repeats them):
// - A long task is a main-thread task of 50 ms or more (the Long Tasks API).
// - Interactive: the later of (a) the first animation frame in which the page's main content is in
//   the DOM (its `ready` check) and (b) the end of the last long task before the first window of
//   500 ms without any long task after (a). Milliseconds from the start of the navigation.
// - Settled: the renderer's CDP TaskDuration grew by less than 20 ms over the last second. Task
//   and script time, elements and DOM nodes are read then, so work deferred past "interactive"
//   (idle-time rendering, late requests) is counted too.
// - An interaction's latency: from the input event's timestamp (the first event of that input)
//   until the frame after its visible result is in the DOM (the tooltip with its text, the
//   scroll position, the toggled state), that frame taken as the moment a task posted from its
//   requestAnimationFrame callback runs. Its worst frame: the longest gap between two animation
//   frames in the second after the input (what rendering triggered by it, e.g. rows scrolled into
//   view, costs). Both must stay under 100 ms.
// - A user step's latency (bench/page-interactions.mjs: search, filter, sort, select all, a row
//   menu, a score, a comment...): the longest Event Timing duration among the events it caused,
//   from the input until the next paint, as INP measures it; 0 when every one took under 16 ms,
//   which the browser does not report. Its worst frame is not measured (shown as '-'). Its work:
//   the main thread's task time (CDP TaskDuration) from the input until a second after it,
//   everything the input set off, painted or not.

/** Installed with context.addInitScript: records long tasks and frames, and times interactions. */
export function installRecorder() {
  const bench = {
    longTasks: [],
    events: [],
    armed: null,
    readyAt: null,
  };
  window.__bench = bench;
  try {
    // Every event slower than 16 ms (the least Event Timing reports): its input-to-next-paint
    // duration, as INP measures it. A user step (measureStep) reads those it caused.
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        bench.events.push({ name: entry.name, start: entry.startTime, duration: entry.duration });
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  } catch {}
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        bench.longTasks.push([entry.startTime, entry.startTime + entry.duration]);
      }
    }).observe({ type: 'longtask', buffered: true });
  } catch {}

  const afterNextFrame = (callback) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => callback(performance.now());
      channel.port2.postMessage(0);
    });

  const onInput = (event) => {
    const armed = bench.armed;
    if (!armed || armed.t0 !== null || !armed.inputs.includes(event.type)) return;
    armed.t0 = event.timeStamp;
  };
  for (const type of ['pointermove', 'pointerdown', 'keydown', 'wheel']) {
    window.addEventListener(type, onInput, { capture: true, passive: true });
  }

  /**
   * Arms the timing of one interaction: `inputs` are the event types that start it, `done` says
   * when its visible result is in the DOM. Frames are recorded for `windowMs` after the input.
   */
  bench.arm = (inputs, done, windowMs = 1000) => {
    const armed = {
      inputs,
      t0: null,
      scrolled: false,
      doneAt: null,
      paintAt: null,
      frames: [],
      finished: false,
    };
    bench.armed = armed;
    const check = () => {
      if (armed.t0 === null || armed.doneAt !== null) return;
      if (done()) {
        armed.doneAt = performance.now();
        afterNextFrame((at) => {
          armed.paintAt = at;
        });
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    const onScroll = () => {
      if (armed.t0 !== null) armed.scrolled = true;
      check();
    };
    document.addEventListener('scroll', onScroll, { capture: true, passive: true });
    const frame = (at) => {
      armed.frames.push(at);
      check();
      if (armed.t0 !== null && at - armed.t0 > windowMs && armed.paintAt !== null) {
        armed.finished = true;
        observer.disconnect();
        document.removeEventListener('scroll', onScroll, { capture: true });
        return;
      }
      if (armed.t0 === null || at - armed.t0 < 10_000) requestAnimationFrame(frame);
      else armed.finished = true; // the result never showed: reported as a failure
    };
    requestAnimationFrame(frame);
  };

  /** The figures of the armed interaction once it finished, else null. */
  bench.result = () => {
    const armed = bench.armed;
    if (!armed?.finished) return null;
    // Gaps between animation frames from the input to a second after it; a frame that started
    // before the input only counts from the input.
    let worstFrame = 0;
    const { frames, t0 } = armed;
    for (let i = 1; i < frames.length; i++) {
      if (frames[i] < t0) continue;
      if (frames[i - 1] > t0 + 1000) break;
      worstFrame = Math.max(worstFrame, frames[i] - Math.max(frames[i - 1], t0));
    }
    return {
      latency: armed.paintAt === null ? null : armed.paintAt - armed.t0,
      worstFrame,
    };
  };
}

/** Waits until the page's main content is in the DOM (checked every frame); answers the time. */
export async function waitForReady(page, ready, timeout = 60_000) {
  const handle = await page.waitForFunction(
    (source) => {
      // `ready` arrives as a selector list: every selector must match, and none of the loading
      // markers may be on the page.
      const { all, none } = source;
      const ok =
        all.every((selector) => document.querySelector(selector)) &&
        none.every((selector) => !document.querySelector(selector));
      return ok ? performance.now() : false;
    },
    ready,
    { polling: 'raf', timeout },
  );
  return handle.jsonValue();
}

/** Loading markers of the app: skeletons, 'Loading...' statuses. */
export const LOADING_MARKERS = ['[data-slot="skeleton"]', '[role="status"] .animate-spin'];

/**
 * Waits for the interactive moment (see the definitions above) after `readyAt`; answers it in ms
 * from the navigation start.
 */
export async function waitForInteractive(page, readyAt, { quietMs = 500, timeout = 60_000 } = {}) {
  const started = Date.now();
  for (;;) {
    const state = await page.evaluate(
      ({ readyAt: ready, quietMs: quiet }) => {
        const now = performance.now();
        let busyUntil = ready;
        for (const [start, end] of window.__bench.longTasks) {
          // Long tasks after the quiet window that already passed do not move the moment back.
          if (end > busyUntil && start < busyUntil + quiet) busyUntil = Math.max(busyUntil, end);
        }
        return { now, busyUntil, quiet: now - busyUntil >= quiet };
      },
      { readyAt, quietMs },
    );
    if (state.quiet) return state.busyUntil;
    if (Date.now() - started > timeout) throw new Error('The page never had a quiet window');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The renderer's CDP metrics as an object (TaskDuration and ScriptDuration in seconds). */
export async function cdpMetrics(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(metrics.map(({ name, value }) => [name, value]));
}

/** Waits until TaskDuration grew less than 20 ms over the last second (at most `timeout`). */
export async function waitForSettled(cdp, timeout = 20_000) {
  const samples = [];
  const started = Date.now();
  for (;;) {
    samples.push({ at: Date.now(), task: (await cdpMetrics(cdp)).TaskDuration });
    const second = samples.find((sample) => sample.at >= samples.at(-1).at - 1000);
    if (samples.at(-1).at - samples[0].at >= 1000 && samples.at(-1).task - second.task < 0.02) {
      return;
    }
    if (Date.now() - started > timeout) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Loads `url` in `page` and measures it: task and script time, elements and DOM nodes once
 * settled, and the interactive moment. `ready` is {all: [selectors], none: [selectors]}.
 * `timeDomain` 'threadTicks' counts the main thread's CPU time in its tasks, which a busy host
 * hardly changes; 'timeTicks' their wall-clock time, which it stretches (the two agree on an idle
 * machine).
 */
export async function measurePageLoad(page, cdp, url, ready, { timeDomain = 'threadTicks' } = {}) {
  await cdp.send('Performance.enable', { timeDomain });
  const before = await cdpMetrics(cdp);
  await page.goto(url, { waitUntil: 'commit' });
  const readyAt = await waitForReady(page, ready);
  const interactiveAt = await waitForInteractive(page, readyAt);
  await waitForSettled(cdp);
  await cdp.send('HeapProfiler.collectGarbage').catch(() => {});
  const after = await cdpMetrics(cdp);
  // A navigation may move the page to a new renderer, whose counters start at 0.
  const delta = (name) => (after[name] >= before[name] ? after[name] - before[name] : after[name]);
  const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
  return {
    before,
    taskMs: delta('TaskDuration') * 1000,
    scriptMs: delta('ScriptDuration') * 1000,
    layoutMs: (delta('LayoutDuration') + delta('RecalcStyleDuration')) * 1000,
    elements,
    nodes: after.Nodes,
    readyMs: readyAt,
    interactiveMs: interactiveAt,
  };
}

/**
 * The page's totals since `before` (the metrics before its navigation), once settled: after it
 * was scrolled to the end, for example, what rendering every section cost in all.
 */
export async function measureTotals(page, cdp, before) {
  await waitForSettled(cdp);
  await cdp.send('HeapProfiler.collectGarbage').catch(() => {});
  const after = await cdpMetrics(cdp);
  const delta = (name) => (after[name] >= before[name] ? after[name] - before[name] : after[name]);
  return {
    taskMs: delta('TaskDuration') * 1000,
    scriptMs: delta('ScriptDuration') * 1000,
    elements: await page.evaluate(() => document.getElementsByTagName('*').length),
    nodes: after.Nodes,
  };
}

/**
 * Times one interaction: arms the recorder in the page (`done` runs in the page and says when
 * the result shows), runs `act` (the real input, through Playwright), and answers
 * {latency, worstFrame} in ms.
 */
export async function measureInteraction(page, { inputs, done, doneArg, act, timeout = 15_000 }) {
  // An expression rather than a function: the check is a function of the benchmark, compiled
  // in the page by the debugger protocol (which the page's CSP does not govern).
  await page.evaluate(
    `window.__bench.arm(${JSON.stringify(inputs)}, () => (${done})(${JSON.stringify(doneArg ?? null)}))`,
  );
  await act();
  const handle = await page.waitForFunction(() => window.__bench.result(), undefined, {
    polling: 100,
    timeout,
  });
  const result = await handle.jsonValue();
  if (result.latency === null) throw new Error('The interaction never showed its result');
  return result;
}

/** How long the main thread's work after an input is counted (measureStep's `work`). */
export const WORK_WINDOW_MS = 1000;

/**
 * Times one user step of bench/page-interactions.mjs: finds its target (`prepare`, not timed),
 * acts with trusted input, waits for the next frame, and answers {latency, worstFrame: null,
 * work} in ms: the latency is the longest Event Timing duration of the events since the step
 * began; `work` is the renderer's main-thread task time (CDP TaskDuration) from just before the
 * input until WORK_WINDOW_MS after it. Latency is one event's wait for its next paint; work also
 * counts what the input set off after that paint (transition events, deferred renders, refetches),
 * which is what made a theme switch or 'select all' heavy while its latency still looked fine
 * (decision 0024).
 */
export async function measureStep(page, { prepare, act }, cdp) {
  const prepared = await prepare?.();
  const since = await page.evaluate(() => performance.now());
  const before = (await cdpMetrics(cdp)).TaskDuration;
  const started = Date.now();
  await act(prepared);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))),
  );
  const durations = await page.evaluate(
    (from) => window.__bench.events.filter((e) => e.start >= from).map((e) => e.duration),
    since,
  );
  await new Promise((resolve) =>
    setTimeout(resolve, Math.max(0, started + WORK_WINDOW_MS - Date.now())),
  );
  const work = ((await cdpMetrics(cdp)).TaskDuration - before) * 1000;
  return { latency: Math.max(0, ...durations), worstFrame: null, work };
}

/** Waits for a quiet main thread (no long task for `quietMs`) before the next measurement. */
export async function waitForQuiet(page, quietMs = 300) {
  const now = await page.evaluate(() => performance.now());
  await waitForInteractive(page, now, { quietMs });
}

// --- Figures ----------------------------------------------------------------------------------

export const medianOf = (values) => {
  const sorted = values.filter((v) => v !== null && v !== undefined).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** {median, min, max} of the runs' values. */
export function rangeOf(values) {
  const present = values.filter((v) => v !== null && v !== undefined);
  if (present.length === 0) return { median: null, min: null, max: null };
  return { median: medianOf(present), min: Math.min(...present), max: Math.max(...present) };
}

/** '123 (110-140)' for a range; just the value with one run. */
export function formatRange({ median, min, max }, digits = 0) {
  if (median === null) return '-';
  const f = (v) => v.toFixed(digits);
  return min === max ? f(median) : `${f(median)} (${f(min)}-${f(max)})`;
}
