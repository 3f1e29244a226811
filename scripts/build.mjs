// Builds the web app (Vite) and the server (esbuild) into dist/.
// `--if-stale` builds only when dist/ is missing or older than any source file.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { pages, staticClosure } from './pages.mjs';

const root = path.resolve(import.meta.dirname, '..');
const stampFile = path.join(root, 'dist', '.build-stamp');
const sources = [
  'server',
  'shared',
  'web',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
  'scripts/build.mjs',
  'scripts/pages.mjs',
  'scripts/chunk-groups.ts',
];
const serverEntries = {
  main: 'server/main.ts',
  migrate: 'server/cli/migrate.ts',
  'seed-demo': 'server/cli/seed-demo.ts',
  backup: 'server/cli/backup.ts',
  restore: 'server/cli/restore.ts',
  // The thread that computes the results (server/modules/results/results-thread.ts loads it).
  'results-worker': 'server/modules/results/results-worker.ts',
};

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(full)) {
    if (child === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;
const COMPRESS_MIN_BYTES = 1024;

/**
 * Writes `file.br` and `file.gz` next to every text file of the web build worth compressing;
 * the server sends them (@fastify/static `preCompressed`) to browsers that accept them.
 */
function precompress(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      precompress(full);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name)) continue;
    const bytes = fs.readFileSync(full);
    if (bytes.length < COMPRESS_MIN_BYTES) continue;
    const brotli = zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    const gzip = zlib.gzipSync(bytes, { level: 9 });
    // Only where it pays: otherwise the server falls back to the file itself.
    if (brotli.length < bytes.length * 0.9) fs.writeFileSync(`${full}.br`, brotli);
    if (gzip.length < bytes.length * 0.9) fs.writeFileSync(`${full}.gz`, gzip);
  }
}

export function isBuildStale() {
  if (!fs.existsSync(stampFile)) return true;
  const built = fs.statSync(stampFile).mtimeMs;
  return sources.some((entry) => newestMtime(entry) > built);
}

/**
 * Writes dist/web-preloads.json: for each signed-in page (one with a shell), the JavaScript its
 * shell and route module load that index.html does not already preload. server/plugins/web-app.ts
 * names them in the page's HTML for a visitor with a session, so the browser fetches them with the
 * page instead of after the app's entry has run (issue 17, decision 0021).
 */
function writePreloads() {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(root, 'dist', 'web-manifest.json'), 'utf8'),
  );
  const initial = staticClosure(manifest, 'index.html');
  const preloads = {};
  for (const page of pages.filter((p) => p.layout)) {
    const files = staticClosure(manifest, page.module, staticClosure(manifest, page.layout));
    preloads[page.path] = [...files]
      .filter((file) => file.endsWith('.js') && !initial.has(file))
      .map((file) => `/${file}`);
  }
  fs.writeFileSync(path.join(root, 'dist', 'web-preloads.json'), JSON.stringify(preloads, null, 2));
}

export async function build() {
  const started = Date.now();
  process.chdir(root);
  // dist/ is always the production build, whoever asks for it: a build started from a test run
  // (NODE_ENV=test) would otherwise bundle React's development code, twice the size.
  process.env.NODE_ENV = 'production';
  const { build: viteBuild } = await import('vite');
  await viteBuild({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
  // The chunk manifest is for scripts/check-bundle.mjs, not for visitors: keep it out of dist/web.
  fs.renameSync(
    path.join(root, 'dist', 'web', '.vite', 'manifest.json'),
    path.join(root, 'dist', 'web-manifest.json'),
  );
  fs.rmSync(path.join(root, 'dist', 'web', '.vite'), { recursive: true, force: true });
  writePreloads();
  precompress(path.join(root, 'dist', 'web'));
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: serverEntries,
    outdir: path.join(root, 'dist', 'server'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    tsconfig: path.join(root, 'tsconfig.json'),
    logLevel: 'warning',
  });
  fs.writeFileSync(stampFile, new Date().toISOString());
  console.log(
    `Built the web app and the server in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ifStale = process.argv.includes('--if-stale');
  if (!ifStale || isBuildStale()) {
    await build();
  }
}
