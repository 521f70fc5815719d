/**
 * Upload benchmark: time to upload and process a 10 MB .docx through the real server over HTTP,
 * printed beside the time to copy the same bytes on disk (fsync'd, like the store does).
 * Run: npm run bench:upload
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { MAX_UPLOAD_BYTES } from '../common/limits';
import { processDocx } from '../server/docx/process';
import { DOCX, multipart } from '../tests/support/multipart';
import { TestServer } from '../tests/support/server-process';
import { bigDocx } from './support/big-docx';

const RUNS = 7;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function main() {
  const bytes = bigDocx(MAX_UPLOAD_BYTES - 64 * 1024);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'redraft-bench-'));
  const source = path.join(dir, 'source.docx');
  await fs.writeFile(source, bytes);

  const copyTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const target = path.join(dir, `copy-${i}.docx`);
    await fs.copyFile(source, target);
    const handle = await fs.open(target, 'r+');
    await handle.sync();
    await handle.close();
    copyTimes.push(performance.now() - start);
  }

  const processTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const result = processDocx(bytes);
    processTimes.push(performance.now() - start);
    if (!result.ok) throw new Error(`benchmark document refused: ${result.reason}`);
  }

  const server = await TestServer.start({ dataDir: path.join(dir, 'data') });
  const account = { name: 'Bench', email: 'bench@example.com', password: 'bench-password' };
  const json = { 'content-type': 'application/json' };
  await fetch(`${server.url}/api/auth/register`, { method: 'POST', headers: json, body: JSON.stringify(account) });
  const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email: account.email, password: account.password }) });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const uploadTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const body = multipart({ filename: `bench-${i}.docx`, type: DOCX, bytes });
    const start = performance.now();
    const res = await fetch(`${server.url}/api/documents/upload`, { method: 'POST', headers: { ...body.headers, cookie }, body: body.payload });
    const doc = await res.json();
    uploadTimes.push(performance.now() - start);
    if (res.status !== 201 || doc.status !== 'complete') throw new Error(`upload failed: ${res.status} ${JSON.stringify(doc)}`);
  }
  await server.stop();
  await fs.rm(dir, { recursive: true, force: true });

  const copy = median(copyTimes);
  const processing = median(processTimes);
  const upload = median(uploadTimes);
  console.info(`upload benchmark: ${(bytes.length / 1024 / 1024).toFixed(2)} MB .docx, median of ${RUNS} runs`);
  console.info(`  copy on disk (copyFile + fsync):          ${ms(copy)}`);
  console.info(`  processing only (inspect, text, para ids): ${ms(processing)}`);
  console.info(`  upload + process over HTTP (201 complete): ${ms(upload)}`);
  console.info(`  ratio upload/copy:      ${(upload / copy).toFixed(1)}x`);
  console.info(`  ratio processing/copy:  ${(processing / copy).toFixed(1)}x`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
