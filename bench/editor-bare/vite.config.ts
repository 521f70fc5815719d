/**
 * The bare editor page of bench/editor-ready.bench.ts, built as the app builds its editor chunk
 * (vite.config.ts: production, the React plugin, no modulepreload polyfill, .br and .gz written
 * beside each asset). The bench builds it with Vite's JS API into a scratch folder it chooses.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompress()],
  logLevel: 'warn',
  build: {
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    // One chunk holding the whole editor is the point of the page.
    chunkSizeWarningLimit: 10_000,
    // Brotli at its best level makes the precompress step slow; the bench does not need to be told.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
});
