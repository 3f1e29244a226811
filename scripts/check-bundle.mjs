// Checks the JavaScript each page makes a visitor download, from the build output (deterministic,
// so it runs in CI): /login at most 120 KB gzip, every other page at most 200 KB, in at most
// 10 files (decision 0023), and the analytics charts' code only on the analytics page. Also checks
// that no chunk imports, directly or through others, a chunk that imports it: the chunks must run
// in import order (scripts/chunk-groups.ts), that the zod schemas no page uses are not in the
// build (vite.config.ts's `treeshake`), and that zod loads only with the page that is a form
// (scripts/pages.mjs's `zod`; decision 0026). Run after `node scripts/build.mjs`.
// Prints one line per page; exits 1 when a budget is broken.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { pages, staticClosure } from './pages.mjs';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'dist', 'web');
const manifestFile = path.join(root, 'dist', 'web-manifest.json');
const KB = 1024;
// Over HTTP/1.1 a browser fetches at most 6 files from a host at once: each file past that waits
// a round trip, which on a phone's network is 150 ms or more.
const MAX_FILES = 10;

// The attribute every analytics chart's SVG carries (web/features/analytics/components); as an
// attribute name in the JSX it survives minification. The charts are plain SVG since decision
// 0020 (no chart library), but they still belong to the analytics page alone.
const CHART_MARKER = 'data-chart';

// A message of a schema only the server uses (the conflict id of `DELETE
// /api/admin/conflicts/{id}`, shared/review-cycle-schemas.ts). Building a zod schema is not free
// (100 ms and more of the reviewer list's first load on a 4x slower CPU), and the build
// drops the ones nothing uses only because vite.config.ts declares zod's calls pure: if the message
// shows up in the web build, that declaration stopped working and every page builds every schema of
// every module it imports a constant from. If a page comes to use that schema, pick another.
const SERVER_ONLY_SCHEMA_MARKER = 'Invalid conflict id';

// The name zod gives its base type's constructor, a string that survives minification: a file
// with it holds zod. Loading and running zod with its schemas cost 100-330 ms of a 4x slower CPU,
// so only a page that is itself a form may load it with its code (decision 0026); a dialog loads
// its schema when it opens (web/lib/lazy-zod-resolver.ts). A page that starts to load zod takes a
// value from a module that builds schemas: keep such values in a module without zod, as
// shared/settings.ts and shared/export-files.ts do, and load a form's schema with import().
const ZOD_MARKER = '$ZodType';

if (!fs.existsSync(manifestFile)) {
  console.error(
    `${path.relative(root, manifestFile)} is missing: run node scripts/build.mjs first`,
  );
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

/** A built file's gzip size and the markers it holds, read once per file. */
const facts = new Map();
function factsOf(file) {
  if (!facts.has(file)) {
    const bytes = fs.readFileSync(path.join(webDir, file));
    facts.set(file, {
      gzip: zlib.gzipSync(bytes, { level: 9 }).length,
      hasCharts: bytes.includes(CHART_MARKER),
      hasServerSchema: bytes.includes(SERVER_ONLY_SCHEMA_MARKER),
      hasZod: bytes.includes(ZOD_MARKER),
    });
  }
  return facts.get(file);
}

const format = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const problems = [];

/** A chain of chunk files that comes back to its start, or null when the imports form no cycle. */
function importCycle() {
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const state = new Map(); // file -> 'visiting' | 'done'
  const visit = (file, trail) => {
    if (state.get(file) === 'done') return null;
    if (state.get(file) === 'visiting') return [...trail.slice(trail.indexOf(file)), file];
    state.set(file, 'visiting');
    for (const key of byFile.get(file)?.imports ?? []) {
      const found = visit(manifest[key].file, [...trail, file]);
      if (found) return found;
    }
    state.set(file, 'done');
    return null;
  };
  for (const file of byFile.keys()) {
    const found = visit(file, []);
    if (found) return found;
  }
  return null;
}
const withServerSchema = Object.values(manifest)
  .map((chunk) => chunk.file)
  .filter((file) => file.endsWith('.js') && factsOf(file).hasServerSchema);
if (withServerSchema.length > 0) {
  problems.push(
    `${withServerSchema.join(', ')} build(s) a schema only the server uses ('${SERVER_ONLY_SCHEMA_MARKER}'): zod's calls are no longer dropped when unused`,
  );
}
const cycle = importCycle();
if (cycle) problems.push(`chunks import each other: ${cycle.join(' -> ')}`);
for (const page of pages) {
  const files = staticClosure(manifest, page.module, staticClosure(manifest, 'index.html'));
  if (page.layout) staticClosure(manifest, page.layout, files);
  const jsFiles = [...files].filter((file) => file.endsWith('.js'));
  const total = jsFiles.reduce((sum, file) => sum + factsOf(file).gzip, 0);
  const hasCharts = jsFiles.some((file) => factsOf(file).hasCharts);
  const hasZod = jsFiles.some((file) => factsOf(file).hasZod);
  const budget = page.budget ? ` (budget ${format(page.budget)})` : '';
  console.log(
    `${page.path.padEnd(30)} ${format(total).padStart(9)} gzip in ${jsFiles.length} files${budget}${hasCharts ? ', with charts' : ''}${hasZod ? ', with zod' : ''}`,
  );
  if (jsFiles.length > MAX_FILES) {
    problems.push(`${page.path} loads ${jsFiles.length} JavaScript files, over ${MAX_FILES}`);
  }
  if (page.budget && total > page.budget) {
    problems.push(`${page.path} downloads ${format(total)}, over its ${format(page.budget)}`);
  }
  if (hasCharts && !page.charts) problems.push(`${page.path} downloads the analytics charts`);
  // Without the marker on the analytics page, the check above could no longer see the charts.
  if (page.charts && !hasCharts)
    problems.push(`${page.path} shows no sign of the analytics charts`);
  if (hasZod && !page.zod) problems.push(`${page.path} loads zod with its code`);
  // Without zod on the page that is a form, the check above could no longer see zod.
  if (page.zod && !hasZod) problems.push(`${page.path} is a form but shows no sign of zod`);
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`Budget broken: ${problem}`);
  process.exit(1);
}
console.log('Every page is within its JavaScript budget.');
