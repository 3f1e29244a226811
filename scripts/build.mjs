// Builds the web app (Vite) and the server (esbuild) into dist/.
// `--if-stale` builds only when dist/ is missing or older than any source file.
import fs from 'node:fs';
import path from 'node:path';

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
];
const serverEntries = {
  main: 'server/main.ts',
  migrate: 'server/migrate-cli.ts',
  'seed-demo': 'server/db/seed-demo.ts',
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

export function isBuildStale() {
  if (!fs.existsSync(stampFile)) return true;
  const built = fs.statSync(stampFile).mtimeMs;
  return sources.some((entry) => newestMtime(entry) > built);
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
