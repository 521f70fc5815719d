/**
 * The people of the load benchmark (bench/load.bench.ts): accounts registered and signed in over
 * HTTP, each from an address of its own, each with a few processed documents to list, open and
 * ask about. Addresses travel in X-Forwarded-For, which the server believes only because the
 * benchmark starts it with TRUST_PROXY=127.0.0.1, as behind the nginx of deploy/nginx.conf.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { buildDocx, paragraphXml } from '../../tests/support/docx/fixtures';
import { DOCX, multipart } from '../../tests/support/multipart';

export type LoadUser = {
  email: string;
  password: string;
  /** The address the user's requests come from (X-Forwarded-For). */
  address: string;
  /** Replaced when the mix signs the user in again. */
  cookie: string;
  documentIds: number[];
};

/** 10.0.0.1, 10.0.0.2, ...: one private address per user; 10.128.x.y is left for waitlist visitors. */
export const userAddress = (i: number) => `10.${(i >> 16) & 127}.${(i >> 8) & 255}.${i & 255}`;
export const visitorAddress = (n: number) => `10.${128 + ((n >> 16) & 127)}.${(n >> 8) & 255}.${n & 255}`;

const PARAGRAPHS = [
  'Services agreement between Northwind Trading Ltd and Contoso Legal LLP.',
  'The supplier shall deliver the services described in Schedule 1 with reasonable skill and care.',
  'The customer shall pay each invoice within thirty days of receiving it, by bank transfer.',
  'Either party may end this agreement on ninety days written notice to the other.',
  'Neither party is liable for any indirect loss, loss of profit or loss of data.',
  'This agreement is governed by the law of England and Wales.',
];

/** A small .docx (about 2 KB), its last paragraph unique to `label`, so no two uploads share bytes. */
export function smallDocx(label: string): Uint8Array {
  const body = [...PARAGRAPHS, `Reference ${label}.`].map(paragraphXml).join('');
  return buildDocx({ body });
}

export function jsonHeaders(url: string, address: string, cookie?: string): Record<string, string> {
  return { 'content-type': 'application/json', origin: url, 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) };
}

export const cookiesOf = (setCookie: string[]) => setCookie.map((c) => c.split(';')[0]).join('; ');

async function createUser(url: string, runId: string, i: number, documents: number): Promise<LoadUser> {
  const address = userAddress(i);
  const user = { name: `Load user ${i}`, email: `load-${runId}-${i}@example.com`, password: `load-password-${i}` };
  const registered = await fetch(`${url}/api/auth/register`, { method: 'POST', headers: jsonHeaders(url, address), body: JSON.stringify(user) });
  if (registered.status !== 201) throw new Error(`register ${i}: ${registered.status} ${await registered.text()}`);
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: jsonHeaders(url, address),
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (!login.ok) throw new Error(`login ${i}: ${login.status} ${await login.text()}`);
  const cookie = cookiesOf(login.headers.getSetCookie());
  const documentIds: number[] = [];
  for (let d = 0; d < documents; d++) {
    const body = multipart({ filename: `Agreement ${i}-${d}.docx`, type: DOCX, bytes: smallDocx(`seed ${runId} ${i}-${d}`) });
    const res = await fetch(`${url}/api/documents/upload`, {
      method: 'POST',
      headers: { ...body.headers, cookie, origin: url, 'x-forwarded-for': address },
      body: body.payload,
    });
    if (res.status !== 201) throw new Error(`seed upload ${i}-${d}: ${res.status} ${await res.text()}`);
    documentIds.push(((await res.json()) as { id: number }).id);
  }
  return { email: user.email, password: user.password, address, cookie, documentIds };
}

/** `count` users with `documents` documents each, `parallel` at a time; resolves once every document is processed. */
export async function createUsers(url: string, runId: string, count: number, documents: number, parallel = 8): Promise<LoadUser[]> {
  const users: LoadUser[] = [];
  for (let from = 1; from <= count; from += parallel) {
    const batch = Array.from({ length: Math.min(parallel, count - from + 1) }, (_, k) => createUser(url, runId, from + k, documents));
    users.push(...(await Promise.all(batch)));
  }
  for (const user of users) await waitProcessed(url, user);
  return users;
}

async function waitProcessed(url: string, user: LoadUser) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const res = await fetch(`${url}/api/documents`, { headers: { cookie: user.cookie } });
    const list = (await res.json()) as Array<{ id: number; status: string }>;
    const pending = list.filter((d) => d.status !== 'complete');
    if (pending.some((d) => d.status === 'error' || d.status === 'failed')) throw new Error(`seed document not processed: ${JSON.stringify(pending)}`);
    if (pending.length === 0) return;
    if (Date.now() > deadline) throw new Error(`seed documents still ${pending.map((d) => d.status).join(', ')} after 120 s`);
    await sleep(100);
  }
}
