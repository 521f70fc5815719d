/**
 * `npm start` as a new user runs it: builds the web app if needed, migrates, serves the landing
 * route and /api/health; on PGlite with no configuration, on PostgreSQL when DATABASE_URL is set,
 * with the files in S3 when STORAGE_URL is (the api-s3 project).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../tests/support/server-process';
import { createScratchPostgres } from '../tests/support/test-database';
import { testStorageEnv } from '../tests/support/test-storage';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

it('serves the landing route and a healthy API from `npm start`', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'redraft-start-'));
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  const pg = await createScratchPostgres();
  if (pg) cleanups.push(pg.drop);
  const port = await freePort();
  let output = '';
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true, // its own process group, so the whole tree stops together
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(port), DATA_DIR: dataDir, ...testStorageEnv(dataDir), ...(pg ? { DATABASE_URL: pg.url } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += String(d)));
  child.stderr.on('data', (d) => (output += String(d)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  cleanups.push(async () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    await exited;
  });

  const url = `http://127.0.0.1:${port}`;
  let health: Response | undefined;
  for (let i = 0; i < 900 && !health; i++) {
    health = await fetch(`${url}/api/health`).then((r) => (r.ok ? r : undefined), () => undefined);
    if (!health) await new Promise((r) => setTimeout(r, 200));
    if (child.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
  }
  expect(health, output).toBeDefined();
  expect(await health!.json()).toEqual({ status: 'ok', db: pg ? 'postgres' : 'pglite', ai: 'offline', editor: 'embedded' });

  const landing = await fetch(`${url}/`);
  expect(landing.status).toBe(200);
  expect(landing.headers.get('content-type')).toMatch(/text\/html/);
  const html = await landing.text();
  expect(html).toContain('<div id="root">');
  const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(script).toBeDefined();
  expect((await fetch(`${url}${script}`)).status).toBe(200);
  expect((await fetch(`${url}/some/client/route`)).status).toBe(200);
}, 240_000);
