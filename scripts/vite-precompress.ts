/**
 * Writes a .br and a .gz beside every text asset of the build, once, at the best compression
 * levels, so the server sends compressed files without spending CPU per request
 * (server/http/static-files.ts).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
// index.html is not here: the server fills it in per request (server/http/web-shell.ts).
const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'redraft-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      for (const entry of await fs.readdir(outDir, { recursive: true })) {
        const file = path.join(outDir, entry);
        if (!COMPRESSIBLE.test(file)) continue;
        const bytes = await fs.readFile(file);
        if (bytes.length < MIN_BYTES) continue;
        const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY };
        await fs.writeFile(`${file}.br`, await brotli(bytes, { params }));
        await fs.writeFile(`${file}.gz`, await gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}
