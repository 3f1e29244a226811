// `npm start`: build when the build is missing or stale, then run the server in this process
// (it applies migrations and serves the API and the web app).
//
// The build runs in a child process: it sets NODE_ENV=production for itself and loads Vite and
// esbuild (about 500 MB), and neither may reach the server, whose configuration checks and
// memory must be the same whether or not this start had to build.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isBuildStale } from './build.mjs';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);

if (isBuildStale()) {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'build.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  // A stop asked for while building (Ctrl-C, a supervisor's SIGTERM) stops the build too.
  const forward = (signal) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  const [code, signal] = await new Promise((resolve) =>
    child.once('exit', (exitCode, exitSignal) => resolve([exitCode, exitSignal])),
  );
  process.off('SIGINT', forward);
  process.off('SIGTERM', forward);
  if (code !== 0) {
    console.error(`The build failed (${signal ?? `exit code ${code}`}); not starting.`);
    process.exit(code || 1);
  }
}
await import(pathToFileURL(path.join(root, 'dist', 'server', 'main.js')).href);
