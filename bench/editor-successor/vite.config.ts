/**
 * Two bare pages, one mounting the pinned editor (1.9.0, from the root node_modules) and one its
 * successor (2.x, from this folder's own node_modules), built the way the app builds its editor
 * chunk (production, React plugin), into a scratch folder outside the checkout.
 */
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = import.meta.dirname;
export const OUT_DIR = path.join(os.tmpdir(), 'redraft-editor-successor-dist');

export default defineConfig({
  root: path.join(here, 'pages'),
  // Both pages, and both editors, run on one copy of React.
  resolve: { dedupe: ['react', 'react-dom', 'prosemirror-state', 'prosemirror-model', 'prosemirror-view'] },
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 100_000,
    rollupOptions: { input: { v1: path.join(here, 'pages/v1.html'), v2: path.join(here, 'pages/v2.html') } },
  },
});
