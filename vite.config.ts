import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress';

// The web app lives in web/ and builds to dist/web, which the server serves.
export default defineConfig({
  root: path.resolve(import.meta.dirname, 'web'),
  publicDir: path.resolve(import.meta.dirname, 'web/public'),
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: {
      '@common': path.resolve(import.meta.dirname, 'common'),
      '@web': path.resolve(import.meta.dirname, 'web'),
      // One toast system (docs/product.md §9): the embedded editor's sonner calls go to the app's toasts.
      sonner: path.resolve(import.meta.dirname, 'web/features/editor/embedded/editor-toasts.ts'),
    },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    // Every browser we support has modulepreload; the polyfill would only add to the landing page's JS.
    modulePreload: { polyfill: false },
    // The server reads it to preload the chunks of the page it serves (server/http/web-shell.ts).
    manifest: true,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
