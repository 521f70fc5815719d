/** Decision 023: a document's text is stored out of line and uncompressed, on both databases. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it("keeps documents.plain_text uncompressed (storage 'external')", async () => {
  const result = await t.deps.database.db.execute(
    sql`select attstorage::text as storage from pg_attribute where attrelid = 'documents'::regclass and attname = 'plain_text'`,
  );
  expect((result as unknown as { rows: unknown[] }).rows).toEqual([{ storage: 'e' }]);
});
