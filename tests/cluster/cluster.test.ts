/**
 * Issue 17 point 3: three Redraft instances behind nginx (deploy/nginx.conf itself), sharing one
 * PostgreSQL database and one bucket, used over real HTTP. Each journey goes through nginx and,
 * where it is about instances, also pins requests to one instance's own port to show that it does
 * not matter which instance a person reaches.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@common/limits';
import * as repo from '../../server/features/documents/documents.repo';
import { LIMITS } from '../../server/features/rate-limit/rate-limit.service';
import { type Cluster, startCluster } from '../support/cluster';
import { CONTRACT_PHRASES, GENERATED_DOCUMENTS } from '../support/docx/realistic';
import { editDocx, paragraphTexts, replaceText } from '../support/paragraph-edits';
import { Browser, signedUp } from './browser';
import { startLoad } from './load';
import { startSlowLink } from './slow-link';

let cluster: Cluster;
let slowLink: Awaited<ReturnType<typeof startSlowLink>>;
/** The instance the crash journey kills, whose storage answers slowly (slow-link.ts). */
const KILLED = 1;
const SLOW_STORAGE_MS = 400;
/** nginx, and the instances' own addresses. */
let site: string;
let a: string, b: string, c: string;

beforeAll(async () => {
  slowLink = await startSlowLink(SLOW_STORAGE_MS);
  cluster = await startCluster({
    instances: 3,
    instanceEnv: (index, env): Record<string, string> => (index === KILLED ? { S3_ENDPOINT: slowLink.to(env.S3_ENDPOINT!) } : {}),
    // A crashed instance's work is taken over after 2 s, and files no row names are swept 3 s
    // after they were written, every 2 s: what the crash journey waits for, in seconds not hours.
    // The grace must outlast a write's way to its row's commit, which on this loaded 2-core
    // machine, through the slow link (400 ms a reply), can pass a second.
    env: { JOB_LEASE_SECONDS: '2', ORPHAN_GRACE_SECONDS: '3', ORPHAN_SWEEP_SECONDS: '2' },
  });
  site = cluster.url;
  [a, b, c] = cluster.instances.map((i) => i.url) as [string, string, string];
});
afterAll(async () => {
  await cluster?.stop();
  await slowLink?.close();
});

const contract = GENERATED_DOCUMENTS.contract.bytes;
const idOf = (res: { json: () => unknown }) => (res.json() as { id: number }).id;

/** The instances (host:port) nginx sent `request` to, from its access log after `from`. */
const upstreamsOf = (request: string, from: number) =>
  cluster
    .accessLog()
    .slice(from)
    .split('\n')
    .filter((line) => line.includes(`"${request} HTTP/1.1"`))
    .map((line) => /upstream=(\S+)/.exec(line)?.[1]);

it('a session made on one instance is honoured by the others and through nginx, and signing out on one ends it on all', async () => {
  const { browser, user } = await signedUp(site, a);
  for (const base of [b, c]) expect((await browser.request(base, '/api/auth/user')).json()).toMatchObject({ id: user.id });
  // No stickiness: nginx hands the same session to every instance in turn.
  const logged = cluster.accessLog().length;
  for (let i = 0; i < 6; i++) expect((await browser.request(site, '/api/auth/user')).status).toBe(200);
  expect(new Set(upstreamsOf('GET /api/auth/user', logged))).toEqual(new Set(cluster.instances.map((i) => `127.0.0.1:${i.port}`)));

  const sameCookie = browser.copy();
  expect((await browser.request(b, '/api/auth/logout', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(200);
  for (const base of [a, c, site]) expect((await sameCookie.request(base, '/api/auth/user')).status).toBe(401);
});

it('a document uploaded through one instance downloads byte for byte through every other and through nginx', async () => {
  const { browser } = await signedUp(site, site);
  const pictures = GENERATED_DOCUMENTS.pictures.bytes();
  const viaA = await browser.upload(a, 'contract.docx', contract());
  const viaNginx = await browser.upload(site, 'pictures.docx', pictures);
  expect([viaA.status, viaNginx.status]).toEqual([201, 201]);
  for (const [id, bytes] of [[idOf(viaA), contract()], [idOf(viaNginx), pictures]] as const) {
    for (const base of [a, b, c, site]) {
      const download = await browser.request(base, `/api/documents/${id}/download`);
      expect(download.status).toBe(200);
      expect(Buffer.compare(download.bytes, Buffer.from(bytes)), `document ${id} from ${base}`).toBe(0);
    }
  }
  const listed = (await browser.request(c, '/api/documents')).json() as Array<{ id: number; status: string }>;
  expect(listed.map((d) => [d.id, d.status]).sort()).toEqual([[idOf(viaA), 'complete'], [idOf(viaNginx), 'complete']].sort());
});

it("nginx lets an upload up to the app's limit through, and the app itself refuses one byte more", async () => {
  const { browser } = await signedUp(site, site);
  // Not a Word document, but as large as one may be: refused by the app for what it is, not its size.
  const atLimit = await browser.upload(site, 'big.docx', new Uint8Array(MAX_UPLOAD_BYTES));
  expect(atLimit.status).toBe(422);
  const over = await browser.upload(site, 'bigger.docx', new Uint8Array(MAX_UPLOAD_BYTES + 1));
  expect(over.status).toBe(413);
  expect(over.json()).toMatchObject({ error: { message: 'Please select a file smaller than 10MB.' } });
});

it("the assistant's answer streams through nginx as server-sent events", async () => {
  const { browser } = await signedUp(site, site);
  const id = idOf(await browser.upload(site, 'contract.docx', contract()));
  const res = await browser.request(site, `/api/documents/${id}/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ content: 'What are the delivery terms?' }),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  expect(res.bytes.toString()).toMatch(/^event: token\n/);
  expect(res.bytes.toString()).toContain('event: done\n');
});

it('wrong passwords spread over the instances meet one shared limit, counted per client address as nginx reports it', async () => {
  const { account } = await signedUp(site, site);
  const login = (browser: Browser, base: string, password: string) => browser.post(base, '/api/auth/login', { email: account.email, password });
  const guesser = new Browser(site, '203.0.113.7');
  const bases = [a, b, c, site];
  const statuses: number[] = [];
  for (let i = 0; i < LIMITS.loginPerAddressAndAccount.max; i++) statuses.push((await login(guesser, bases[i % bases.length]!, 'wrong-password')).status);
  expect(statuses.every((s) => s === 401)).toBe(true);
  // Whichever instance the next attempt reaches has counted all of them, right password or not.
  for (const base of bases) {
    const refused = await login(guesser, base, account.password);
    expect(refused.status, base).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  }
  // Another person behind the same nginx has an allowance of their own.
  expect((await login(new Browser(site, '203.0.113.8'), site, account.password)).status).toBe(200);
});

describe('two saves of one document at once, through different instances', () => {
  const PAID = 'ownership passes when the Supplier has been paid in full';

  it('of different paragraphs: one is stored, the other merged onto it, and both edits are in the document', async () => {
    const { browser } = await signedUp(site, site);
    const id = idOf(await browser.upload(site, 'contract.docx', contract()));
    const opened = await browser.open(site, id);
    const [first, second] = await Promise.all([
      browser.save(a, id, opened.version, editDocx(opened.bytes, replaceText(CONTRACT_PHRASES.delivery, 'within five working days of each order'))),
      browser.save(b, id, opened.version, editDocx(opened.bytes, replaceText(PAID, 'ownership passes on delivery'))),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const merged = [first, second].map((r) => (r.json() as { merged: unknown }).merged);
    expect(merged.filter((m) => m === null)).toHaveLength(1);
    const text = paragraphTexts((await browser.request(c, `/api/documents/${id}/download`)).bytes).join('\n');
    expect(text).toContain('within five working days of each order');
    expect(text).toContain('ownership passes on delivery');
  });

  it('of the same paragraph: one is stored, the other answered with the conflict and kept in the history', async () => {
    const { browser } = await signedUp(site, site);
    const id = idOf(await browser.upload(site, 'contract.docx', contract()));
    const opened = await browser.open(site, id);
    const edits = ['within five working days of each order', 'within fifteen working days of each order'];
    const answers = await Promise.all(
      [a, b].map((base, i) => browser.save(base, id, opened.version, editDocx(opened.bytes, replaceText(CONTRACT_PHRASES.delivery, edits[i]!)))),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = edits[answers.findIndex((r) => r.status === 200)]!;
    const loser = edits[answers.findIndex((r) => r.status === 409)]!;
    const { conflictVersion } = (answers.find((r) => r.status === 409)!.json() as { error: { details: { conflictVersion: number } } }).error.details;
    const current = paragraphTexts((await browser.request(c, `/api/documents/${id}/download`)).bytes).join('\n');
    const kept = paragraphTexts((await browser.request(c, `/api/documents/${id}/versions/${conflictVersion}/download`)).bytes).join('\n');
    expect(current).toContain(winner);
    expect(kept).toContain(loser);
  });
});

describe('SIGKILL of one instance while uploads and saves are in flight through nginx', () => {
  let browser: Browser;
  /** Documents left 'uploaded' or 'processing', and files no row names, just after the kill. */
  let interrupted: number[] = [];
  let unnamed: string[] = [];
  const unfinished = () => repo.unfinishedDocumentIds(cluster.database.db);
  const unreferencedKeys = async () => {
    const referenced = await repo.referencedBlobKeys(cluster.database.db);
    return (await storedKeys()).filter((k) => !referenced.has(k));
  };

  it('loses nothing acknowledged: every upload downloads byte for byte, every save is in its document', async () => {
    ({ browser } = await signedUp(site, site));
    const editing = await Promise.all([1, 2, 3].map(async (n) => idOf(await browser.upload(site, `edited-${n}.docx`, contract()))));
    const logged = cluster.accessLog().length;
    const load = startLoad(browser, site, { uploaders: 4, editing });
    // Killed once work is flowing and a document has been between its row and the end of its
    // processing for a while: on the slow instance, where that lasts hundreds of milliseconds,
    // not on the others, where it lasts a few.
    const firstSeen = new Map<number, number>();
    await vi.waitFor(
      async () => {
        expect(load.count()).toBeGreaterThanOrEqual(6);
        const now = Date.now();
        const current = await unfinished();
        for (const id of current) if (!firstSeen.has(id)) firstSeen.set(id, now);
        expect(current.some((id) => now - firstSeen.get(id)! >= SLOW_STORAGE_MS / 2)).toBe(true);
      },
      { timeout: 30_000, interval: 20 },
    );
    await cluster.kill(KILLED);
    load.markKilled();
    // By now the survivors have finished what they were processing; the killed instance's
    // documents wait for their job, due only once its lease has run out.
    await sleep(300);
    interrupted = await unfinished();
    unnamed = await unreferencedKeys();
    await sleep(1_700);
    const acknowledged = await load.stop();

    // The killed instance had its share of the work, the kill cut some of it, and the
    // survivors carried on without it.
    expect(upstreamsOf('POST /api/documents/upload', logged)).toContain(`127.0.0.1:${cluster.instances[KILLED]!.port}`);
    expect(acknowledged.failed).toBeGreaterThan(0);
    expect(acknowledged.afterKill).toBeGreaterThan(0);
    for (const [id, { name, bytes }] of acknowledged.uploads) {
      const download = await browser.request(site, `/api/documents/${id}/download`);
      expect(download.status, name).toBe(200);
      expect(Buffer.compare(download.bytes, Buffer.from(bytes)), name).toBe(0);
    }
    for (const [id, saved] of acknowledged.saves) {
      const text = paragraphTexts((await browser.request(site, `/api/documents/${id}/download`)).bytes);
      expect(saved.filter((p) => !text.includes(p)), `document ${id}`).toEqual([]);
    }
    // Every row's file is in the bucket: a file is written before the row that names it.
    const stored = new Set(await storedKeys());
    expect([...(await repo.referencedBlobKeys(cluster.database.db))].filter((k) => !stored.has(k))).toEqual([]);
  });

  // Needs the durable jobs (JOB_LEASE_SECONDS): the killed instance stays down, so only a survivor can finish its work.
  it('leaves no document uploaded or processing: a surviving instance finishes what the killed one was doing', async () => {
    expect(interrupted, 'documents the kill left unfinished, for a survivor to finish').not.toEqual([]);
    await vi.waitFor(async () => expect(await unfinished()).toEqual([]), { timeout: 30_000, interval: 500 });
    const listed = (await browser.request(site, '/api/documents')).json() as Array<{ status: string }>;
    expect(listed.filter((d) => d.status !== 'complete')).toEqual([]);
  });

  // Needs the periodic orphan sweep (ORPHAN_SWEEP_SECONDS): files the killed instance wrote for rows it never made or updated.
  it('leaves no file in the bucket that no row names, once the grace period has passed', async () => {
    expect(unnamed, 'files without a row just after the kill, for the sweep to remove').not.toEqual([]);
    await vi.waitFor(async () => expect(await unreferencedKeys()).toEqual([]), { timeout: 30_000, interval: 500 });
  });

  it('the killed instance starts again and serves the same sessions', async () => {
    await cluster.restart(KILLED);
    expect((await browser.request(cluster.instances[KILLED]!.url, '/api/documents')).status).toBe(200);
  });
});

async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of cluster.blobs.list()) keys.push(key);
  return keys;
}
