import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // A migrated database that every test's database is copied from (support/test-database.ts).
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two test files at a time even on a two-core machine (vitest's default is one fewer than the
    // cores): a file spends much of its time waiting on its database, its receivers and its timers.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
