import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = {
  '@common': path.resolve(import.meta.dirname, 'common'),
  '@web': path.resolve(import.meta.dirname, 'web'),
};

/**
 * unit: pure logic beside the code (.test.ts), and the tests of test support itself, in Node.
 * component: the web widgets whose behaviour lives in the browser (.test.tsx), rendered with
 * Testing Library in jsdom. api-*: the integration suite, once on PGlite, once more on PGlite with
 * the files in an S3 bucket (a loopback S3 server started for the run) and, when TEST_DATABASE_URL
 * is set, once more on that PostgreSQL server. Same files, same assertions.
 */
const apiProject = (name: string, db: 'pglite' | 'postgres', storage: 'disk' | 's3' = 'disk') => ({
  resolve: { alias },
  test: {
    name,
    include: ['server/**/*.test.ts'],
    exclude: ['server/**/*.unit.test.ts'],
    environment: 'node',
    env: { TEST_DB: db, TEST_STORAGE: storage },
    globalSetup: storage === 's3' ? ['tests/support/s3-global-setup.ts'] : [],
    // Each file builds its own app on its own database, so files share nothing but the loaded
    // modules: reusing them saves the seconds of importing the server (and compiling PGlite's
    // WebAssembly) that every file otherwise paid again.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['common/**/*.test.ts', 'server/**/*.unit.test.ts', 'web/**/*.test.ts', 'onlyoffice-plugin/**/*.test.ts', 'tests/support/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'component',
          include: ['web/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/support/component-setup.ts'],
        },
      },
      {
        // Backup and restore as docs/deploy.md tells an operator: real servers, PostgreSQL
        // (TEST_DATABASE_URL, required), pg_dump and pg_restore, and S3 buckets on a loopback s3rver.
        resolve: { alias },
        test: {
          name: 'restore',
          include: ['tests/restore/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 300_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Several real instances behind nginx on PostgreSQL and S3 (tests/support/cluster.ts).
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      apiProject('api-pglite', 'pglite'),
      apiProject('api-s3', 'pglite', 's3'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
    ],
  },
});
