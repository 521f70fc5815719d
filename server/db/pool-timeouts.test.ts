/**
 * A PostgreSQL server that stops answering must fail requests, not hold them (docs/decisions/010-request-bodies-per-route.md).
 * PGlite runs in the process and has no pool, so these run on PostgreSQL only.
 */
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createScratchPostgres } from '../../tests/support/test-database';
import { openDatabase } from './client';

describe.runIf(process.env.TEST_DB === 'postgres')('the PostgreSQL pool', () => {
  it('sets the statement and idle-transaction timeouts on every connection', async () => {
    const scratch = (await createScratchPostgres())!;
    const database = await openDatabase({ url: scratch.url });
    try {
      const rows = await database.db.execute(sql`select current_setting('statement_timeout') as s, current_setting('idle_in_transaction_session_timeout') as i`);
      expect((rows as unknown as { rows: unknown[] }).rows[0]).toEqual({ s: '15s', i: '30s' });
    } finally {
      await database.close();
      await scratch.drop();
    }
  });

  it('ends a statement that runs past its timeout with an error', async () => {
    const scratch = (await createScratchPostgres())!;
    const database = await openDatabase({ url: scratch.url, timeouts: { statementMs: 300 } });
    try {
      const failure = await database.db.execute(sql`select pg_sleep(5)`).catch((e: unknown) => e);
      expect(causes(failure)).toMatch(/statement timeout/);
      await expect(database.ping()).resolves.toBeUndefined();
    } finally {
      await database.close();
      await scratch.drop();
    }
  });

  it('gives up on a server that accepts the connection and never answers', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const started = Date.now();
      const failure = await openDatabase({ url: `postgres://postgres@127.0.0.1:${port}/none`, timeouts: { connectMs: 300 } }).catch((e: unknown) => e);
      expect(causes(failure)).toMatch(/timeout/i);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      silent.close();
    }
  });
});

/** Drizzle wraps the driver's error: read the whole chain. */
function causes(error: unknown): string {
  const messages: string[] = [];
  for (let e = error; e instanceof Error; e = e.cause) messages.push(e.message);
  return messages.join(' <- ');
}
