// `npm start`: build when the build is missing or stale, then run the server in this process
// (it applies migrations and serves the API and the web app).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, isBuildStale } from './build.mjs';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
if (isBuildStale()) await build();
await import(pathToFileURL(path.join(root, 'dist', 'server', 'main.js')).href);
