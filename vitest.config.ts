import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const alias = {
  '@shared': path.resolve('shared'),
  '@web': path.resolve('web'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core CI machine. The
    // API tests spend most of their time waiting on PostgreSQL and on the servers they start, so
    // two files side by side (each on its own database) finish the embedded run in 392 s against
    // 543 s there, with the same results.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        // Import boundaries of all three source roots (docs/architecture.md, "Layering").
        test: {
          name: 'architecture',
          environment: 'node',
          include: ['architecture.test.ts'],
        },
      },
      {
        // The build's own logic (scripts/): which chunk each module of the web app goes to.
        test: {
          name: 'build',
          environment: 'node',
          include: ['scripts/**/*.test.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'shared',
          environment: 'node',
          include: ['shared/**/*.test.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: ['web/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
