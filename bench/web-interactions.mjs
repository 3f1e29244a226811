// The measured interactions of `npm run bench:web` (bench/web.mjs) that every page of a kind
// shares: scrolling the page or a region, hovering the heatmap, toggling and selecting, each
// timed by the in-page recorder (web-probes.mjs).
import { measureInteraction, waitForQuiet } from './web-probes.mjs';

const TOOLTIP_TEXT = /^(Score: \d\.\d\d|Not reviewed|Not assigned|Conflict of interest)$/;

// --- Interactions -------------------------------------------------------------------------------

/** Wheel steps of `step` pixels while `canScroll()` holds, at most `max`; one sample per step. */
async function wheelSamples(page, { step, max, canScroll }) {
  await waitForQuiet(page);
  const samples = [];
  for (let i = 0; i < max && (await canScroll()); i++) {
    samples.push(
      await measureInteraction(page, {
        inputs: ['wheel'],
        done: () => window.__bench.armed.scrolled === true,
        act: () => page.mouse.wheel(0, step),
      }),
    );
    await waitForQuiet(page);
  }
  return samples;
}

/** Scrolls the document down by wheel steps (mouse at `at`) until the end; one sample per step. */
export async function scrollSamples(page, { at = { x: 900, y: 120 }, step = 700, max = 12 } = {}) {
  await page.mouse.move(at.x, at.y);
  return wheelSamples(page, {
    step,
    max,
    canScroll: async () =>
      !(await page.evaluate(
        () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
      )),
  });
}

/** Wheel steps with the mouse over `selector` (a scrolling region: the heatmap's rows). */
export async function regionScrollSamples(page, selector, { step = 400, steps = 5 } = {}) {
  const region = page.locator(selector).first();
  if ((await region.count()) === 0) return [];
  await region.scrollIntoViewIfNeeded();
  const box = await region.boundingBox();
  if (!box) return [];
  await page.mouse.move(box.x + box.width * 0.6, box.y + Math.min(box.height / 2, 200));
  return wheelSamples(page, {
    step,
    max: steps,
    canScroll: () =>
      region.evaluate(
        (element) => element.scrollTop + element.clientHeight < element.scrollHeight - 2,
      ),
  });
}

/** The heatmap's scrolling region (before issue 17: the section that scrolled it sideways). */
export const HEATMAP_REGION =
  '[data-testid="heatmap-scroller"], section[aria-label="Heatmap table"]';

/**
 * Hovers `count` heatmap cells spread over those in view (the pointer really on them, not under
 * a sticky header), each until its tooltip shows.
 */
export async function heatmapHoverSamples(page, { count = 6 } = {}) {
  const region = page.locator(HEATMAP_REGION).first();
  if ((await region.count()) === 0) return [];
  await region.scrollIntoViewIfNeeded();
  // A card scrolled into view renders its content (content-visibility) at the next frames.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await waitForQuiet(page);
  const points = await region.evaluate((scroller, wanted) => {
    const cells = [...scroller.querySelectorAll('[data-testid="heatmap-cell"]')];
    const centres = cells
      .map((cell) => {
        const box = cell.getBoundingClientRect();
        return { cell, x: box.left + box.width / 2, y: box.top + box.height / 2 };
      })
      .filter(({ cell, x, y }) => cell.contains(document.elementFromPoint(x, y)));
    return Array.from({ length: Math.min(wanted, centres.length) }, (_, i) => {
      const { x, y } = centres[Math.floor(((i + 0.5) * centres.length) / wanted)];
      return { x, y };
    });
  }, count);
  const samples = [];
  for (const point of points) {
    // In steps: a pointer that jumps away leaves Radix's tooltip open (its grace area).
    await page.mouse.move(5, 5, { steps: 5 });
    await page.waitForFunction(() => !document.querySelector('[role="tooltip"]'));
    await waitForQuiet(page);
    samples.push(
      await measureInteraction(page, {
        inputs: ['pointermove'],
        done: (pattern) =>
          [...document.querySelectorAll('[role="tooltip"]')].some((tip) =>
            new RegExp(pattern).test(tip.textContent.trim()),
          ),
        doneArg: TOOLTIP_TEXT.source,
        act: () => page.mouse.move(point.x, point.y),
      }),
    );
  }
  await page.mouse.move(5, 5, { steps: 5 });
  return samples;
}

/** Times `act` (its `inputs` events) until `attribute` of the `target` element changed. */
async function untilAttributeChanges(page, { target, attribute, inputs, act }) {
  const before = await page.evaluate(
    ({ target: t, attribute: a }) => document.querySelector(t)?.getAttribute(a) ?? null,
    { target, attribute },
  );
  return measureInteraction(page, {
    inputs,
    done: ({ target: t, attribute: a, before: b }) =>
      (document.querySelector(t)?.getAttribute(a) ?? null) !== b,
    doneArg: { target, attribute, before },
    act,
  });
}

/** Clicks a button and times it until `attribute` of `target` changed (both in the page). */
export async function toggleSamples(page, { button, target, attribute, times = 2 }) {
  const samples = [];
  for (let i = 0; i < times; i++) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await waitForQuiet(page);
    samples.push(
      await untilAttributeChanges(page, {
        target,
        attribute,
        inputs: ['pointerdown'],
        act: () => page.locator(button).first().click(),
      }),
    );
    await waitForQuiet(page);
  }
  return samples;
}

/**
 * Steps a native select with the arrow key `times` times (as a keyboard user does; Chromium
 * changes a closed select's value on ArrowDown), each until the `target`'s `attribute` changed.
 */
export async function selectSamples(page, { select, target, attribute, times = 3 }) {
  const samples = [];
  const control = page.locator(select).first();
  if ((await control.count()) === 0) return samples;
  await control.scrollIntoViewIfNeeded();
  await control.focus();
  for (let i = 0; i < times; i++) {
    await waitForQuiet(page);
    samples.push(
      await untilAttributeChanges(page, {
        target,
        attribute,
        inputs: ['keydown'],
        act: () => page.keyboard.press('ArrowDown'),
      }),
    );
  }
  return samples;
}

const THEME_TOGGLE = {
  button: 'button[aria-label="Toggle theme"]',
  target: 'html',
  attribute: 'class',
};
const SIDEBAR_TOGGLE = {
  button: 'button[aria-label="Toggle Sidebar"]',
  target: '[data-testid="sidebar"]',
  attribute: 'data-state',
};

/**
 * The admin pages' interactions: page scroll (after which `totals` records what the whole page,
 * every section rendered, cost), and the sidebar and theme toggles.
 */
export async function adminInteractions(page, { totals }, scrollOptions = {}) {
  const scroll = await scrollSamples(page, scrollOptions);
  await totals('scrolled to the end');
  return {
    scroll,
    'sidebar toggle': await toggleSamples(page, SIDEBAR_TOGGLE),
    'theme toggle': await toggleSamples(page, THEME_TOGGLE),
  };
}

/** The reviewer pages' interaction: page scroll, then the totals of the whole page. */
export async function reviewerInteractions(page, { totals }) {
  const scroll = await scrollSamples(page);
  await totals('scrolled to the end');
  return { scroll };
}
