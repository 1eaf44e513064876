import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './e2e/support/workers.ts';

/** Absolute, so that tools reading this file from the repository root (knip) resolve them too. */
const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// One runner for everything: `npm test` runs these five projects. Two workers: this version's default on a 2-core
// machine is one, which ran every file one after the other (CI's `npm test` took 27 minutes). The browser journeys
// run after the rest (a later group), so they do not share the cores with the other projects' files.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contracts',
          environment: 'node',
          include: ['packages/contracts/src/**/*.test.ts'],
        },
      },
      {
        // The repository's own checks: the lint rules against fixtures that break them, the import-cycle finder.
        test: {
          name: 'tooling',
          environment: 'node',
          include: ['tooling/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // One PostgreSQL for the run, a migrated template, a copy per test file (src/test/test-cluster.ts).
          globalSetup: [fromRoot('./apps/server/src/test/global-setup.ts')],
          // Files share their worker processes: the app's modules load once per worker, not once per file (the server
          // project ran in 315 s isolated, 207 s shared, on a quiet machine). The tests keep no state in modules.
          isolate: false,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: [fromRoot('./apps/web/src/test/setup.ts')],
          // One real server (two instances on a copy of the run's template database) for the whole project; each test signs its own users up.
          globalSetup: [
            fromRoot('./apps/server/src/test/global-setup.ts'),
            fromRoot('./apps/web/src/test/server/global-setup.ts'),
          ],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One file at a time on two cores, two on four or more, each against a server of its own
          // (e2e/support/workers.ts, e2e/support/server.ts).
          maxWorkers: E2E_WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
