/**
 * `npm run lint` runs knip: no dependency, file or export that nothing uses (docs/architecture.md,
 * The rest).
 * Its plugins read the Vite, Vitest, Playwright, ESLint and drizzle-kit configs and the package
 * scripts for their entries; listed here is what only a person knows is loaded.
 */
import { defineConfig } from 'knip/config';

export default defineConfig({
  entry: [
    'scripts/*.mjs',
    'bench/**/*.bench.ts',
    // The bare editor page's script, named by its index.html (bench/support/editor-bare.ts builds it).
    'bench/editor-bare/main.tsx',
    // Loaded by URL: the worker pool (server/work/work-pool.ts).
    'server/work/worker.mjs',
    // Run as a child process by tests/support/s3-server.ts.
    'tests/support/s3-server-process.mjs',
    // Aliased for the editor package's `sonner` in vite.config.ts.
    'web/features/editor/embedded/editor-toasts.ts',
    // Run by ONLYOFFICE Docs from the plugin's index.html, not imported.
    'onlyoffice-plugin/redraft-assistant/scripts/*.js',
    // Served to the browser by the fake Document Server the journeys run against.
    'tests/support/fake-document-server/public/**/*.{js,css}',
  ],
  project: ['**/*.{ts,tsx,js,mjs,css}'],
  // A feature's api file exports its fetcher and query options beside the hook that uses them
  // (one file per call: docs/architecture.md, web/).
  ignoreExportsUsedInFile: true,
  ignoreIssues: {
    // Each contract's schema is exported beside its inferred type, named by a caller or not yet
    // (docs/architecture.md, The rest).
    'common/schemas/*.ts': ['types'],
  },
  // The fidelity benchmark runs LibreOffice and poppler when the machine has them (Debian packages).
  ignoreBinaries: ['soffice', 'pdftotext'],
});
