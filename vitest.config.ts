import { defineConfig } from 'vitest/config';

const apiTests = ['apps/server/src/**/*.routes.test.ts', 'apps/server/test/**/*.test.ts'];

/**
 * unit: pure tests of contracts, server and web. api: the server through HTTP, each file on its own
 * database (PGlite; TEST_DB=postgres runs the same files on PostgreSQL).
 */
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/contracts/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/web/vite/**/*.test.ts',
          ],
          exclude: [...apiTests, '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: process.env.TEST_DB === 'postgres' ? 'api-postgres' : 'api',
          include: apiTests,
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
