// The pages of the web app as the build names their code: each page's path, its route module and
// the shell it renders in (as keys of Vite's manifest, relative to web/), and its JavaScript budget.
// Only a page that is itself a form validated with zod (`zod: true`, the invitation) loads zod
// with its code; a page's dialogs load it when first opened (decision 0026).
// Read by scripts/check-bundle.mjs (the budgets) and scripts/build.mjs (the files a signed-in first
// visit preloads, server/plugins/web-app.ts). web/app/router.tsx's lazy imports are the same pairs.
const KB = 1024;
const ADMIN = 'app/layouts/admin-layout.tsx';
const REVIEWER = 'app/layouts/reviewer-layout.tsx';

/** Route module and shell (as Vite names them in the manifest) per page, with its gzip budget. */
export const pages = [
  { path: '/login', module: 'app/routes/login-page.tsx', budget: 120 * KB }, // issue 7's budget
  { path: '/invite/{token}', module: 'app/routes/invite-page.tsx', budget: 200 * KB, zod: true },
  {
    path: '/admin/dashboard',
    module: 'app/routes/admin/dashboard-page.tsx',
    layout: ADMIN,
    budget: 200 * KB,
  },
  {
    path: '/admin/reviewers',
    module: 'app/routes/admin/reviewers-page.tsx',
    layout: ADMIN,
    budget: 200 * KB,
  },
  {
    path: '/admin/opportunities',
    module: 'app/routes/admin/opportunities-page.tsx',
    layout: ADMIN,
    budget: 200 * KB,
  },
  {
    path: '/admin/analytics',
    module: 'app/routes/admin/analytics-page.tsx',
    layout: ADMIN,
    budget: 200 * KB, // none while recharts made it 257 KB; 148 KB with the SVG charts (decision 0020)
    charts: true,
  },
  {
    path: '/admin/results',
    module: 'app/routes/admin/results-page.tsx',
    layout: ADMIN,
    budget: 200 * KB,
  },
  {
    path: '/admin/exports',
    module: 'app/routes/admin/exports-page.tsx',
    layout: ADMIN,
    budget: 200 * KB,
  },
  {
    path: '/admin/assignments',
    module: 'app/routes/admin/assignments-page.tsx',
    layout: ADMIN,
    budget: 200 * KB,
  },
  {
    path: '/admin/results/decisions',
    module: 'app/routes/admin/decisions-page.tsx',
    layout: ADMIN,
    budget: 200 * KB,
  },
  {
    path: '/admin/results/decisions/{id}',
    module: 'app/routes/admin/decision-page.tsx',
    layout: ADMIN,
    budget: 200 * KB,
  },
  {
    path: '/admin/meeting',
    module: 'app/routes/admin/meeting-page.tsx',
    layout: ADMIN,
    budget: 200 * KB,
  },
  {
    path: '/admin/ballot',
    module: 'app/routes/admin/ballot-page.tsx',
    layout: ADMIN,
    budget: 200 * KB,
  },
  {
    path: '/reviewer/opportunities',
    module: 'app/routes/reviewer/opportunities-page.tsx',
    layout: REVIEWER,
    budget: 200 * KB,
  },
  {
    path: '/reviewer/opportunities/{id}',
    module: 'app/routes/reviewer/opportunity-detail-page.tsx',
    layout: REVIEWER,
    budget: 200 * KB,
  },
  {
    path: '/reviewer/meeting',
    module: 'app/routes/reviewer/meeting-page.tsx',
    layout: REVIEWER,
    budget: 200 * KB,
  },
  {
    path: '/reviewer/ballot',
    module: 'app/routes/reviewer/ballot-page.tsx',
    layout: REVIEWER,
    budget: 200 * KB,
  },
];

/**
 * The chunk files a module of `manifest` (Vite's build manifest) loads before it runs: itself and
 * its static imports, recursively, added to `files`.
 */
export function staticClosure(manifest, key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The manifest has no entry for ${key}`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, files);
  return files;
}
