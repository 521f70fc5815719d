/**
 * The per-person hold for reviews and comparisons lives in the database, so instances share it:
 * exactly one of many takers wins, a release frees it, and a holder that died frees it when its
 * time runs out, without a late release taking the hold from whoever has it then.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { release, take } from './one-at-a-time';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('gives the hold to exactly one of many takers at once, and to the next once it is released', async () => {
  const holds = await Promise.all(Array.from({ length: 20 }, () => take(t.deps, 'review:1', 60_000)));
  const winners = holds.filter((h) => h !== undefined);
  expect(winners).toHaveLength(1);
  expect(await take(t.deps, 'review:1', 60_000)).toBeUndefined();
  // Another person's key is not held up.
  expect(await take(t.deps, 'review:2', 60_000)).toBeDefined();
  await release(t.deps, winners[0]!);
  expect(await take(t.deps, 'review:1', 60_000)).toBeDefined();
});

it("frees a dead holder's key when its time runs out, and a late release does not free the new holder's", async () => {
  const dead = await take(t.deps, 'compare:7', 100);
  expect(dead).toBeDefined();
  expect(await take(t.deps, 'compare:7', 60_000)).toBeUndefined();
  await sleep(200);
  const next = await take(t.deps, 'compare:7', 60_000);
  expect(next).toBeDefined();
  await release(t.deps, dead!);
  expect(await take(t.deps, 'compare:7', 60_000), 'the late release freed the new hold').toBeUndefined();
  await release(t.deps, next!);
  expect(await take(t.deps, 'compare:7', 60_000)).toBeDefined();
});
