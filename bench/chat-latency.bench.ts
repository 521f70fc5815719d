/**
 * Server-added latency to the first streamed token: POST /api/documents/:id/chat (SSE) through
 * the real server against a local OpenAI-compatible model server, versus asking that model server
 * directly with the same streaming protocol. Run: npm run bench:chat
 */
import { performance } from 'node:perf_hooks';
import { contractDocx } from '../tests/support/docx/realistic';
import { startFakeOpenAI } from '../tests/support/fake-openai';
import { DOCX, multipart } from '../tests/support/multipart';
import { TestServer } from '../tests/support/server-process';

const RUNS = 30;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)]!;

/** Milliseconds until the first chunk of the response body arrives. */
async function firstChunk(url: string, init: RequestInit): Promise<number> {
  const start = performance.now();
  const res = await fetch(url, init);
  const reader = res.body!.getReader();
  await reader.read();
  const elapsed = performance.now() - start;
  while (!(await reader.read()).done) {
    // drain, so the connection is reused like a real client's
  }
  return elapsed;
}

async function main() {
  const model = await startFakeOpenAI();
  model.setDefault({ kind: 'reply', chunks: ['The', ' rent', ' is', ' due', ' monthly.'] });
  const server = await TestServer.start({ env: { AI_PROVIDER: 'openai-compatible', AI_BASE_URL: model.url, AI_MODEL: 'bench' } });
  const json = { 'content-type': 'application/json' };
  const account = { email: 'bench@example.com', password: 'bench-password' };
  await fetch(`${server.url}/api/auth/register`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'Bench', ...account }) });
  const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify(account) });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const body = multipart({ filename: 'contract.docx', type: DOCX, bytes: contractDocx() });
  const doc = await (await fetch(`${server.url}/api/documents/upload`, { method: 'POST', headers: { ...body.headers, cookie }, body: body.payload })).json();

  const direct: number[] = [];
  const through: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    direct.push(
      await firstChunk(`${model.url}/chat/completions`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content: 'When is the rent due?' }] }),
      }),
    );
    through.push(
      await firstChunk(`${server.url}/api/documents/${doc.id}/chat`, {
        method: 'POST',
        headers: { ...json, cookie, accept: 'text/event-stream' },
        body: JSON.stringify({ content: 'When is the rent due?' }),
      }),
    );
  }
  await server.dispose();
  await model.close();

  const d = median(direct);
  const t = median(through);
  console.info(`chat first-token latency, median (p90) of ${RUNS} runs`);
  console.info(`  model server directly:   ${d.toFixed(1)} ms (${p90(direct).toFixed(1)} ms)`);
  console.info(`  through Redraft (SSE):   ${t.toFixed(1)} ms (${p90(through).toFixed(1)} ms)`);
  console.info(`  added by Redraft:        ${(t - d).toFixed(1)} ms (stores the question, loads context, builds the prompt)`);
  console.info(`  ratio:                   ${(t / d).toFixed(1)}x`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
