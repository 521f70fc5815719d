/**
 * The limiter's windows on the real database: several limits counted in one statement, each with
 * its own window, refused by the first spent one in the order given, and started afresh once
 * their window has closed.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movableClock } from '../../../tests/support/clock';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { AppError } from '../../http/app-error';
import { consumeAll } from './rate-limit.service';

const MINUTE = 60_000;
const clock = movableClock(new Date('2026-03-02T10:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, limits: { rates: { chatPerUser: { max: 2 }, chatPerAddress: { max: 3, windowMs: 5 * MINUTE } } } });
});
afterAll(() => t.close());

const refusal = async (subjects: Parameters<typeof consumeAll>[1]) => {
  try {
    await consumeAll(t.deps, subjects);
    return undefined;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { message: error.message, retryAfter: Number(error.headers?.['retry-after']) };
  }
};

describe('consumeAll', () => {
  it('counts each limit in its own window and refuses with the first one spent', async () => {
    const both = (person: string, address: string) => refusal([['chatPerUser', person], ['chatPerAddress', address]]);
    expect(await both('1', '10.0.0.1')).toBeUndefined();
    expect(await both('1', '10.0.0.1')).toBeUndefined();
    // The person's third: refused for the person (1 minute), and the address counts it too.
    expect(await both('1', '10.0.0.1')).toEqual({ message: 'Too many messages to the assistant. Please try again in 1 minute.', retryAfter: 60 });
    // Another person at the same address: the address's fourth, refused for the address (5 minutes).
    expect(await both('2', '10.0.0.1')).toEqual({ message: 'Too many messages to the assistant. Please try again in 5 minutes.', retryAfter: 300 });

    // The person's window closes after a minute and starts again at one; the address's does not.
    clock.advance(MINUTE + 1);
    expect(await both('1', '10.0.0.2')).toBeUndefined();
    expect((await both('1', '10.0.0.1'))?.retryAfter).toBe(240);
    // Five minutes on, the address's window has closed too: a new one, with a new reset time.
    clock.advance(4 * MINUTE);
    expect(await both('3', '10.0.0.1')).toBeUndefined();
    clock.advance(4 * MINUTE);
    expect(await both('4', '10.0.0.1')).toBeUndefined();
    expect(await both('5', '10.0.0.1')).toBeUndefined();
    expect(await both('6', '10.0.0.1')).toEqual({ message: 'Too many messages to the assistant. Please try again in 1 minute.', retryAfter: 60 });
  });
});

describe("the counter's commit", () => {
  it('is asynchronous for its own transaction only: the connection commits every later write durably', async () => {
    const db = t.deps.database.db;
    const setting = async () =>
      (((await db.execute(sql`select current_setting('synchronous_commit') as value`)) as unknown as { rows: Array<{ value: string }> }).rows[0]!.value);
    const before = await setting();
    await consumeAll(t.deps, [['chatPerUser', 'commit-check']]);
    // Sequential queries reuse the connection the hit was committed on: a setting that outlived
    // its own transaction would show here, and every write after it would risk being lost.
    for (let i = 0; i < 3; i++) expect(await setting()).toBe(before);
    expect(before).toBe('on');
  });
});
