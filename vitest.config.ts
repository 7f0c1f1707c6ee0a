import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two workers even on two cores (vitest's default there is one): the server's files mostly wait on PostgreSQL and
    // child processes, and one waits a minute for the job scheduler (docs/decisions/027-test-time.md).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
          // As for the server: a timeout only stops a hung test, it never judges a busy machine's speed.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Each file builds its own app on its own database and closes it, and the server keeps no state between
          // apps outside caches keyed by them: so a worker imports the server once instead of once per file
          // (import time was 94 of 255 s of the run; docs/decisions/027-test-time.md).
          isolate: false,
          // Timeouts only stop a hung test; they are far past what a busy CI machine needs, since a test decides on
          // state, never on speed (docs/decisions/034-start-under-load.md).
          testTimeout: 300_000,
          hookTimeout: 360_000,
        },
      },
      {
        resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('apps/web/src/', import.meta.url)) }] },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Some web tests build a whole export (100,000 rows) in memory: seconds of CPU on a loaded machine.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
