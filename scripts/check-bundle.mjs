// Checks the JavaScript each page makes a visitor download, from the build output (deterministic,
// so it runs in CI): /login at most 121 KB gzip, every other page except analytics at most 200 KB,
// and the analytics charts' code only on the analytics page. Run after `node scripts/build.mjs`.
// Prints one line per page; exits 1 when a budget is broken.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'dist', 'web');
const manifestFile = path.join(root, 'dist', 'web-manifest.json');
const KB = 1024;

const ADMIN = 'app/layouts/admin-layout.tsx';
const REVIEWER = 'app/layouts/reviewer-layout.tsx';

/** Route module and shell (as Vite names them in the manifest) per page, with its gzip budget. */
const pages = [
  { path: '/login', module: 'app/routes/login-page.tsx', budget: 121 * KB }, // 120 until issues 17 and 18 added the admin lists' preload keys to the entry chunk
  { path: '/invite/{token}', module: 'app/routes/invite-page.tsx', budget: 200 * KB },
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
];

// The attribute every analytics chart's SVG carries (web/features/analytics/components); as an
// attribute name in the JSX it survives minification. The charts are plain SVG since decision
// 0020 (no chart library), but they still belong to the analytics page alone.
const CHART_MARKER = 'data-chart';

if (!fs.existsSync(manifestFile)) {
  console.error(
    `${path.relative(root, manifestFile)} is missing: run node scripts/build.mjs first`,
  );
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

/** The chunk files a module loads before it runs: itself and its static imports, recursively. */
function staticClosure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The manifest has no entry for ${key}`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, files);
  return files;
}

const sizes = new Map();
function gzipSize(file) {
  if (!sizes.has(file)) {
    const bytes = fs.readFileSync(path.join(webDir, file));
    sizes.set(file, {
      gzip: zlib.gzipSync(bytes, { level: 9 }).length,
      hasCharts: bytes.includes(CHART_MARKER),
    });
  }
  return sizes.get(file);
}

const format = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const problems = [];
for (const page of pages) {
  const files = staticClosure(page.module, staticClosure('index.html'));
  if (page.layout) staticClosure(page.layout, files);
  const jsFiles = [...files].filter((file) => file.endsWith('.js'));
  const total = jsFiles.reduce((sum, file) => sum + gzipSize(file).gzip, 0);
  const hasCharts = jsFiles.some((file) => gzipSize(file).hasCharts);
  const budget = page.budget ? ` (budget ${format(page.budget)})` : '';
  console.log(
    `${page.path.padEnd(30)} ${format(total).padStart(9)} gzip in ${jsFiles.length} files${budget}${hasCharts ? ', with charts' : ''}`,
  );
  if (page.budget && total > page.budget) {
    problems.push(`${page.path} downloads ${format(total)}, over its ${format(page.budget)}`);
  }
  if (hasCharts && !page.charts) problems.push(`${page.path} downloads the analytics charts`);
  // Without the marker on the analytics page, the check above could no longer see the charts.
  if (page.charts && !hasCharts)
    problems.push(`${page.path} shows no sign of the analytics charts`);
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`Budget broken: ${problem}`);
  process.exit(1);
}
console.log('Every page is within its JavaScript budget.');
