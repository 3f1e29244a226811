import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkGroup, type ModuleGraph } from './scripts/chunk-groups.ts';

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@shared': path.resolve('shared'),
      '@web': path.resolve('web'),
    },
  },
  build: {
    outDir: path.resolve('dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    // Read by scripts/check-bundle.mjs; scripts/build.mjs moves it out of the served folder.
    manifest: true,
    rolldownOptions: {
      // A zod schema is built by calls on `z` (`z.object(...).min(...)`), which the bundler must
      // otherwise keep for their possible side effects: a page that imported one constant from a
      // module of schemas built every schema of it (the reviewer list's first load on a 4x slower
      // CPU spent 258-372 ms in the shared chunk's own code with them, 176-212 ms without).
      // Building a schema has no effect outside it, so unused ones are dropped
      // (scripts/check-bundle.mjs checks it). `config(...)` in shared/zod.ts is not a call on `z`
      // and stays.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // One chunk per kind of route that shares the code, not one per set of routes (decision
        // 0023). Each module is placed by its own importers: pulling a module's imports into its
        // chunk as well would move code the entry needs out of the entry.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              debugName: 'code shared by routes',
              name: (id, context) => chunkGroup(id, context as ModuleGraph),
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3001}` },
  },
});
