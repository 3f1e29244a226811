import {
  adminInteractions,
  HEATMAP_REGION,
  heatmapHoverSamples,
  regionScrollSamples,
  reviewerInteractions,
  selectSamples,
} from './web-interactions.mjs';

/**
 * The pages of issue 17 (web/app/router.tsx): every admin page and the reviewer list and detail.
 * `ready` says when the main content is there; `interactions` answers named sample lists.
 */
export const PAGES = [
  { name: 'admin dashboard', path: '/admin/dashboard', role: 'admin', ready: ['main h1'] },
  { name: 'admin reviewers', path: '/admin/reviewers', role: 'admin', ready: ['main tbody tr'] },
  {
    name: 'admin opportunities',
    path: '/admin/opportunities',
    role: 'admin',
    ready: ['main tbody tr'],
  },
  {
    name: 'admin analytics',
    path: '/admin/analytics',
    role: 'admin',
    ready: ['main h1', 'main svg[data-chart]'],
    interactions: async (page, context) => ({
      ...(await adminInteractions(page, context)),
      'heatmap hover': await heatmapHoverSamples(page),
      'heatmap scroll': await regionScrollSamples(page, HEATMAP_REGION),
      'activity sort': await selectSamples(page, {
        select: '[data-testid="reviewer-activity-sort"]',
        target: '[data-testid="reviewer-activity-chart"]',
        attribute: 'data-sort',
      }),
    }),
  },
  {
    name: 'admin results',
    path: '/admin/results',
    role: 'admin',
    ready: ['main h1', 'main table'],
  },
  {
    name: 'admin exports',
    path: '/admin/exports',
    role: 'admin',
    ready: ['main h1', 'main button'],
  },
  {
    name: 'admin assignments',
    path: '/admin/assignments',
    role: 'admin',
    ready: ['main h1', 'main table[role="grid"] tbody tr'],
  },
  // Issue 35: measured with every opportunity decided and a letter on the panel's (arranged
  // below, decisions.mjs's arrangeDecisions); the panel's editor lists every reviewer's comments.
  {
    name: 'admin decisions',
    path: '/admin/results/decisions',
    role: 'admin',
    decisions: true,
    ready: ['main h1', 'main table[aria-label="Decisions"] tbody tr'],
  },
  {
    name: 'admin decision panel',
    path: '/admin/results/decisions/:id',
    role: 'admin',
    decisions: true,
    ready: [
      'main h1',
      'main form[aria-label="Letter to the owner"] [data-testid="letter-comment"]',
    ],
    // The pointer over the letter's column: over the preview's iframe (the right column at
    // 1280 px) a wheel event goes to the iframe's document, which the recorder does not see.
    interactions: (page, context) => adminInteractions(page, context, { at: { x: 500, y: 120 } }),
  },
  {
    name: 'reviewer list',
    path: '/reviewer/opportunities',
    role: 'reviewer',
    ready: ['main a[href^="/reviewer/opportunities/"]'],
    interactions: reviewerInteractions,
  },
  {
    name: 'reviewer detail',
    path: '/reviewer/opportunities/:id',
    role: 'reviewer',
    ready: ['main h1'],
    interactions: reviewerInteractions,
  },
].map((page) => ({ interactions: adminInteractions, ...page }));
