// The one rule for "is the built web app current?", used by `npm start`, the benches and the
// fidelity run: build dist/web when it is missing or older than anything it is built from.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = ['web', 'common', 'vite.config.ts', 'package.json', 'package-lock.json'];

function newestMtime(entry) {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

/** Builds dist/web if it is stale; returns 'fresh' or 'built'. Throws if the build fails. */
export function buildWebIfStale() {
  const built = path.join(root, 'dist/web/index.html');
  const sources = SOURCES.map((p) => path.join(root, p)).filter(fs.existsSync);
  if (fs.existsSync(built) && Math.max(...sources.map(newestMtime)) <= fs.statSync(built).mtimeMs) return 'fresh';
  console.info('Building the web app...');
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error(`the web build failed (${build.status ?? build.signal})`);
  return 'built';
}
