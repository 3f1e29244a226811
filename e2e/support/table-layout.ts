import { expect, type Locator } from '@playwright/test';

/** The table fits its card: nothing hides behind a sideways scrollbar (its scroller, the parent). */
export async function expectNoSidewaysScroll(table: Locator) {
  const overflow = await table.evaluate((el) => {
    const scroller = el.parentElement!;
    return scroller.scrollWidth - scroller.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * A table's row shown as a phone card (issue 38): scrolled to, each of its cells named in
 * `labels` (by data-label) and each of `controls` (its checkbox, its actions) lies whole across
 * the screen's width, none past its edge.
 */
export async function expectCardInView(
  row: Locator,
  { labels, controls = [] }: { labels: readonly string[]; controls?: readonly Locator[] },
) {
  const width = row.page().viewportSize()!.width;
  const parts = [
    ...labels.map((label) => ({ name: label, part: row.locator(`[data-label="${label}"]`) })),
    ...controls.map((control) => ({ name: String(control), part: control })),
  ];
  // Scrolled again until it is in view: a row below a part of the page that is skipped until
  // scrolled near (content-visibility: auto, as under Results' ranking) lies past the page's end
  // while that part holds its placeholder height, so the first scroll stops short of it.
  await expect(async () => {
    await row.scrollIntoViewIfNeeded();
    for (const { name, part } of parts) {
      await expect(part, name).toBeInViewport({ timeout: 1000 });
    }
  }).toPass({ timeout: 10_000 });
  for (const { name, part } of parts) {
    const box = (await part.boundingBox())!;
    expect(box.x, `${name} starts inside the screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name} ends inside the screen`).toBeLessThanOrEqual(width);
  }
}
