// `npm run dev`: the API with hot restart (tsx watch) on PORT+1 behind Vite's dev server on PORT,
// which proxies /api to it and hot-reloads the web app.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// The repository's .env, under the environment as the server reads it: its PORT, HOST and
// PUBLIC_URL place Vite too.
if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const apiPort = String(port + 1);

const children = [
  spawn(
    path.join(root, 'node_modules/.bin/tsx'),
    ['watch', '--clear-screen=false', 'server/main.ts'],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        PORT: apiPort,
        PUBLIC_URL: process.env.PUBLIC_URL ?? `http://${host}:${port}`,
      },
    },
  ),
  spawn(
    path.join(root, 'node_modules/.bin/vite'),
    ['--port', String(port), '--host', host, '--strictPort'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, API_PORT: apiPort },
    },
  ),
];

const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
