// What `npm run bench:web` (bench/web.mjs) does on each page after its own probes, as a user
// would: every step is trusted input (mouse and keyboard through CDP), so that Event Timing
// measures it (web-probes.mjs, measureStep). A step first
// finds its target (`prepare`, not measured: Playwright's own queries run in the page too), then
// acts (`act`, measured). A native select is changed with the arrow keys, which change its value
// inside the keydown. Steps that change something put it back (the comment switch is toggled
// twice, the filters return to all, a score, a comment and a letter's quoted comment end as they
// were saved, 'Show all fields' is ticked and unticked).

const VIEWPORT_HEIGHT = 800;

/** The centres of the first `count` elements of `locator` that are in view. */
async function centresOf(locator, count) {
  const centres = [];
  const available = Math.min(count, await locator.count());
  for (let index = 0; index < available; index++) {
    const box = await locator.nth(index).boundingBox();
    if (box && box.y >= 0 && box.y + box.height < VIEWPORT_HEIGHT) {
      centres.push({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
    }
  }
  return centres;
}

/** The pointer moves over the first few elements of `locator` in view. */
const hover = (page, locator, count = 8) => ({
  name: 'hover',
  prepare: () => centresOf(locator, count),
  act: async (centres) => {
    for (const { x, y } of centres) await page.mouse.move(x, y, { steps: 3 });
  },
});

/** A click in the middle of the first element of `locator`. */
const click = (name, page, locator) => ({
  name,
  prepare: async () => {
    await locator.first().scrollIntoViewIfNeeded();
    return (await centresOf(locator.first(), 1))[0];
  },
  act: ({ x, y }) => page.mouse.click(x, y),
});

/** Keys pressed with the focus in `locator` (text to type, or key names). */
const keys = (name, page, locator, pressed) => ({
  name,
  prepare: () => locator.focus(),
  act: async () => {
    for (const key of pressed) await page.keyboard.press(key, { delay: 30 });
  },
});

const typing = (text) => [...text].map((character) => (character === ' ' ? 'Space' : character));

/** Steps of an admin list: hover, search and clear, a filter, sort, select all, a row menu. */
function adminListSteps({ table, search, filter, sortBy }) {
  return (page) => {
    const region = page.getByRole('table', { name: table });
    const searchBox = page.getByRole('searchbox', { name: search });
    const selectAll = region.getByRole('checkbox', { name: /^Select all shown/ });
    const sortButton = region.getByRole('button', { name: sortBy, exact: true });
    const firstRowBox = region.locator('tbody tr').first().getByRole('checkbox');
    return [
      hover(page, region.locator('tbody tr')),
      keys('search', page, searchBox, typing('Bench 1')),
      keys('clear search', page, searchBox, ['Control+A', 'Backspace']),
      // All -> first option -> second -> first -> All.
      keys('filter', page, page.locator(filter), ['ArrowDown', 'ArrowDown', 'ArrowUp', 'ArrowUp']),
      click('sort', page, sortButton),
      click('sort back', page, sortButton),
      click('select all', page, selectAll),
      click('unselect all', page, selectAll),
      click('select a row', page, firstRowBox),
      click('unselect a row', page, firstRowBox),
      {
        name: 'row menu',
        prepare: () =>
          region
            .getByRole('button', { name: /^Actions for/ })
            .first()
            .focus(),
        act: async () => {
          await page.keyboard.press('Enter');
          await page.keyboard.press('Escape');
        },
      },
    ];
  };
}

/** Per page name (bench/web-pages.mjs's PAGES), a function of the page answering its steps. */
const stepsOf = {
  'admin dashboard': (page) => {
    const toggle = page.getByRole('switch', { name: 'Show Reviewer Comments' });
    return [
      hover(page, page.locator('main li')),
      click('toggle', page, toggle),
      click('toggle back', page, toggle),
    ];
  },
  'admin reviewers': adminListSteps({
    table: 'Reviewers',
    search: 'Search reviewers',
    filter: '#reviewer-status-filter',
    sortBy: 'Email',
  }),
  'admin opportunities': adminListSteps({
    table: 'Opportunities',
    search: 'Search opportunities',
    filter: '#batch-filter',
    sortBy: 'Title',
  }),
  'admin results': (page) => {
    const rankBy = page.getByRole('radiogroup', { name: 'Rank by' });
    return [
      hover(page, page.getByTestId('interval-row')),
      click('rank by raw', page, rankBy.getByRole('radio', { name: 'Raw' })),
      click('rank by calibrated', page, rankBy.getByRole('radio', { name: 'Calibrated' })),
      keys('shade the top', page, page.getByLabel('Shade the top'), ['ArrowUp', 'ArrowDown']),
    ];
  },
  'admin exports': (page) => [hover(page, page.getByRole('button', { name: 'Download CSV' }))],
  'admin assignments': (page) => {
    const grid = page.getByRole('grid');
    const firstCell = grid.getByRole('gridcell').first();
    return [
      hover(page, grid.getByRole('gridcell'), 12),
      // The grid is one tab stop; the arrow keys move its active cell.
      keys('move in the grid', page, firstCell, [
        'ArrowRight',
        'ArrowDown',
        'ArrowLeft',
        'ArrowUp',
      ]),
    ];
  },
  'admin decisions': (page) => [
    hover(page, page.getByRole('table', { name: 'Decisions' }).locator('tbody tr'), 12),
  ],
  'admin decision panel': (page) => {
    const letter = page.getByRole('form', { name: 'Letter to the owner' });
    // The first quoted comment (the arranged letter quotes 20): typing redacts it, deleting
    // restores the reviewer's text. The editor keeps the change unsaved.
    const quoted = letter.getByRole('textbox', { name: /^Text in the letter: / }).first();
    const showAll = letter.getByRole('checkbox', { name: 'Show all fields' });
    return [
      hover(page, letter.getByTestId('letter-comment')),
      keys('type in a quoted comment', page, quoted, ['End', ...typing(' ok')]),
      keys('delete it', page, quoted, ['Backspace', 'Backspace', 'Backspace']),
      click('show all fields', page, showAll),
      click('show fewer fields', page, showAll),
    ];
  },
  'reviewer list': (page) => {
    const search = page.getByRole('searchbox', { name: 'Search opportunities' });
    const status = page.getByRole('combobox', { name: 'Filter by status' });
    return [
      hover(page, page.getByRole('listitem')),
      keys('search', page, search, typing('heat pump')),
      keys('clear search', page, search, ['Control+A', 'Backspace']),
      // All -> Not Started -> In Progress -> Done -> back to All.
      keys('filter', page, status, ['ArrowDown', 'ArrowDown', 'ArrowDown', 'Home']),
      click('list view', page, page.getByRole('button', { name: 'List view' })),
      click('grid view', page, page.getByRole('button', { name: 'Grid view' })),
    ];
  },
  'reviewer detail': (page) => {
    const group = page.getByRole('radiogroup', { name: 'Sustainability' });
    const comment = page.getByLabel('Any other comments or general view?');
    let original;
    return [
      hover(page, page.getByRole('radio')),
      // Another score, then the saved one again: the auto-save stores what was there.
      {
        name: 'score',
        prepare: async () => {
          original = await group.getByRole('radio', { checked: true }).textContent();
          const other = original === '1' ? '2' : '1';
          return (await centresOf(group.getByRole('radio', { name: other, exact: true }), 1))[0];
        },
        act: ({ x, y }) => page.mouse.click(x, y),
      },
      {
        name: 'score back',
        prepare: async () =>
          (await centresOf(group.getByRole('radio', { name: original, exact: true }), 1))[0],
        act: ({ x, y }) => page.mouse.click(x, y),
      },
      keys('type a comment', page, comment, ['End', ...typing(' ok')]),
      keys('delete it', page, comment, ['Backspace', 'Backspace', 'Backspace']),
    ];
  },
};

/** The steps on `page`, the page called `name`: [{ name, prepare?, act }] (none for others). */
export function interactionsFor(name, page) {
  return stepsOf[name]?.(page) ?? [];
}
